#pragma once

#include <QWidget>

class QCheckBox;

namespace mltco::ui {

class CalculatorFrame;
class NumberField;

/// Egress after data locality, compression and caching (model.md §7, seed 004's network calculator).
/// Each strategy acts on what the ones before it still send, so their fractions compound.
class EgressCalculator final : public QWidget
{
    Q_OBJECT

public:
    explicit EgressCalculator(QWidget *parent = nullptr);

private:
    struct Strategy final
    {
        QString name;
        QCheckBox *use = nullptr;
        NumberField *fraction = nullptr;
    };

    void addStrategy(const QString &key, const QString &name, double percent, bool on, const QString &tooltip);
    void recompute();

    CalculatorFrame *m_frame = nullptr;
    NumberField *m_volume = nullptr;
    NumberField *m_cost = nullptr;
    QList<Strategy> m_strategies;
};

} // namespace mltco::ui

#pragma once

#include <QWidget>

namespace mltco::ui {

class CalculatorFrame;
class NumberField;

/// Storage tiering in steady state (model.md §7, seed 004's S3 lifecycle policy): with the same amount of
/// new data every month, each tier holds inflow x days in the tier / (365 / 12) GB; compared with keeping
/// everything in the hot tier until it expires.
class StorageCalculator final : public QWidget
{
    Q_OBJECT

public:
    explicit StorageCalculator(QWidget *parent = nullptr);

private:
    struct TierFields final
    {
        QString name;     ///< "warm", in messages
        QString fullName; ///< "warm (S3 Standard-IA)"
        NumberField *until = nullptr;
        NumberField *price = nullptr;
    };

    void recompute();

    CalculatorFrame *m_frame = nullptr;
    NumberField *m_inflow = nullptr;
    QList<TierFields> m_tiers;
};

} // namespace mltco::ui

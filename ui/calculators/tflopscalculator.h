#pragma once

#include "models/catalog/tflopsquote.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QListWidget;
class QTableWidget;

namespace mltco::ui {

using catalog::TflopsQuote;

class CalculatorFrame;
class PlanEditor;

/// $ per 1000 TFLOPS-hour of catalog instances (model.md §6, seed 002): the instance's hourly price over
/// its node throughput, with the price and the throughput figure each shown with its source. A GPU without
/// the chosen figure (V100 has no TF32) reads "n/a", never 0.
class TflopsCalculator final : public QWidget
{
    Q_OBJECT

public:
    explicit TflopsCalculator(PlanEditor *editor, QWidget *parent = nullptr);

protected:
    /// Catches up with plan or catalog changes made while the page was hidden.
    void showEvent(QShowEvent *event) override;

private:
    /// Recomputes now when shown; when hidden, on the next show (plan edits come at every keystroke).
    void planChanged();
    /// Re-reads the catalog's instances (after an import), keeping the ticks.
    void reloadInstances();
    void recompute();
    std::vector<TflopsQuote> quotes(const QStringList &keys) const;
    /// The plan's currency (model.md §13): every quote is shown in it.
    QString currency() const;
    void fillTable(const std::vector<TflopsQuote> &quotes, const std::optional<double> &baseline);
    void showChart(const std::vector<TflopsQuote> &quotes, const QString &metricLabel);

    PlanEditor *m_editor = nullptr;
    bool m_stale = false;
    CalculatorFrame *m_frame = nullptr;
    QComboBox *m_metric = nullptr;
    QCheckBox *m_nodeFigures = nullptr;
    QComboBox *m_pricing = nullptr;
    QComboBox *m_baseline = nullptr;
    QListWidget *m_instances = nullptr;
    QTableWidget *m_table = nullptr;
    QList<catalog::InstanceType> m_instanceTypes;
    QHash<QString, catalog::Gpu> m_gpus;
};

} // namespace mltco::ui

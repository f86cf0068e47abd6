#pragma once

#include "ui/catalog/tflopscomparison.h"

#include <QSet>
#include <QWidget>

#include <optional>

class QChart;
class QGraphicsSimpleTextItem;
class QComboBox;
class QLabel;
class QPushButton;
class QLineEdit;
class QListWidget;
class QTreeWidget;

namespace mltco::ui {

class ChartView;
class PlanEditor;

/// How prices moved: a step chart of the USD per hour of the instance types and pricing models the
/// user ticks (a price holds from one observation to the next), and what 1000 TF32 TFLOPS-hours cost
/// across GPUs and providers at each instance type's latest on-demand price (seed 002's comparison).
class PriceHistoryPage final : public QWidget
{
    Q_OBJECT

public:
    explicit PriceHistoryPage(PlanEditor *editor, QWidget *parent = nullptr);
    ~PriceHistoryPage() override;

    /// Ticks (or unticks) an instance type in the selection; false when it has no observations.
    bool setInstanceChecked(const QString &provider, const QString &name, bool checked);
    void setPricingChecked(catalog::PricingModel pricing, bool checked);
    /// Re-reads the catalog and redraws both charts.
    void refresh();
    void refreshTrend();

protected:
    void showEvent(QShowEvent *event) override;

private:
    struct Observation final
    {
        QDate date;
        double perHour = 0;
        QString source;
        int zones = 1;
    };
    struct Line final
    {
        QString name;
        QList<Observation> points;
    };

    void rebuildSelection();
    void filterSelection(const QString &text);
    void redrawHistory();
    void redrawTflops();   ///< the comparison read again, then drawTflopsBars()
    void drawTflopsBars(); ///< the comparison's cheapest bars, as many as barsThatFit()
    int barsThatFit() const;
    void placeBarTexts();
    /// `unconverted`: observations in another currency than the plan's without an exchange rate for their day.
    QList<Line> selectedLines(int *missing, int *unconverted, QSet<QString> *regions) const;
    QSet<QString> checkedInstances() const;
    void setDefaultSelection();

    PlanEditor *m_editor;
    bool m_dirty = true;
    bool m_selectionTouched = false;
    QLineEdit *m_instanceSearch;
    QTreeWidget *m_selection;
    QListWidget *m_pricing;
    QComboBox *m_region;
    ChartView *m_historyView;
    QChart *m_historyChart;
    QLabel *m_historyNote;
    int m_historyTicks = 0; ///< the most ticks the history's date axis may have at the plot's width
    QLabel *m_trend = nullptr;          ///< the on-demand price trend of the whole catalog (model.md §10.9)
    QPushButton *m_useTrend = nullptr;  ///< makes it the plan's cloud_price_trend
    std::optional<double> m_trendValue;
    QComboBox *m_basis;
    ChartView *m_tflopsView;
    QChart *m_tflopsChart;
    QLabel *m_tflopsNote;
    TflopsComparison m_comparison;
    QList<QGraphicsSimpleTextItem *> m_barTexts; ///< figure and basis beside each bar
    QStringList m_tflopsUnconverted;             ///< prices left out of the comparison for want of a rate
    QString m_tflopsCurrency;
    int m_barsShown = 0;
    bool m_barsRedrawPending = false;
};

} // namespace mltco::ui

#pragma once

#include "models/tco/result.h"

#include <QSet>
#include <QStringList>
#include <QWidget>

#include <array>
#include <vector>

class QAbstractBarSeries;
class QChart;
class QValueAxis;
class QComboBox;

namespace mltco::tco {
struct PlanResult;
}

namespace mltco::ui {

class ChartView;

/// Where the money goes: cost by category as stacked bars. "All scenarios" compares the whole horizon of
/// every scenario side by side (one horizontal bar each, names readable on the left); choosing a scenario
/// shows its years (Year 1 … Year N, the last one marked partial). Resale is a credit and stacks below zero.
/// Six scenarios x three years in one chart would be 18 unlabelled bars; the selector keeps both views legible.
class CategoryChart final : public QWidget
{
    Q_OBJECT

public:
    explicit CategoryChart(QWidget *parent = nullptr);

    void setResult(const tco::PlanResult &result);
    ChartView *view() const { return m_view; }

    /// Modest preferred size so the dashboard fits a 1440x900 window; the page's layout stretches charts into
    /// whatever room is left. (QChartView prefers 640x480, which would push everything into a scroll area.)
    QSize sizeHint() const override { return {480, 250}; }
    bool hasHeightForWidth() const override { return false; }
    QComboBox *selector() const { return m_selector; }
    /// Hides or shows a category (what a click on its legend entry does).
    void setCategoryHidden(tco::Category category, bool hidden);
    bool isCategoryHidden(tco::Category category) const;

protected:
    /// The view's resizes, wherever it is shown (the PDF report lays the view out on a page of its own).
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QString m_currency = QStringLiteral("USD"); ///< the plan's (model.md §13): of every axis and figure
    /// One bar: a label and its cost per category.
    struct Bar final
    {
        QString label;
        QString detail; ///< for the tooltip, e.g. "Year 3, 6 months"
        std::array<double, tco::kCategoryCount> cost{};
    };

    void rebuildSelector();
    void rebuildChart();
    void clearChart();
    void connectBarTips(const std::vector<Bar> &bars, const QList<tco::Category> &shown);
    std::vector<Bar> overviewBars() const;
    std::vector<Bar> yearBars(int scenario) const;
    /// How wide a name on the axis may be at the chart's width: up to kMaxLabelWidth, less on a narrow window.
    int labelWidth() const;

    static constexpr int kMinimumHeight = 200;
    static constexpr int kChartFrame = 110;   ///< title, money axis and margins of the overview, in pixels
    static constexpr int kRowHeight = 22;     ///< one scenario's bar and its name
    static constexpr int kMaxLabelWidth = 230; ///< a scenario's name on the axis, in pixels

    ChartView *m_view;
    QChart *m_chart;
    QComboBox *m_selector;
    QStringList m_names;        ///< scenario names, for tooltips
    QStringList m_flaggedNames; ///< names flagged with unmet demand, for labels
    std::vector<tco::ScenarioResult> m_results;
    QSet<int> m_hidden; ///< Category values hidden by the user
    // What the chart was last built for (view, categories, bars, hidden ones): while it stays the same, an edit
    // moves the bars in place instead of building the chart afresh.
    QString m_builtFor;
    QAbstractBarSeries *m_series = nullptr;
    QValueAxis *m_money = nullptr;
    int m_labelWidth = 0; ///< the labelWidth() the axis was built for
    int m_horizon = 0;
    QString m_taxNote;
};

} // namespace mltco::ui

#pragma once

#include <QSet>
#include <QString>

class QChart;

namespace mltco::ui {

class ChartView;

/// Keeps the series a user hid (by clicking its legend entry) hidden when the chart is rebuilt after an
/// edit: a chart that forgets what you asked of it on every keystroke is unusable. Series are matched by name.
class LegendMemory final
{
public:
    /// Call before removing the chart's series.
    void remember(const QChart *chart);
    /// Call after the new series are added: connects the legend toggles and hides what was hidden before.
    void restore(ChartView *view) const;
    void forget() { m_hidden.clear(); }

private:
    QSet<QString> m_hidden;
};

} // namespace mltco::ui

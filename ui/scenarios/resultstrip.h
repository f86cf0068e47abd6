#pragma once

#include <QFrame>

class QLabel;

namespace mltco::ui {

class PlanEditor;

/// The selected scenario's figures, under its form and updated with every change: total, NPV, average per
/// year, utilization and cost per served reference GPU-hour; then, in words, whether it meets the demand
/// (model.md §5) or why the plan cannot be evaluated.
class ResultStrip final : public QFrame
{
    Q_OBJECT

public:
    explicit ResultStrip(PlanEditor *editor, QWidget *parent = nullptr);

    /// Shows the figures of scenario `index` (-1: none selected).
    void showScenario(int index);

private:
    QLabel *addCard(const QString &name, const QString &caption, const QString &toolTip);
    void setMessage(const QString &html, const QString &style);
    void clearFigures(const QString &placeholder);

    PlanEditor *m_editor;
    QLabel *m_total = nullptr;
    QLabel *m_totalCaption = nullptr;
    QLabel *m_npv = nullptr;
    QLabel *m_npvCaption = nullptr;
    QLabel *m_average = nullptr;
    QLabel *m_utilization = nullptr;
    QLabel *m_costPerGpuHour = nullptr;
    QLabel *m_message = nullptr;
    QWidget *m_cards = nullptr;
};

} // namespace mltco::ui

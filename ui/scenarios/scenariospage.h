#pragma once

#include <QWidget>

namespace mltco::ui {

class PlanEditor;

/// Placeholder until the page is built.
class ScenariosPage final : public QWidget
{
    Q_OBJECT

public:
    explicit ScenariosPage(PlanEditor *editor, QWidget *parent = nullptr);

    /// Index of the selected scenario in the plan, or -1 (Edit > Duplicate/Delete act on it).
    int currentScenario() const { return -1; }
};

} // namespace mltco::ui

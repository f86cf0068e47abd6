#pragma once

#include <QWidget>

namespace mltco::ui {

class PlanEditor;

/// Placeholder until the page is built.
class DashboardPage final : public QWidget
{
    Q_OBJECT

public:
    explicit DashboardPage(PlanEditor *editor, QWidget *parent = nullptr);
};

} // namespace mltco::ui

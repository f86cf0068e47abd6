#pragma once

#include <QWidget>

namespace mltco::ui {

class PlanEditor;

/// Placeholder until the page is built.
class CalculatorsPage final : public QWidget
{
    Q_OBJECT

public:
    explicit CalculatorsPage(PlanEditor *editor, QWidget *parent = nullptr);
};

} // namespace mltco::ui

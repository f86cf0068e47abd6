#pragma once

#include <QWidget>

namespace mltco::ui {

class PlanEditor;

/// Placeholder until the page is built.
class PriceHistoryPage final : public QWidget
{
    Q_OBJECT

public:
    explicit PriceHistoryPage(PlanEditor *editor, QWidget *parent = nullptr);
};

} // namespace mltco::ui

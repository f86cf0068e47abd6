#pragma once

#include <QWidget>

namespace mltco::ui {

class PlanEditor;

/// Placeholder until the page is built.
class CatalogPage final : public QWidget
{
    Q_OBJECT

public:
    explicit CatalogPage(PlanEditor *editor, QWidget *parent = nullptr);
};

} // namespace mltco::ui

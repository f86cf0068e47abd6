#include "ui/catalog/catalogpage.h"

#include <QLabel>
#include <QVBoxLayout>

namespace mltco::ui {

CatalogPage::CatalogPage(PlanEditor *editor, QWidget *parent) : QWidget(parent)
{
    Q_UNUSED(editor);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("This page is being built.")));
}

} // namespace mltco::ui

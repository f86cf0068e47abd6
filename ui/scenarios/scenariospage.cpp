#include "ui/scenarios/scenariospage.h"

#include <QLabel>
#include <QVBoxLayout>

namespace mltco::ui {

ScenariosPage::ScenariosPage(PlanEditor *editor, QWidget *parent) : QWidget(parent)
{
    Q_UNUSED(editor);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("This page is being built.")));
}

} // namespace mltco::ui

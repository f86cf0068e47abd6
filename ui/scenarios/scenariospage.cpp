#include "ui/scenarios/scenariospage.h"

#include "ui/core/planeditor.h"
#include "ui/core/theme.h"
#include "ui/scenarios/breakevenbox.h"
#include "ui/scenarios/resultstrip.h"
#include "ui/scenarios/scenarioform.h"
#include "ui/scenarios/scenariolistpanel.h"
#include "ui/scenarios/workloadform.h"

#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace mltco::ui {

namespace {

// Shared look of the page's forms: a refused field is outlined in red (ParameterField sets "invalid").
// Group titles are bold; style-sheet fonts do not pass on to the children.
const char kPageStyle[] = "QLineEdit[invalid=\"true\"] { border: 1px solid #b3261e; background: #fff6f5; }"
                          "QGroupBox { font-weight: 600; }";

} // namespace

ScenariosPage::ScenariosPage(PlanEditor *editor, QWidget *parent)
    : QWidget(parent), m_editor(editor), m_workload(new WorkloadForm(editor, this)),
      m_list(new ScenarioListPanel(editor, this)), m_breakEven(new BreakEvenBox(editor, this)),
      m_scroll(new QScrollArea(this)), m_formHolder(new QWidget), m_formLayout(new QVBoxLayout(m_formHolder)),
      m_empty(new QLabel(m_formHolder)), m_results(new ResultStrip(editor, this))
{
    setStyleSheet(QString::fromLatin1(kPageStyle));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(16, 12, 16, 12);
    layout->setSpacing(10);

    auto *title = new QLabel(tr("<span style=\"font-size: 16pt; font-weight: 600;\">Scenarios</span>"
                                "&nbsp;&nbsp;<span style=\"color: #5f6b77;\">Type a value and press Enter (or leave "
                                "the field) to apply it; every change is one step of Edit \u25b8 Undo.</span>"),
                             this);
    layout->addWidget(title);
    layout->addWidget(m_workload);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter = splitter;
    splitter->setObjectName(QStringLiteral("scenarioSplitter"));
    splitter->setChildrenCollapsible(false);
    auto *left = new QWidget(splitter);
    auto *leftLayout = new QVBoxLayout(left);
    m_leftLayout = leftLayout;
    leftLayout->setContentsMargins(0, 0, 8, 0);
    leftLayout->setSpacing(10);
    leftLayout->addWidget(m_list, 1);
    leftLayout->addWidget(m_breakEven);
    m_left = left;

    auto *right = new QWidget(splitter);
    m_right = right;
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(8, 0, 0, 0);
    rightLayout->setSpacing(0);
    m_scroll->setObjectName(QStringLiteral("scenarioFormScroll"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn); // wrapped notes: see the dashboard's scroll area
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_formLayout->setContentsMargins(0, 0, 0, 0);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setStyleSheet(QStringLiteral("color: %1; font-size: 11pt;").arg(theme::css(theme::Role::Muted)));
    m_formLayout->addWidget(m_empty);
    m_scroll->setWidget(m_formHolder);
    rightLayout->addWidget(m_scroll, 1);
    rightLayout->addWidget(m_results);
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    arrangeFor(kSideBySideWindowWidth);
    layout->addWidget(splitter, 1);

    connect(m_editor, &PlanEditor::planChanged, this, &ScenariosPage::onPlanChanged);
    connect(m_list, &ScenarioListPanel::currentScenarioChanged, this, &ScenariosPage::showScenario);
    // The form of the selected scenario is built when the page is first shown: its catalog picker reads the
    // catalog's offers, which for a document of a million prices would hold up the window's first showing.
    m_empty->setText(tr("Select a scenario on the left to edit it."));
}

void ScenariosPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_formShown) {
        m_formShown = true;
        showScenario(m_list->currentScenario());
    }
    if (!m_splitterFitted) {
        m_splitterFitted = true;
        // Side by side, the list takes what the form leaves, from its minimum of 350 up to 480 pixels: scenario names
        // whole on a large screen, the form without sideways scrolling on a 1440-pixel one. Once: the reader's
        // dragging of the handle is kept.
        const auto fit = [this] {
            const int total = m_splitter->width() - m_splitter->handleWidth();
            if (m_splitter->orientation() != Qt::Horizontal || total <= 350)
                return false;
            const int list = std::clamp(total - kFormWidth, 350, 480);
            m_splitter->setSizes({list, total - list});
            return true;
        };
        if (!fit())
            QTimer::singleShot(0, this, fit);
    }
    // The window's width decides, not the page's: inside a scroll area the page is never narrower than its
    // minimum, so it would not notice a window too narrow for it.
    if (QWidget *w = window(); w != m_watchedWindow) {
        if (m_watchedWindow)
            m_watchedWindow->removeEventFilter(this);
        m_watchedWindow = w;
        w->installEventFilter(this);
    }
    arrangeFor(window()->width());
}

bool ScenariosPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_watchedWindow && event->type() == QEvent::Resize)
        arrangeFor(static_cast<QWidget *>(watched)->width());
    return QWidget::eventFilter(watched, event);
}

void ScenariosPage::arrangeFor(int windowWidth)
{
    const Qt::Orientation orientation = windowWidth >= kSideBySideWindowWidth ? Qt::Horizontal : Qt::Vertical;
    if (orientation == m_splitter->orientation() && m_left->minimumWidth() > 0)
        return;
    m_splitter->setOrientation(orientation);
    if (orientation == Qt::Horizontal) {
        m_leftLayout->setDirection(QBoxLayout::TopToBottom);
        m_leftLayout->setContentsMargins(0, 0, 8, 0);
        m_left->setMinimumSize(350, 0);
        m_left->setMaximumWidth(480);
        m_right->setMinimumHeight(0);
        // As wide as the list may be (480) where the window allows, so scenario names are read whole on a large
        // screen; the splitter scales this down on a smaller one, to the list's minimum of 350.
        m_splitter->setSizes({400, 990});
    } else {
        // Above the form, the list and the break-even side by side, a dozen rows high; the form below keeps room
        // to work in.
        m_leftLayout->setDirection(QBoxLayout::LeftToRight);
        m_leftLayout->setContentsMargins(0, 0, 0, 8);
        m_left->setMinimumSize(1, 300);
        m_left->setMaximumWidth(QWIDGETSIZE_MAX);
        m_right->setMinimumHeight(560);
        m_splitter->setSizes({300, 560});
    }
}

int ScenariosPage::currentScenario() const
{
    return m_list->currentScenario();
}

void ScenariosPage::onPlanChanged()
{
    m_workload->updateFromPlan();
    m_list->refresh();
    m_breakEven->updateFromPlan();
    showScenario(m_list->currentScenario());
}

void ScenariosPage::showScenario(int index)
{
    if (!m_formShown && isHidden())
        return; // built when the page is first shown
    m_formShown = true;
    const auto &scenarios = m_editor->plan().scenarios;
    const bool valid = index >= 0 && index < scenarios.size();
    if (m_form && (!valid || m_form->index() != index || m_form->kind() != scenarios.at(index).kind())) {
        // Out of the window at once, so nothing finds the old form's fields; deleted once its signals are done.
        m_form->hide();
        m_form->setParent(nullptr);
        m_form->deleteLater();
        m_form = nullptr;
    }
    if (valid && !m_form) {
        m_form = new ScenarioForm(m_editor, index, m_formHolder);
        m_formLayout->addWidget(m_form);
        m_form->show(); // now, not on the next event loop pass, so its fields are there at once
        m_scroll->verticalScrollBar()->setValue(0);
    } else if (m_form) {
        m_form->updateFromPlan();
    }
    m_empty->setVisible(!m_form);
    m_empty->setText(scenarios.isEmpty() ? tr("This plan has no scenarios yet.\nAdd one with \u201cAdd\u201d under the list.")
                                         : tr("Select a scenario on the left to edit it."));
    m_results->showScenario(valid ? index : -1);
}

void ScenariosPage::startRename()
{
    m_list->startRename();
}

void ScenariosPage::showAddMenu()
{
    m_list->showAddMenu();
}

} // namespace mltco::ui

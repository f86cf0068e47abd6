#include "ui/scenarios/scenariolistpanel.h"

#include "ui/core/planeditor.h"
#include "ui/core/theme.h"
#include "ui/scenarios/scenariolistmodel.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace mltco::ui {

namespace {

QString kindHint(tco::ScenarioKind kind)
{
    switch (kind) {
    case tco::ScenarioKind::Dedicated:
        return ScenarioListPanel::tr("always-on boxes, e.g. one per engineer");
    case tco::ScenarioKind::Cluster:
        return ScenarioListPanel::tr("fixed node pool the team runs");
    case tco::ScenarioKind::Elastic:
        return ScenarioListPanel::tr("autoscaled, pay per GPU-hour used");
    case tco::ScenarioKind::Purchase:
        return ScenarioListPanel::tr("buy servers and run them on-prem");
    case tco::ScenarioKind::Reserved:
        return ScenarioListPanel::tr("reserve instances for terms at a discount");
    case tco::ScenarioKind::Mix:
        return ScenarioListPanel::tr("stack owned, reserved and rented layers, burst the rest");
    case tco::ScenarioKind::Hybrid:
        break;
    }
    return ScenarioListPanel::tr("own or reserve a base, burst to elastic for the rest");
}

} // namespace

ScenarioListPanel::ScenarioListPanel(PlanEditor *editor, QWidget *parent)
    : QWidget(parent), m_editor(editor), m_model(new ScenarioListModel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);

    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("scenarioList"));
    m_view->setModel(m_model);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->setAllColumnsShowFocus(true);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAccessibleName(tr("Scenarios"));
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(ScenarioListModel::Name, QHeaderView::Stretch);
    m_view->header()->setSectionResizeMode(ScenarioListModel::Kind, QHeaderView::ResizeToContents);
    m_view->header()->setSectionResizeMode(ScenarioListModel::Demand, QHeaderView::ResizeToContents);
    layout->addWidget(m_view, 1);

    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(4);
    m_add = new QToolButton(this);
    m_add->setObjectName(QStringLiteral("addScenarioButton"));
    m_add->setText(tr("Add"));
    m_add->setToolTip(tr("Add a scenario of a kind"));
    m_add->setPopupMode(QToolButton::InstantPopup);
    m_add->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto *addMenu = new QMenu(m_add);
    addMenu->setObjectName(QStringLiteral("addScenarioMenu"));
    for (int k = 0; k < tco::kScenarioKindCount; ++k) {
        const auto kind = static_cast<tco::ScenarioKind>(k);
        QAction *a = addMenu->addAction(tr("%1 \u2014 %2").arg(ScenarioListModel::kindName(kind), kindHint(kind)));
        a->setObjectName(QStringLiteral("addScenario_") + tco::scenarioKindKey(kind));
        connect(a, &QAction::triggered, this, [this, k] { addScenario(k); });
    }
    m_add->setMenu(addMenu);
    m_duplicate = new QPushButton(tr("Duplicate"), this);
    m_duplicate->setObjectName(QStringLiteral("duplicateScenarioButton"));
    m_duplicate->setToolTip(tr("Copy the selected scenario with all its values"));
    m_rename = new QPushButton(tr("Rename"), this);
    m_rename->setObjectName(QStringLiteral("renameScenarioButton"));
    m_rename->setToolTip(tr("Rename the selected scenario (F2)"));
    m_delete = new QPushButton(tr("Delete"), this);
    m_delete->setObjectName(QStringLiteral("deleteScenarioButton"));
    m_delete->setToolTip(tr("Delete the selected scenario (Edit \u25b8 Undo brings it back)"));
    m_up = new QToolButton(this);
    m_up->setObjectName(QStringLiteral("moveUpButton"));
    m_up->setArrowType(Qt::UpArrow);
    m_up->setToolTip(tr("Move the selected scenario up"));
    m_up->setAccessibleName(tr("Move up"));
    m_down = new QToolButton(this);
    m_down->setObjectName(QStringLiteral("moveDownButton"));
    m_down->setArrowType(Qt::DownArrow);
    m_down->setToolTip(tr("Move the selected scenario down"));
    m_down->setAccessibleName(tr("Move down"));
    for (QWidget *w : {static_cast<QWidget *>(m_add), static_cast<QWidget *>(m_duplicate),
                       static_cast<QWidget *>(m_rename), static_cast<QWidget *>(m_delete)})
        buttons->addWidget(w);
    buttons->addStretch(1);
    buttons->addWidget(m_up);
    buttons->addWidget(m_down);
    layout->addLayout(buttons);
    // Tool buttons are shorter than push buttons; line them up.
    for (QToolButton *b : {m_add, m_up, m_down})
        b->setMinimumHeight(m_duplicate->sizeHint().height());

    m_renameBar = new QWidget(this);
    m_renameBar->setObjectName(QStringLiteral("renameBar"));
    auto *renameLayout = new QVBoxLayout(m_renameBar);
    renameLayout->setContentsMargins(0, 0, 0, 0);
    renameLayout->setSpacing(2);
    auto *renameRow = new QHBoxLayout;
    m_renameEdit = new QLineEdit(m_renameBar);
    m_renameEdit->setObjectName(QStringLiteral("renameEdit"));
    m_renameEdit->setAccessibleName(tr("New name"));
    m_renameEdit->setPlaceholderText(tr("Scenario name"));
    m_renameEdit->installEventFilter(this);
    m_view->installEventFilter(this);
    m_renameAccept = new QPushButton(tr("Rename"), m_renameBar);
    m_renameAccept->setObjectName(QStringLiteral("renameAcceptButton"));
    auto *renameCancel = new QPushButton(tr("Cancel"), m_renameBar);
    renameCancel->setObjectName(QStringLiteral("renameCancelButton"));
    renameRow->addWidget(m_renameEdit, 1);
    renameRow->addWidget(m_renameAccept);
    renameRow->addWidget(renameCancel);
    renameLayout->addLayout(renameRow);
    m_renameMessage = new QLabel(m_renameBar);
    m_renameMessage->setObjectName(QStringLiteral("renameMessage"));
    m_renameMessage->setWordWrap(true);
    m_renameMessage->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::BadText)));
    renameLayout->addWidget(m_renameMessage);
    m_renameBar->setVisible(false);
    layout->addWidget(m_renameBar);

    // Selection, not the current index: a click makes a row current before it selects it.
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        cancelRename();
        updateButtons();
        if (!m_refreshing)
            emit currentScenarioChanged(currentScenario());
    });
    connect(m_view, &QTreeView::doubleClicked, this, &ScenarioListPanel::startRename);
    connect(m_duplicate, &QPushButton::clicked, this, [this] { m_editor->duplicateScenario(currentScenario()); });
    connect(m_rename, &QPushButton::clicked, this, &ScenarioListPanel::startRename);
    connect(m_delete, &QPushButton::clicked, this, [this] { m_editor->removeScenario(currentScenario()); });
    connect(m_up, &QToolButton::clicked, this, [this] { moveCurrent(-1); });
    connect(m_down, &QToolButton::clicked, this, [this] { moveCurrent(+1); });
    connect(m_renameEdit, &QLineEdit::textEdited, this, &ScenarioListPanel::validateRename);
    connect(m_renameEdit, &QLineEdit::returnPressed, this, &ScenarioListPanel::acceptRename);
    connect(m_renameAccept, &QPushButton::clicked, this, &ScenarioListPanel::acceptRename);
    connect(renameCancel, &QPushButton::clicked, this, &ScenarioListPanel::cancelRename);

    auto *renameShortcut = new QAction(this);
    renameShortcut->setShortcut(Qt::Key_F2);
    renameShortcut->setShortcutContext(Qt::WidgetShortcut);
    connect(renameShortcut, &QAction::triggered, this, &ScenarioListPanel::startRename);
    m_view->addAction(renameShortcut);
    auto *deleteShortcut = new QAction(this);
    deleteShortcut->setShortcut(QKeySequence::Delete);
    deleteShortcut->setShortcutContext(Qt::WidgetShortcut);
    connect(deleteShortcut, &QAction::triggered, m_delete, &QPushButton::click);
    m_view->addAction(deleteShortcut);

    refresh();
}

int ScenarioListPanel::currentScenario() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows(ScenarioListModel::Name);
    return rows.isEmpty() ? -1 : rows.first().row();
}

void ScenarioListPanel::selectScenario(int index)
{
    if (index < 0 || index >= m_model->rowCount()) {
        m_view->selectionModel()->clear();
        updateButtons();
        return;
    }
    m_view->selectionModel()->setCurrentIndex(m_model->index(index, 0),
                                              QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_view->scrollTo(m_model->index(index, 0));
    updateButtons();
}

void ScenarioListPanel::refresh()
{
    const QStringList before = m_names;
    const int index = currentScenario();
    const QString selected = index >= 0 && index < before.size() ? before.at(index) : QString();

    QStringList now;
    for (const tco::PlanScenario &s : m_editor->plan().scenarios)
        now << s.name;
    QStringList appeared;
    for (const QString &name : now) {
        if (!before.contains(name))
            appeared << name;
    }

    m_refreshing = true;
    const tco::PlanResult *result = m_editor->result() ? &*m_editor->result() : nullptr;
    m_model->setPlan(m_editor->plan(), result);
    m_names = now;
    int target = -1;
    if (appeared.size() == 1 && now.size() >= before.size())
        target = static_cast<int>(now.indexOf(appeared.first()));
    else if (!selected.isEmpty() && now.contains(selected))
        target = static_cast<int>(now.indexOf(selected));
    else if (!now.isEmpty())
        target = std::clamp(index, 0, static_cast<int>(now.size()) - 1);
    if (target != currentScenario())
        selectScenario(target);
    m_refreshing = false;
    validateRename();
    updateButtons();
}

bool ScenarioListPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_renameEdit && event->type() == QEvent::KeyPress
        && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape) {
        cancelRename();
        return true;
    }
    // F2 in the list renames the selected scenario (the list's own items are not edited in place).
    if (watched == m_view && event->type() == QEvent::KeyPress && static_cast<QKeyEvent *>(event)->key() == Qt::Key_F2) {
        startRename();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void ScenarioListPanel::addScenario(int kind)
{
    m_editor->addScenario(static_cast<tco::ScenarioKind>(kind));
    m_view->setFocus();
}

void ScenarioListPanel::moveCurrent(int delta)
{
    const int from = currentScenario();
    const int to = from + delta;
    if (from < 0 || to < 0 || to >= m_model->rowCount())
        return;
    m_editor->moveScenario(from, to);
}

void ScenarioListPanel::startRename()
{
    const int index = currentScenario();
    if (index < 0)
        return;
    m_renameEdit->setText(m_editor->plan().scenarios.at(index).name);
    m_renameBar->setVisible(true);
    validateRename();
    m_renameEdit->setFocus();
    m_renameEdit->selectAll();
}

void ScenarioListPanel::acceptRename()
{
    const int index = currentScenario();
    validateRename();
    if (index < 0 || !m_renameAccept->isEnabled())
        return;
    const QString name = m_renameEdit->text().trimmed();
    m_renameBar->setVisible(false);
    if (name != m_editor->plan().scenarios.at(index).name)
        m_editor->renameScenario(index, name);
    m_view->setFocus();
}

void ScenarioListPanel::cancelRename()
{
    if (!m_renameBar->isVisible())
        return;
    m_renameBar->setVisible(false);
    m_view->setFocus();
}

void ScenarioListPanel::validateRename()
{
    if (!m_renameBar->isVisible())
        return;
    const int index = currentScenario();
    const QString name = m_renameEdit->text().trimmed();
    QString problem;
    if (name.isEmpty())
        problem = tr("Enter a name for the scenario.");
    else if (const tco::PlanScenario *other = m_editor->plan().scenario(name);
             other && (index < 0 || other != &m_editor->plan().scenarios.at(index)))
        problem = tr("Another scenario is already called \u201c%1\u201d; names must be unique.").arg(name);
    m_renameMessage->setText(problem);
    m_renameMessage->setVisible(!problem.isEmpty());
    m_renameAccept->setEnabled(problem.isEmpty() && index >= 0);
}

void ScenarioListPanel::updateButtons()
{
    const int index = currentScenario();
    const int count = m_model->rowCount();
    m_duplicate->setEnabled(index >= 0);
    m_rename->setEnabled(index >= 0);
    m_delete->setEnabled(index >= 0);
    m_up->setEnabled(index > 0);
    m_down->setEnabled(index >= 0 && index < count - 1);
}

void ScenarioListPanel::showAddMenu()
{
    m_add->setFocus(Qt::ShortcutFocusReason);
    m_add->showMenu();
}

} // namespace mltco::ui

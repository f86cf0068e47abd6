// The scenario list of the Scenarios page: add (by kind), duplicate, rename (refusing empty and taken names
// inline), move up/down and delete through its buttons, each one undo step; the selection follows the
// scenario; Edit > Duplicate acts on it; an incomplete scenario is marked in place; the break-even settings; the
// list model under QAbstractItemModelTester.
#include "tests/support/testmain.h"
#include "uitestutil.h"

#include "models/report/format.h"
#include "ui/scenarios/scenariolistmodel.h"
#include "ui/scenarios/scenariospage.h"

#include <QAbstractItemModelTester>
#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>

using namespace mltco;

namespace {

const QString kAws = QStringLiteral("AWS p3.8xlarge per engineer");
const QString kSageMaker = QStringLiteral("SageMaker p3.8xlarge per engineer");
const QString kOnPrem = QStringLiteral("On-prem 8xA100, 1 server");
const QString kGcpNode = QStringLiteral("GCP 8xA100 node");

} // namespace

class TestScenarioList final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<UiFixture> m_f;
    QTreeView *m_view = nullptr;
    ui::ScenariosPage *m_page = nullptr;

    QStringList names() const
    {
        QStringList out;
        for (const tco::PlanScenario &s : m_f->editor()->plan().scenarios)
            out << s.name;
        return out;
    }

    /// A widget of the Scenarios page (other pages may use the same names).
    template<typename T>
    T *w(const QString &name) const
    {
        return m_page->findChild<T *>(name);
    }

    QString selected() const
    {
        const int i = m_page->currentScenario();
        return i >= 0 ? names().at(i) : QString();
    }

    bool select(const QString &name)
    {
        const int row = static_cast<int>(names().indexOf(name));
        if (row < 0)
            return false;
        const QModelIndex index = m_view->model()->index(row, 0);
        m_view->scrollTo(index);
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, m_view->visualRect(index).center());
        return m_page->currentScenario() == row;
    }

    void click(const QString &button)
    {
        auto *b = w<QAbstractButton>(button);
        QVERIFY2(b, qPrintable(button));
        QVERIFY2(b->isEnabled(), qPrintable(button));
        QTest::mouseClick(b, Qt::LeftButton);
    }

    /// Opens the combo's list and clicks the item with that text.
    static bool choose(QComboBox *combo, const QString &text) { return UiFixture::choose(combo, text, Qt::MatchExactly); }

    static void type(QLineEdit *edit, const QString &text)
    {
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edit, text);
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        m_f = std::make_unique<UiFixture>();
        QVERIFY(m_f->open());
        m_f->window->showPage(ui::MainWindow::Scenarios);
        m_page = m_f->find<ui::ScenariosPage>(QStringLiteral("scenariosPage"));
        QVERIFY(m_page);
        m_view = w<QTreeView>(QStringLiteral("scenarioList"));
        QVERIFY(m_view);
        // Every test also checks the list model's consistency through all its changes.
        new QAbstractItemModelTester(m_view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest, m_view);
    }

    void cleanup() { m_f.reset(); }

    void listShowsNameKindAndDemand()
    {
        QAbstractItemModel *model = m_view->model();
        QCOMPARE(model->rowCount(), 6);
        QCOMPARE(model->columnCount(), int(ui::ScenarioListModel::ColumnCount));
        QCOMPARE(model->index(0, ui::ScenarioListModel::Name).data().toString(), kAws);
        QCOMPARE(model->index(0, ui::ScenarioListModel::Kind).data().toString(), QStringLiteral("Dedicated"));
        QCOMPARE(model->index(4, ui::ScenarioListModel::Kind).data().toString(), QStringLiteral("Purchase"));
        QCOMPARE(model->index(0, ui::ScenarioListModel::Demand).data().toString(), QStringLiteral("met"));
        QCOMPARE(selected(), kAws); // the first scenario is selected on open
    }

    void incompleteScenarioIsMarkedInPlace()
    {
        // A cloud scenario with no price cannot be evaluated: marked in the list, explained under its form, and the
        // others keep their figures.
        m_f->editor()->addScenario(tco::ScenarioKind::Elastic, QStringLiteral("Unpriced GPUs"));
        QTRY_COMPARE(names().size(), 7);
        QAbstractItemModel *model = m_view->model();
        const QModelIndex demand = model->index(6, ui::ScenarioListModel::Demand);
        QCOMPARE(demand.data().toString(), QStringLiteral("incomplete"));
        QVERIFY(demand.data(ui::ScenarioListModel::LeftOutRole).toBool());
        QVERIFY(!model->index(6, ui::ScenarioListModel::Name).data(Qt::DecorationRole).isNull());
        const QString tip = model->index(6, ui::ScenarioListModel::Name).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("Incomplete: left out")) && tip.contains(QStringLiteral("Price per instance-hour")),
                 qPrintable(tip));
        QCOMPARE(model->index(0, ui::ScenarioListModel::Demand).data().toString(), QStringLiteral("met"));
        QVERIFY(!model->index(0, ui::ScenarioListModel::Demand).data(ui::ScenarioListModel::LeftOutRole).toBool());

        QVERIFY(select(QStringLiteral("Unpriced GPUs")));
        auto *message = w<QLabel>(QStringLiteral("resultMessage"));
        QTRY_VERIFY2(message->text().contains(QStringLiteral("Incomplete: not evaluated yet")), qPrintable(message->text()));
        QVERIFY(message->text().contains(QStringLiteral("Price per instance-hour")));
        QCOMPARE(w<QLabel>(QStringLiteral("resultTotal"))->text(), QStringLiteral("\u2014"));
        // The scenario before it still shows its own figures (positions in the plan, not in the evaluation).
        QVERIFY(select(kGcpNode));
        QTRY_COMPARE(w<QLabel>(QStringLiteral("resultTotal"))->text(),
                     report::money(m_f->editor()->result()->atPlanPosition(5)->result.total));

        // Priced, it is evaluated like the others.
        m_f->editor()->setScenarioValue(6, tco::ParamId::RatePerHour, 2.0);
        QTRY_COMPARE(demand.data().toString(), QStringLiteral("met"));
        QVERIFY(!demand.data(ui::ScenarioListModel::LeftOutRole).toBool());
    }

    void addFromAKind()
    {
        auto *button = w<QToolButton>(QStringLiteral("addScenarioButton"));
        QVERIFY(button);
        const int steps = m_f->editor()->undoStack()->count();
        QTimer::singleShot(0, this, [button] {
            QMenu *menu = button->menu();
            QTRY_VERIFY(menu->isVisible());
            QAction *action = menu->findChild<QAction *>(QStringLiteral("addScenario_purchase"));
            QVERIFY(action);
            menu->setActiveAction(action);
            QTest::keyClick(menu, Qt::Key_Return);
        });
        QTest::mouseClick(button, Qt::LeftButton);
        QTRY_COMPARE(names().size(), 7);
        QCOMPARE(m_f->editor()->plan().scenarios.last().kind(), tco::ScenarioKind::Purchase);
        QCOMPARE(m_page->currentScenario(), 6);
        QCOMPARE(m_f->editor()->undoStack()->count(), steps + 1);
        QVERIFY(w<QLineEdit>(QStringLiteral("param_servers"))); // its form is shown
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(names().size(), 6);
        QVERIFY(m_page->currentScenario() >= 0);
    }

    void duplicateRenameMoveAndDelete()
    {
        QUndoStack *stack = m_f->editor()->undoStack();
        QVERIFY(select(kSageMaker));
        click(QStringLiteral("duplicateScenarioButton"));
        const QString copy = kSageMaker + QStringLiteral(" (copy)");
        QTRY_COMPARE(names().value(2), copy);
        QCOMPARE(selected(), copy);

        click(QStringLiteral("renameScenarioButton"));
        auto *edit = w<QLineEdit>(QStringLiteral("renameEdit"));
        QTRY_VERIFY(edit->isVisible());
        QCOMPARE(edit->text(), copy);
        type(edit, QStringLiteral("SageMaker, shut down at night"));
        QTest::keyClick(edit, Qt::Key_Return);
        QTRY_COMPARE(names().value(2), QStringLiteral("SageMaker, shut down at night"));
        QVERIFY(!edit->isVisible());
        QCOMPARE(selected(), QStringLiteral("SageMaker, shut down at night"));

        click(QStringLiteral("moveUpButton"));
        QTRY_COMPARE(names().value(1), QStringLiteral("SageMaker, shut down at night"));
        QCOMPARE(selected(), QStringLiteral("SageMaker, shut down at night"));
        click(QStringLiteral("moveUpButton"));
        QTRY_COMPARE(names().value(0), QStringLiteral("SageMaker, shut down at night"));
        QVERIFY(!w<QToolButton>(QStringLiteral("moveUpButton"))->isEnabled());
        click(QStringLiteral("moveDownButton"));
        QTRY_COMPARE(names().value(1), QStringLiteral("SageMaker, shut down at night"));

        const int steps = stack->count();
        click(QStringLiteral("deleteScenarioButton"));
        QTRY_COMPARE(names().size(), 6);
        QVERIFY(!names().contains(QStringLiteral("SageMaker, shut down at night")));
        QCOMPARE(selected(), names().at(1)); // the neighbour takes the selection
        QCOMPARE(stack->count(), steps + 1);

        // Each action was one step: undo them all, back to the sample plan's order.
        stack->undo(); // delete
        QTRY_COMPARE(selected(), QStringLiteral("SageMaker, shut down at night"));
        stack->undo(); // move down
        stack->undo(); // move up
        stack->undo(); // move up
        stack->undo(); // rename
        QTRY_COMPARE(names().value(2), copy);
        stack->undo(); // duplicate
        QTRY_COMPARE(names().size(), 6);
        QCOMPARE(names().value(1), kSageMaker);
    }

    // Uncertain inputs follow their scenario: a rename renames their target, a delete drops them, and the
    // correlations between the entries that stay keep pointing at the same entries.
    void f2RenamesAndCtrlShiftNAddsFromTheKeyboard()
    {
        // Edit › Rename scenario (F2) opens the rename bar on the selected scenario; Edit › Add scenario (Ctrl+Shift+N)
        // opens the menu of kinds.
        QVERIFY(select(kSageMaker));
        QAction *rename = m_f->window->findChild<QAction *>(QStringLiteral("renameScenarioAction"));
        QAction *add = m_f->window->findChild<QAction *>(QStringLiteral("addScenarioAction"));
        QVERIFY(rename && add);
        QCOMPARE(add->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
        // F2 in the list (a window-wide F2 would take cell editing from the tables).
        auto *view = w<QTreeView>(QStringLiteral("scenarioList"));
        QVERIFY(view);
        m_f->window->show();
        view->setFocus();
        QTest::keyClick(view, Qt::Key_F2);
        auto *edit = w<QLineEdit>(QStringLiteral("renameEdit"));
        QTRY_VERIFY(edit->isVisible());
        QCOMPARE(edit->text(), kSageMaker);
        type(edit, QStringLiteral("SageMaker, renamed by F2"));
        QTest::keyClick(edit, Qt::Key_Return);
        QTRY_VERIFY(names().contains(QStringLiteral("SageMaker, renamed by F2")));
        rename->trigger(); // the menu's entry opens the same bar
        QTRY_VERIFY(edit->isVisible());
        QTest::keyClick(edit, Qt::Key_Escape);
        auto *button = w<QToolButton>(QStringLiteral("addScenarioButton"));
        QTimer::singleShot(0, this, [button] {
            QTRY_VERIFY(button->menu()->isVisible());
            button->menu()->close();
        });
        add->trigger();
        QVERIFY(!button->menu()->isVisible());
    }

    void uncertaintyFollowsRenameAndDelete()
    {
        QFile file(QStringLiteral(MLTCO_TEST_DATA_DIR "/analysis/uncertain-plan.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(m_f->editor()->importPlan(file.readAll()));
        ui::PlanEditor *editor = m_f->editor();
        editor->renameScenario(m_f->indexOf(QStringLiteral("Own one server")), QStringLiteral("Owned"));
        QCOMPARE(editor->plan().uncertainty[2].target, QStringLiteral("Owned"));
        QCOMPARE(editor->plan().uncertainty[3].target, QStringLiteral("Owned"));
        editor->removeScenario(m_f->indexOf(QStringLiteral("Cloud, pay per use")));
        QCOMPARE(editor->plan().uncertainty.size(), 3); // the cloud rate's entry went with its scenario
        QCOMPARE(editor->plan().uncertainty[0].target, QStringLiteral("workload"));
        QVERIFY(editor->plan().correlations.isEmpty()); // it tied the cloud rate to the power price
        QVERIFY(editor->result().has_value());
        editor->undoStack()->undo();
        QCOMPARE(editor->plan().uncertainty.size(), 4);
        QCOMPARE(editor->plan().correlations.size(), 1);
    }

    void renameRefusesEmptyAndTakenNames()
    {
        QVERIFY(select(kAws));
        const int steps = m_f->editor()->undoStack()->count();
        click(QStringLiteral("renameScenarioButton"));
        auto *edit = w<QLineEdit>(QStringLiteral("renameEdit"));
        auto *message = w<QLabel>(QStringLiteral("renameMessage"));
        auto *accept = w<QPushButton>(QStringLiteral("renameAcceptButton"));
        QTRY_VERIFY(edit->isVisible());

        type(edit, kOnPrem);
        QTRY_VERIFY(message->isVisible());
        QVERIFY2(message->text().contains(QStringLiteral("already called")), qPrintable(message->text()));
        QVERIFY(!accept->isEnabled());
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(names().value(0), kAws);

        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(edit, Qt::Key_Backspace);
        QTRY_VERIFY(message->text().contains(QStringLiteral("Enter a name")));
        QVERIFY(!accept->isEnabled());

        QTest::keyClicks(edit, QStringLiteral("AWS boxes"));
        QVERIFY(!message->isVisible());
        QVERIFY(accept->isEnabled());
        QTest::keyClick(edit, Qt::Key_Escape); // cancelling changes nothing
        QVERIFY(!edit->isVisible());
        QCOMPARE(names().value(0), kAws);
        QCOMPARE(m_f->editor()->undoStack()->count(), steps);
    }

    void renamingKeepsTheBreakEvenPointingAtTheScenario()
    {
        QVERIFY(select(kGcpNode));
        click(QStringLiteral("renameScenarioButton"));
        auto *edit = w<QLineEdit>(QStringLiteral("renameEdit"));
        type(edit, QStringLiteral("GCP node, held all year"));
        click(QStringLiteral("renameAcceptButton"));
        QTRY_COMPARE(m_f->editor()->plan().breakeven.value(0).cloud, QStringLiteral("GCP node, held all year"));
        auto *cloud = w<QComboBox>(QStringLiteral("breakEvenCloud"));
        QCOMPARE(cloud->currentText(), QStringLiteral("GCP node, held all year"));
    }

    void editMenuDuplicatesTheSelectedScenario()
    {
        QVERIFY(select(kOnPrem));
        auto *duplicate = m_f->find<QAction>(QStringLiteral("duplicateScenarioAction"));
        QVERIFY(duplicate);
        duplicate->trigger();
        QTRY_COMPARE(names().size(), 7);
        QCOMPARE(names().value(5), kOnPrem + QStringLiteral(" (copy)"));
        QCOMPARE(selected(), kOnPrem + QStringLiteral(" (copy)"));
    }

    void breakEvenSettingsEditThePlan()
    {
        auto *purchase = w<QComboBox>(QStringLiteral("breakEvenPurchase"));
        auto *cloud = w<QComboBox>(QStringLiteral("breakEvenCloud"));
        auto *max = w<QLineEdit>(QStringLiteral("breakEvenMaxServers"));
        auto *result = w<QLabel>(QStringLiteral("breakEvenResult"));
        QVERIFY(purchase && cloud && max && result);
        QCOMPARE(purchase->currentText(), kOnPrem);
        QCOMPARE(cloud->currentText(), kGcpNode);
        QCOMPARE(max->text(), QStringLiteral("100"));
        // model.md §9: six servers with the 15 % tier from six servers.
        QVERIFY2(result->text().startsWith(QStringLiteral("Buying 6 or more servers (%1) costs less than renting %2")
                                               .arg(kOnPrem, kGcpNode)),
                 qPrintable(result->text()));
        // The dashboard's comparison is against another cloud option: said here too, and which.
        QVERIFY2(result->text().contains(QStringLiteral("On the dashboard and in the reports:")) &&
                     result->text().contains(QStringLiteral("the cheapest cloud option that meets the demand")),
                 qPrintable(result->text()));

        max->setFocus();
        type(max, QStringLiteral("20000"));
        QTest::keyClick(max, Qt::Key_Return);
        auto *maxError = w<QLabel>(QStringLiteral("breakEvenMaxServersError"));
        QTRY_VERIFY(maxError->isVisible());
        QVERIFY(maxError->text().contains(QStringLiteral("must be an integer from 1 to 10,000")));
        QCOMPARE(m_f->editor()->plan().breakeven.value(0).maxServers, 100);
        type(max, QStringLiteral("20"));
        QTest::keyClick(max, Qt::Key_Return);
        QTRY_COMPARE(m_f->editor()->plan().breakeven.value(0).maxServers, 20);
        QTRY_VERIFY2(result->text().contains(QStringLiteral("compared up to 20 servers")), qPrintable(result->text()));

        // Against the AWS boxes instead, then no break-even at all.
        QVERIFY(choose(cloud, kAws));
        QTRY_COMPARE(m_f->editor()->plan().breakeven.value(0).cloud, kAws);
        QVERIFY(choose(purchase, purchase->itemText(0)));
        QTRY_VERIFY(m_f->editor()->plan().breakeven.isEmpty());
        QVERIFY(!max->isEnabled());
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(purchase->currentText(), kOnPrem);
        QCOMPARE(cloud->currentText(), kAws);
    }
};

MLTCO_TEST_MAIN(TestScenarioList)
#include "tst_scenariolist.moc"

// The Scenarios page, driven through its real widgets on the sample plan: selecting a scenario, typing
// values (applied on Enter, refused inline when not allowed), undo/redo through the stack and the Edit menu,
// one undo step per field edit, the instance picker and catalog overrides, optional boxes, size to demand,
// bulk-discount tiers, the unmet-demand flag and the evaluation error in words.
#include "tests/support/testmain.h"
#include "uitestutil.h"

#include "models/catalog/gputable.h"
#include "models/report/format.h"
#include "models/plan/parameters.h"
#include "ui/scenarios/scenariospage.h"

#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableWidget>
#include <QInputDialog>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>

#include <algorithm>

using namespace mltco;
using tco::ParamId;

namespace {

const QString kAws = QStringLiteral("AWS p3.8xlarge per engineer");
const QString kLinode = QStringLiteral("Linode RTX 6000 + Kubeflow");
const QString kOnPrem = QStringLiteral("On-prem 8xA100, 1 server");

} // namespace

class TestScenarios final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<UiFixture> m_f;

    /// A widget of the Scenarios page (other pages may use the same names), or an action of the window.
    template<typename T>
    T *find(const QString &name) const
    {
        if constexpr (std::is_base_of_v<QWidget, T>)
            return m_f->onScenarios<T>(name);
        else
            return m_f->find<T>(name);
    }

    int indexOf(const QString &name) const { return m_f->indexOf(name); }
    const tco::PlanScenario &scenario(const QString &name) const { return m_f->scenario(name); }

    double total(const QString &name) const
    {
        return m_f->editor()->result()->atPlanPosition(static_cast<std::size_t>(indexOf(name)))->result.total;
    }

    bool select(const QString &name) { return m_f->select(name); }
    static void type(QLineEdit *edit, const QString &text) { UiFixture::type(edit, text); }
    static bool choose(QComboBox *combo, const QString &text) { return UiFixture::choose(combo, text); }

    void addScenario(const QString &kindKey)
    {
        auto *button = find<QToolButton>(QStringLiteral("addScenarioButton"));
        QVERIFY(button);
        QTimer::singleShot(0, this, [button, kindKey] {
            QMenu *menu = button->menu();
            QTRY_VERIFY(menu->isVisible());
            QAction *action = menu->findChild<QAction *>(QStringLiteral("addScenario_") + kindKey);
            QVERIFY(action);
            menu->setActiveAction(action);
            QTest::keyClick(menu, Qt::Key_Return);
        });
        QTest::mouseClick(button, Qt::LeftButton);
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        m_f = std::make_unique<UiFixture>();
        QVERIFY(m_f->open());
        m_f->window->showPage(ui::MainWindow::Scenarios);
        QVERIFY2(m_f->editor()->result(), qPrintable(m_f->editor()->evaluationError()));
    }

    void cleanup() { m_f.reset(); }

    void tabWalksTheFormInReadingOrder()
    {
        // From the first field of a scenario's form, Tab visits every field top to bottom, through the bulk discount
        // table (Tab leaves a table; arrows move in it) to the last.
        QVERIFY(select(kOnPrem));
        auto *form = find<QWidget>(QStringLiteral("scenarioForm"));
        QVERIFY(form);
        QList<QLineEdit *> fields;
        const QList<QLineEdit *> all = form->findChildren<QLineEdit *>();
        for (QLineEdit *e : all)
            if (e->objectName().startsWith(QStringLiteral("param_")) && e->isVisible() && e->isEnabled())
                fields << e;
        QVERIFY(fields.size() >= 10);
        QTRY_VERIFY(fields.last()->mapTo(form, QPoint()).y() > fields.first()->mapTo(form, QPoint()).y()); // laid out
        std::stable_sort(fields.begin(), fields.end(), [form](const QLineEdit *a, const QLineEdit *b) {
            const QPoint pa = a->mapTo(form, QPoint()), pb = b->mapTo(form, QPoint());
            return pa.y() != pb.y() ? pa.y() < pb.y() : pa.x() < pb.x();
        });
        fields.first()->setFocus(Qt::TabFocusReason);
        QTRY_VERIFY(fields.first()->hasFocus());
        QStringList visited{fields.first()->objectName()};
        for (int i = 0; i < 4 * fields.size() && visited.size() < fields.size(); ++i) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            auto *edit = qobject_cast<QLineEdit *>(QApplication::focusWidget());
            if (edit && edit->objectName().startsWith(QStringLiteral("param_")) && !visited.contains(edit->objectName()))
                visited << edit->objectName();
        }
        QStringList expected;
        for (const QLineEdit *e : std::as_const(fields))
            expected << e->objectName();
        QCOMPARE(visited, expected);
    }

    void selectingAScenarioShowsItsForm()
    {
        QVERIFY(select(kOnPrem));
        auto *servers = find<QLineEdit>(QStringLiteral("param_servers"));
        QVERIFY(servers);
        QCOMPARE(servers->text(), QStringLiteral("1"));
        QCOMPARE(find<QLabel>(QStringLiteral("resultTotal"))->text(), report::money(459000.0));
        QVERIFY(!find<QComboBox>(QStringLiteral("instanceProvider"))); // a purchase has no catalog instance

        QVERIFY(select(kAws));
        QTRY_VERIFY(!find<QLineEdit>(QStringLiteral("param_servers")));
        QCOMPARE(find<QLineEdit>(QStringLiteral("param_rate_per_hour"))->text(), QStringLiteral("12.24"));
        QCOMPARE(find<QLineEdit>(QStringLiteral("param_premium"))->text(), QStringLiteral("0"));
        QCOMPARE(find<QLabel>(QStringLiteral("resultTotal"))->text(), report::money(total(kAws)));
        // Workload fields show the plan's workload.
        QCOMPARE(find<QLineEdit>(QStringLiteral("param_engineers"))->text(), QStringLiteral("4"));
        QCOMPARE(find<QLineEdit>(QStringLiteral("param_horizon_months"))->text(), QStringLiteral("36"));
    }

    void typingAValueUpdatesTheResult()
    {
        QVERIFY(select(kOnPrem));
        auto *servers = find<QLineEdit>(QStringLiteral("param_servers"));
        type(servers, QStringLiteral("6"));
        QTRY_COMPARE(tco::parameterValue(scenario(kOnPrem).scenario, ParamId::Servers), 6.0);
        // model.md §9: six servers with the 15 % tier cost 973,000 + 208,000 - 62,000 over three years.
        QTRY_COMPARE(find<QLabel>(QStringLiteral("resultTotal"))->text(), report::money(1119000.0));
        QCOMPARE(find<QLabel>(QStringLiteral("resultAverage"))->text(), report::money(373000.0));
        QCOMPARE(total(kOnPrem), 1119000.0);
    }

    void textIsRefusedInlineAndNeverReachesThePlan()
    {
        QVERIFY(select(kOnPrem));
        const int steps = m_f->editor()->undoStack()->count();
        auto *servers = find<QLineEdit>(QStringLiteral("param_servers"));
        auto *error = find<QLabel>(QStringLiteral("error_servers"));
        QVERIFY(!error->isVisible());
        type(servers, QStringLiteral("lots"));
        QTRY_VERIFY(error->isVisible());
        QVERIFY2(error->text().contains(QStringLiteral("must be an integer from 0 to 100,000")), qPrintable(error->text()));
        QCOMPARE(tco::parameterValue(scenario(kOnPrem).scenario, ParamId::Servers), 1.0);
        QCOMPARE(m_f->editor()->undoStack()->count(), steps);
        // Escape puts the plan's value back.
        QTest::keyClick(servers, Qt::Key_Escape);
        QCOMPARE(servers->text(), QStringLiteral("1"));
        QVERIFY(!error->isVisible());
        // Leaving the field with a refused text (Tab to the next one) shows the plan's value again, and says what was
        // not applied; the next edit of the plan clears the message.
        type(servers, QStringLiteral("lots"));
        QTRY_VERIFY(error->isVisible());
        QCOMPARE(servers->text(), QStringLiteral("lots"));
        QTest::keyClick(servers, Qt::Key_Tab);
        QTRY_COMPARE(servers->text(), QStringLiteral("1"));
        QVERIFY2(error->isVisible() && error->text().contains(QStringLiteral("\u201clots\u201d"))
                     && error->text().contains(QStringLiteral("The field shows the plan's value")),
                 qPrintable(error->text()));
        QCOMPARE(m_f->editor()->undoStack()->count(), steps);
        m_f->editor()->setScenarioValue(indexOf(kOnPrem), ParamId::Servers, 2);
        QTRY_COMPARE(servers->text(), QStringLiteral("2"));
        QVERIFY(!error->isVisible());
    }

    void numberBeyondTheMaximumIsRefusedInline()
    {
        QVERIFY(select(kOnPrem));
        const int steps = m_f->editor()->undoStack()->count();
        auto *servers = find<QLineEdit>(QStringLiteral("param_servers"));
        type(servers, QStringLiteral("200000"));
        auto *error = find<QLabel>(QStringLiteral("error_servers"));
        QTRY_VERIFY(error->isVisible());
        QVERIFY2(error->text().contains(QStringLiteral("must be an integer from 0 to 100,000")), qPrintable(error->text()));
        QCOMPARE(tco::parameterValue(scenario(kOnPrem).scenario, ParamId::Servers), 1.0);
        QCOMPARE(m_f->editor()->undoStack()->count(), steps);
        QCOMPARE(find<QLabel>(QStringLiteral("resultTotal"))->text(), report::money(459000.0));

        // Fractions are typed as percentages; their range is said in percent.
        auto *resale = find<QLineEdit>(QStringLiteral("param_resale_fraction"));
        QCOMPARE(resale->text(), QStringLiteral("30"));
        type(resale, QStringLiteral("130"));
        auto *resaleError = find<QLabel>(QStringLiteral("error_resale_fraction"));
        QTRY_VERIFY(resaleError->isVisible());
        QVERIFY2(resaleError->text().contains(QStringLiteral("must be a percentage from 0 to 100")),
                 qPrintable(resaleError->text()));
        QCOMPARE(std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario).resaleFraction, 0.30);
        type(resale, QStringLiteral("25"));
        QTRY_COMPARE(std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario).resaleFraction, 0.25);
        QVERIFY(!resaleError->isVisible());
    }

    void undoAndRedoMoveTheFieldAndTheResult()
    {
        QVERIFY(select(kOnPrem));
        auto *servers = find<QLineEdit>(QStringLiteral("param_servers"));
        auto *totalLabel = find<QLabel>(QStringLiteral("resultTotal"));
        type(servers, QStringLiteral("6"));
        QTRY_COMPARE(totalLabel->text(), report::money(1119000.0));

        QUndoStack *stack = m_f->editor()->undoStack();
        stack->undo();
        QTRY_COMPARE(servers->text(), QStringLiteral("1"));
        QCOMPARE(totalLabel->text(), report::money(459000.0));
        stack->redo();
        QTRY_COMPARE(servers->text(), QStringLiteral("6"));
        QCOMPARE(totalLabel->text(), report::money(1119000.0));

        // The same through the window's Edit menu.
        auto *undo = find<QAction>(QStringLiteral("undoAction"));
        auto *redo = find<QAction>(QStringLiteral("redoAction"));
        QVERIFY(undo->isEnabled());
        undo->trigger();
        QTRY_COMPARE(servers->text(), QStringLiteral("1"));
        QCOMPARE(totalLabel->text(), report::money(459000.0));
        redo->trigger();
        QTRY_COMPARE(servers->text(), QStringLiteral("6"));
        QCOMPARE(totalLabel->text(), report::money(1119000.0));
        // The field stayed the same widget: undo updates values, it does not rebuild the form.
        QCOMPARE(find<QLineEdit>(QStringLiteral("param_servers")), servers);
    }

    void keystrokesInOneFieldAreOneUndoStep()
    {
        QVERIFY(select(kOnPrem));
        QUndoStack *stack = m_f->editor()->undoStack();
        const int before = stack->count();
        auto *price = find<QLineEdit>(QStringLiteral("param_server_price"));
        QCOMPARE(price->text(), QStringLiteral("150,000"));
        type(price, QStringLiteral("180000"));
        QTRY_COMPARE(std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario).serverPrice, 180000.0);
        QCOMPARE(stack->count(), before + 1);
        QCOMPARE(price->text(), QStringLiteral("180,000"));
        // Correcting the same field again merges into that step.
        type(price, QStringLiteral("175000"));
        QTRY_COMPARE(std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario).serverPrice, 175000.0);
        QCOMPARE(stack->count(), before + 1);
        stack->undo();
        QTRY_COMPARE(price->text(), QStringLiteral("150,000"));
        QCOMPARE(std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario).serverPrice, 150000.0);
    }

    void undoWalksBackExactlyAcrossSeparateEdits()
    {
        // Edits of one field merge only while uninterrupted. After an edit of another field is undone, a new
        // edit of the first field is a step of its own: undoing it returns to the value before it, not before
        // the earlier edit (QUndoStack would merge into the command under the undone one).
        QVERIFY(select(kOnPrem));
        QUndoStack *stack = m_f->editor()->undoStack();
        auto *servers = find<QLineEdit>(QStringLiteral("param_servers"));
        auto *price = find<QLineEdit>(QStringLiteral("param_server_price"));
        const auto value = [this] { return std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario); };
        type(servers, QStringLiteral("2"));
        QTRY_COMPARE(value().servers, 2);
        type(price, QStringLiteral("160000"));
        QTRY_COMPARE(value().serverPrice, 160000.0);
        stack->undo();
        QTRY_COMPARE(value().serverPrice, 150000.0);
        type(servers, QStringLiteral("3"));
        QTRY_COMPARE(value().servers, 3);
        stack->undo();
        QTRY_COMPARE(value().servers, 2);
        stack->undo();
        QTRY_COMPARE(value().servers, 1);
        // And forward again, in order.
        stack->redo();
        QTRY_COMPARE(value().servers, 2);
        stack->redo();
        QTRY_COMPARE(value().servers, 3);
        QCOMPARE(value().serverPrice, 150000.0);
    }

    void workloadEditReachesEveryScenario()
    {
        QVERIFY(select(kAws));
        const double before = total(kAws);
        auto *engineers = find<QLineEdit>(QStringLiteral("param_engineers"));
        type(engineers, QStringLiteral("8"));
        QTRY_COMPARE(m_f->editor()->plan().workload.engineers, 8);
        QCOMPARE(total(kAws), 2 * before); // one box per engineer
        QCOMPARE(find<QLabel>(QStringLiteral("resultTotal"))->text(), report::money(2 * before));
        type(find<QLineEdit>(QStringLiteral("param_horizon_months")), QStringLiteral("300"));
        QTRY_VERIFY(find<QLabel>(QStringLiteral("error_horizon_months"))->isVisible());
        QVERIFY(find<QLabel>(QStringLiteral("error_horizon_months"))->text().contains(QStringLiteral("from 1 to 240")));
        QCOMPARE(m_f->editor()->plan().workload.horizonMonths, 36);
    }

    void pickingAnInstanceFillsTheRateAndShowsTheSource()
    {
        addScenario(QStringLiteral("dedicated"));
        const QString name = m_f->editor()->plan().scenarios.last().name;
        auto *page = m_f->find<ui::ScenariosPage>(QStringLiteral("scenariosPage"));
        QTRY_COMPARE(page->currentScenario(), indexOf(name));
        // A new cloud scenario has no price yet: it is left out of the evaluation (the others still evaluate), and
        // the page says why.
        QVERIFY(m_f->editor()->result());
        QVERIFY(m_f->editor()->result()->leftOutAt(static_cast<std::size_t>(indexOf(name))));
        QCOMPARE(m_f->editor()->result()->scenarios.size(), std::size_t(m_f->editor()->plan().scenarios.size() - 1));
        auto *message = find<QLabel>(QStringLiteral("resultMessage"));
        QTRY_VERIFY(message->text().contains(QStringLiteral("Incomplete: not evaluated yet")));
        QVERIFY2(message->text().contains(name) && message->text().contains(QStringLiteral("Price per instance-hour")),
                 qPrintable(message->text()));
        QVERIFY(find<QLabel>(QStringLiteral("error_rate_per_hour"))->isVisible());
        QCOMPARE(find<QLabel>(QStringLiteral("resultTotal"))->text(), QStringLiteral("\u2014"));

        QVERIFY(choose(find<QComboBox>(QStringLiteral("instanceProvider")), QStringLiteral("Amazon Web Services")));
        QTRY_VERIFY(scenario(name).instance.has_value());
        QVERIFY(choose(find<QComboBox>(QStringLiteral("instanceType")), QStringLiteral("p3.8xlarge")));
        QTRY_COMPARE(scenario(name).instance->name, QStringLiteral("p3.8xlarge"));
        QCOMPARE(scenario(name).instance->region, QStringLiteral("us-east-1"));
        QCOMPARE(scenario(name).instance->pricing, QStringLiteral("on_demand"));
        QCOMPARE(find<QComboBox>(QStringLiteral("instanceRegion"))->currentText(), QStringLiteral("us-east-1"));
        QCOMPARE(find<QComboBox>(QStringLiteral("instancePricing"))->currentText(), QStringLiteral("on-demand"));

        // Filled from the catalog, not stated by the plan.
        QTRY_COMPARE(find<QLineEdit>(QStringLiteral("param_rate_per_hour"))->text(), QStringLiteral("12.24"));
        QCOMPARE(find<QLineEdit>(QStringLiteral("param_gpus_per_instance"))->text(), QStringLiteral("4"));
        QVERIFY(!tco::isGiven(scenario(name).given, ParamId::RatePerHour));
        QVERIFY(!find<QLabel>(QStringLiteral("error_rate_per_hour"))->isVisible());
        auto *source = find<QLabel>(QStringLiteral("instanceSource"));
        QVERIFY2(source->text().contains(QStringLiteral("assume-p3-per-gpu")) && source->text().contains(QStringLiteral("2023-11-01"))
                     && source->text().contains(QStringLiteral("$12.24")),
                 qPrintable(source->text()));
        QVERIFY(m_f->editor()->result());
        QVERIFY(m_f->editor()->result()->leftOut.empty());
        // 4 engineers x 1 box x $12.24 x 730 h x 36 months.
        QTRY_COMPARE(find<QLabel>(QStringLiteral("resultTotal"))->text(), report::money(4 * 12.24 * 730 * 36));

        // Spot pricing of another instance.
        QVERIFY(choose(find<QComboBox>(QStringLiteral("instanceType")), QStringLiteral("p3.2xlarge")));
        QVERIFY(choose(find<QComboBox>(QStringLiteral("instancePricing")), QStringLiteral("spot")));
        QTRY_COMPARE(find<QLineEdit>(QStringLiteral("param_rate_per_hour"))->text(), QStringLiteral("0.918"));
        QVERIFY(source->text().contains(QStringLiteral("mlops-book-costs")));

        // "None" keeps the numbers as the plan's own.
        QVERIFY(choose(find<QComboBox>(QStringLiteral("instanceProvider")), QStringLiteral("none")));
        QTRY_VERIFY(!scenario(name).instance.has_value());
        QVERIFY(tco::isGiven(scenario(name).given, ParamId::RatePerHour));
        QCOMPARE(tco::parameterValue(scenario(name).scenario, ParamId::RatePerHour), 0.918);
        QVERIFY(m_f->editor()->result());
        QVERIFY(!find<QComboBox>(QStringLiteral("instanceType"))->isEnabled());
    }

    void overridingACatalogValueIsMarkedAndCanBeReset()
    {
        QVERIFY(select(kAws));
        // The sample plan states the catalog's own price: the value is the plan's, not an override.
        const int index = indexOf(kAws);
        m_f->editor()->clearScenarioValue(index, ParamId::RatePerHour);
        auto *rate = find<QLineEdit>(QStringLiteral("param_rate_per_hour"));
        auto *reset = find<QToolButton>(QStringLiteral("reset_rate_per_hour"));
        QLabel *note = nullptr;
        QTRY_COMPARE(rate->text(), QStringLiteral("12.24"));
        QVERIFY(!reset->isVisible());
        QVERIFY(!rate->font().bold());

        type(rate, QStringLiteral("13.5"));
        QTRY_VERIFY(tco::isGiven(scenario(kAws).given, ParamId::RatePerHour));
        QCOMPARE(tco::parameterValue(scenario(kAws).scenario, ParamId::RatePerHour), 13.5);
        QVERIFY(rate->font().bold());
        QVERIFY(reset->isVisible());
        for (QLabel *l : rate->parentWidget()->findChildren<QLabel *>()) {
            if (l->text().startsWith(QStringLiteral("overrides catalog")))
                note = l;
        }
        QVERIFY(note);
        QVERIFY2(note->text().contains(QStringLiteral("$12.24")) && note->text().contains(QStringLiteral("2023-11-01")),
                 qPrintable(note->text()));
        QCOMPARE(find<QLabel>(QStringLiteral("resultTotal"))->text(), report::money(4 * 13.5 * 730 * 36));

        QTest::mouseClick(reset, Qt::LeftButton);
        QTRY_VERIFY(!tco::isGiven(scenario(kAws).given, ParamId::RatePerHour));
        QCOMPARE(rate->text(), QStringLiteral("12.24"));
        QVERIFY(!rate->font().bold());
        QVERIFY(!reset->isVisible());
        QCOMPARE(note->text(), QStringLiteral("from the catalog"));
        QCOMPARE(find<QLabel>(QStringLiteral("resultTotal"))->text(), report::money(4 * 12.24 * 730 * 36));
    }

    void boxesAreOptional()
    {
        QVERIFY(select(kAws));
        auto *boxes = find<QLineEdit>(QStringLiteral("param_boxes"));
        QCOMPARE(boxes->text(), QString());
        QVERIFY(boxes->placeholderText().contains(QStringLiteral("4")));
        type(boxes, QStringLiteral("2"));
        QTRY_COMPARE(std::get<tco::DedicatedScenario>(scenario(kAws).scenario).boxes, std::optional<int>(2));
        QCOMPARE(total(kAws), 2 * 12.24 * 730 * 36);
        auto *reset = find<QToolButton>(QStringLiteral("reset_boxes"));
        QVERIFY(reset->isVisible());
        QTest::mouseClick(reset, Qt::LeftButton);
        QTRY_VERIFY(!std::get<tco::DedicatedScenario>(scenario(kAws).scenario).boxes);
        QCOMPARE(boxes->text(), QString());
        QCOMPARE(total(kAws), 4 * 12.24 * 730 * 36);
        // Emptying the field unsets it too.
        type(boxes, QStringLiteral("5"));
        QTRY_COMPARE(std::get<tco::DedicatedScenario>(scenario(kAws).scenario).boxes, std::optional<int>(5));
        QTest::keyClick(boxes, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(boxes, Qt::Key_Backspace);
        QTest::keyClick(boxes, Qt::Key_Return);
        QTRY_VERIFY(!std::get<tco::DedicatedScenario>(scenario(kAws).scenario).boxes);
        QVERIFY(!find<QLabel>(QStringLiteral("error_boxes"))->isVisible());
    }

    void unmetDemandIsFlaggedAndSizeToDemandFixesIt()
    {
        QVERIFY(select(kLinode));
        auto *nodes = find<QLineEdit>(QStringLiteral("param_nodes"));
        QCOMPARE(nodes->text(), QStringLiteral("2"));
        auto *message = find<QLabel>(QStringLiteral("resultMessage"));
        QVERIFY(message->text().contains(QStringLiteral("Meets the whole demand")));
        auto *size = find<QPushButton>(QStringLiteral("sizeToDemandButton"));
        QVERIFY(!size->isEnabled()); // already sized

        type(nodes, QStringLiteral("1"));
        QTRY_VERIFY(message->text().contains(QStringLiteral("Unmet demand")));
        auto *view = find<QTreeView>(QStringLiteral("scenarioList"));
        const QModelIndex flag = view->model()->index(indexOf(kLinode), 2);
        QVERIFY2(flag.data().toString().contains(QStringLiteral("unmet")), qPrintable(flag.data().toString()));
        QVERIFY(size->isEnabled());

        QTest::mouseClick(size, Qt::LeftButton);
        QTRY_COMPARE(nodes->text(), QStringLiteral("2"));
        QVERIFY(message->text().contains(QStringLiteral("Meets the whole demand")));
        QCOMPARE(flag.data().toString(), QStringLiteral("met"));
    }

    void bulkDiscountTiersAreValidated()
    {
        QVERIFY(select(kOnPrem));
        auto *table = find<QTableWidget>(QStringLiteral("param_bulk_discounts"));
        QCOMPARE(table->rowCount(), 1);
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("6"));
        QCOMPARE(table->item(0, 1)->text(), QStringLiteral("15"));
        type(find<QLineEdit>(QStringLiteral("param_servers")), QStringLiteral("5"));

        const auto editCell = [table](int row, int column, const QString &text) {
            UiFixture::typeInCell(table, row, column, text);
        };
        // A tier from 0 servers is refused, with the reason, and the plan keeps its tiers.
        editCell(0, 0, QStringLiteral("0"));
        auto *error = find<QLabel>(QStringLiteral("error_bulk_discounts"));
        QTRY_VERIFY(error->isVisible());
        QVERIFY2(error->text().contains(QStringLiteral("must be an integer from 1 to 100,000")), qPrintable(error->text()));
        QCOMPARE(std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario).bulkDiscounts.front().minServers, 6);

        // From 5 servers: seed 000's copy of the break-even.
        editCell(0, 0, QStringLiteral("5"));
        QTRY_COMPARE(std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario).bulkDiscounts.front().minServers, 5);
        QVERIFY(!error->isVisible());
        QVERIFY(find<QLabel>(QStringLiteral("bulkDiscountApplies"))->text().contains(QStringLiteral("15 %")));

        QTest::mouseClick(find<QPushButton>(QStringLiteral("addTierButton")), Qt::LeftButton);
        QTRY_COMPARE(table->rowCount(), 2);
        QCOMPARE(std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario).bulkDiscounts.size(), std::size_t(2));
        editCell(1, 1, QStringLiteral("120"));
        QTRY_VERIFY(error->isVisible());
        QVERIFY(error->text().contains(QStringLiteral("percentage from 0 to 99")));
        editCell(1, 1, QStringLiteral("20"));
        QTRY_COMPARE(std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario).bulkDiscounts.back().fraction, 0.20);
    }

    void purchaseScheduleIsEditedInATable()
    {
        // model.md §11.1: a schedule of later purchases, added in one click (one undo step), refused inline when a
        // month lies beyond what the lead time lets serve, and each purchase a cohort of its own.
        QVERIFY(select(kOnPrem));
        auto *table = find<QTableWidget>(QStringLiteral("param_purchases"));
        auto *add = find<QPushButton>(QStringLiteral("addPurchaseButton"));
        auto *note = find<QLabel>(QStringLiteral("purchasesSummary"));
        QVERIFY(table && add && note);
        QCOMPARE(table->rowCount(), 0);
        const auto schedule = [this] { return std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario).purchases; };
        const int steps = m_f->editor()->undoStack()->count();
        QTRY_VERIFY(add->height() > 0); // the form is laid out (the scroll area sizes it after an event loop pass)
        QTest::mouseClick(add, Qt::LeftButton);
        QTRY_COMPARE(table->rowCount(), 1);
        QCOMPARE(schedule(), (std::vector<tco::ScheduledPurchase>{{13, 1}}));
        QCOMPARE(m_f->editor()->undoStack()->count(), steps + 1);
        QVERIFY2(note->text().contains(QStringLiteral("1 in month 13")), qPrintable(note->text()));
        const tco::EvaluatedScenario *onPrem =
            m_f->editor()->result()->atPlanPosition(static_cast<std::size_t>(m_f->indexOf(kOnPrem)));
        QVERIFY(onPrem);
        QCOMPARE(onPrem->result.cohorts.size(), std::size_t(2));
        QCOMPARE(onPrem->result.cohorts[1].month, 13);

        const auto editCell = [table](int row, int column, const QString &text) {
            UiFixture::typeInCell(table, row, column, text);
        };
        // With a 6-month lead time, month 30 is the last a 36-month plan can buy in and still serve.
        type(find<QLineEdit>(QStringLiteral("param_lead_time_months")), QStringLiteral("6"));
        QTRY_COMPARE(std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario).leadTimeMonths, 6);
        editCell(0, 0, QStringLiteral("32"));
        auto *error = find<QLabel>(QStringLiteral("error_purchases"));
        QTRY_VERIFY(error->isVisible());
        QVERIFY2(error->text().contains(QStringLiteral("a whole month from 1 to 30 (bought later, the 6-month lead "
                                                       "time would bring the servers into service after the "
                                                       "36-month horizon)")),
                 qPrintable(error->text()));
        QCOMPARE(schedule(), (std::vector<tco::ScheduledPurchase>{{13, 1}}));
        editCell(0, 0, QStringLiteral("25"));
        QTRY_COMPARE(schedule(), (std::vector<tco::ScheduledPurchase>{{25, 1}}));
        QVERIFY(!error->isVisible());
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(schedule(), (std::vector<tco::ScheduledPurchase>{{13, 1}}));
    }

    void demandCanFollowTheNumberOfEngineers()
    {
        // 730 reference GPU-hours a month per engineer: the team's demand becomes 4 × 730 = 2,920 and follows the team
        // to 12 engineers (8,760), each edit one undo step.
        type(find<QLineEdit>(QStringLiteral("param_demand_gpu_hours_per_engineer")), QStringLiteral("730"));
        QTRY_COMPARE(m_f->editor()->plan().workload.demandGpuHours, 4 * 730.0);
        type(find<QLineEdit>(QStringLiteral("param_engineers")), QStringLiteral("12"));
        QTRY_COMPARE(m_f->editor()->plan().workload.demandGpuHours, 12 * 730.0);
        QTRY_COMPARE(find<QLineEdit>(QStringLiteral("param_demand_gpu_hours"))->text(), QStringLiteral("8,760"));
        QVERIFY(find<QLabel>(QStringLiteral("note_demand_gpu_hours"))->text().contains(QStringLiteral("12 engineers")));
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(m_f->editor()->plan().workload.demandGpuHours, 4 * 730.0);
    }

    void anAssumptionWithoutEffectSaysSoInPlace()
    {
        // The electricity price does nothing while power is inside facilities (power per server 0): its note says so,
        // and stops saying it once the servers draw power. A loan rate on a cash purchase serves only the comparison.
        QVERIFY(select(kOnPrem));
        auto *note = find<QLabel>(QStringLiteral("note_electricity_per_kwh"));
        QVERIFY(note);
        QTRY_VERIFY2(note->text().contains(QStringLiteral("no effect while power per server is 0 kW")), qPrintable(note->text()));
        type(find<QLineEdit>(QStringLiteral("param_power_kw_per_server")), QStringLiteral("6.5"));
        QTRY_VERIFY2(!note->text().contains(QStringLiteral("no effect")), qPrintable(note->text()));
        QVERIFY2(find<QLabel>(QStringLiteral("note_loan_rate"))->text().contains(QStringLiteral("financing comparison")),
                 qPrintable(find<QLabel>(QStringLiteral("note_loan_rate"))->text()));
        // Held 48 months in a 36-month plan: never sold, the residual credited instead.
        type(find<QLineEdit>(QStringLiteral("param_holding_months")), QStringLiteral("48"));
        QTRY_VERIFY2(find<QLabel>(QStringLiteral("note_holding_months"))->text().contains(QStringLiteral("no sale within")),
                     qPrintable(find<QLabel>(QStringLiteral("note_holding_months"))->text()));
    }

    void thePlansElectricityPriceReachesThePurchasesThatStateNone()
    {
        // A finance lead types the site's electricity price once, on the workload. While the sample plan's purchase
        // keeps power inside facilities the price says it counts nothing; once the purchase draws power (its GPU
        // picked from the catalog) it pays the plan's price, shown in its own field, until it is given its own.
        auto *price = find<QLineEdit>(QStringLiteral("param_plan_electricity_per_kwh"));
        auto *planNote = find<QLabel>(QStringLiteral("note_plan_electricity_per_kwh"));
        QVERIFY(price && planNote);
        QVERIFY(price->text().isEmpty());
        const int steps = m_f->editor()->undoStack()->count();
        type(price, QStringLiteral("0.2"));
        QTRY_COMPARE(m_f->editor()->plan().workload.electricityPerKwh, std::optional<double>(0.2));
        QCOMPARE(m_f->editor()->undoStack()->count(), steps + 1);
        QTRY_VERIFY2(planNote->text().contains(QStringLiteral("no effect: no purchase states its power per server")),
                     qPrintable(planNote->text()));
        const double before = total(kOnPrem);

        QVERIFY(select(kOnPrem));
        QVERIFY(choose(find<QComboBox>(QStringLiteral("purchaseGpu")), QStringLiteral("A100 40GB")));
        QTRY_COMPARE(*tco::parameterValue(scenario(kOnPrem).scenario, ParamId::PowerKwPerServer), 3.2); // 8 x 400 W
        QTRY_VERIFY2(planNote->text().contains(QStringLiteral("paid by 1 purchase of the plan")), qPrintable(planNote->text()));
        auto *own = find<QLineEdit>(QStringLiteral("param_electricity_per_kwh"));
        QVERIFY(own && own != price);
        QTRY_COMPARE(own->text(), QStringLiteral("0.2"));
        QVERIFY2(find<QLabel>(QStringLiteral("note_electricity_per_kwh"))->text().contains(QStringLiteral("the plan's price")),
                 qPrintable(find<QLabel>(QStringLiteral("note_electricity_per_kwh"))->text()));
        // 1 server x 3.2 kW x 0.8 load x 1.5 PUE x 730 h x $0.20 = $560.64 a month, 36 months.
        const double power = m_f->editor()->result()->atPlanPosition(static_cast<std::size_t>(indexOf(kOnPrem)))
                                 ->result.categoryTotal(tco::Category::Power);
        QVERIFY2(std::abs(power - 36 * 560.64) < 1e-6, qPrintable(QString::number(power, 'f', 4)));
        QVERIFY(total(kOnPrem) > before);

        // The plan's price moves the purchase; a price of its own stops that, and its reset gives the plan's back.
        type(price, QStringLiteral("0.1"));
        QTRY_COMPARE(own->text(), QStringLiteral("0.1"));
        type(own, QStringLiteral("0.3"));
        QTRY_VERIFY(tco::isGiven(scenario(kOnPrem).given, ParamId::ElectricityPerKwh));
        QTRY_VERIFY2(planNote->text().contains(QStringLiteral("no effect: every purchase that draws power states its own")),
                     qPrintable(planNote->text()));
        auto *reset = find<QAbstractButton>(QStringLiteral("reset_electricity_per_kwh"));
        QTRY_VERIFY(reset && reset->isVisible() && reset->height() > 0); // laid out
        QVERIFY(reset->toolTip().contains(QStringLiteral("plan's price")));
        QTest::mouseClick(reset, Qt::LeftButton);
        QTRY_COMPARE(own->text(), QStringLiteral("0.1"));
        QVERIFY(std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario).electricityFromPlan);

        // Emptying the plan's field removes the price (one undo step); Undo brings it back.
        price->setFocus();
        QTest::keyClick(price, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(price, Qt::Key_Backspace);
        QTest::keyClick(price, Qt::Key_Return);
        QTRY_VERIFY(!m_f->editor()->plan().workload.electricityPerKwh);
        QTRY_COMPARE(own->text(), QStringLiteral("0.12"));
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(m_f->editor()->plan().workload.electricityPerKwh, std::optional<double>(0.1));
        QTRY_COMPARE(price->text(), QStringLiteral("0.1"));
    }

    void aPurchasePicksACatalogGpu()
    {
        // Picking a catalog GPU fills the purchase's speedup (its datasheet estimate: the H100's speed is set by nobody)
        // and its power per server (8 GPUs x 700 W TDP = 5.6 kW), one undo step, each value noting its source; both
        // stay editable, and undo brings back the plan's own figures.
        QVERIFY(select(kOnPrem));
        auto *gpu = find<QComboBox>(QStringLiteral("purchaseGpu"));
        auto *source = find<QLabel>(QStringLiteral("purchaseGpuSource"));
        QVERIFY(gpu && source);
        const auto value = [this](ParamId id) { return *tco::parameterValue(scenario(kOnPrem).scenario, id); };
        QCOMPARE(value(ParamId::GpusPerServer), 8.0);
        const double speedupBefore = value(ParamId::Speedup);
        const double powerBefore = value(ParamId::PowerKwPerServer);
        const std::optional<catalog::Gpu> h100 = catalog::GpuTable::find(QStringLiteral("H100 SXM 80GB"));
        QVERIFY(h100 && !h100->speedup && h100->tdpW == 700);
        const std::optional<double> estimate = catalog::estimatedSpeedup(*h100);
        QVERIFY(estimate);
        const int steps = m_f->editor()->undoStack()->count();
        QVERIFY(choose(gpu, QStringLiteral("H100 SXM 80GB")));
        QTRY_COMPARE(value(ParamId::PowerKwPerServer), 5.6);
        QCOMPARE(value(ParamId::Speedup), *estimate);
        QCOMPARE(m_f->editor()->undoStack()->count(), steps + 1);
        QVERIFY(m_f->editor()->undoStack()->undoText().contains(QStringLiteral("H100 SXM 80GB")));
        QTRY_COMPARE(find<QLineEdit>(QStringLiteral("param_power_kw_per_server"))->text(), QStringLiteral("5.6"));
        const QString why = scenario(kOnPrem).assumptions.value(QStringLiteral("speedup"));
        QVERIFY2(why.contains(QStringLiteral("H100 SXM 80GB")) && why.contains(QStringLiteral("8 × 700 W TDP = 5.6 kW"))
                     && why.contains(catalog::estimateBasis(*h100)),
                 qPrintable(why));
        QCOMPARE(scenario(kOnPrem).assumptions.value(QStringLiteral("power_kw_per_server")), why);
        QTRY_COMPARE(source->text(), why);
        QVERIFY(gpu->currentText().startsWith(QStringLiteral("H100 SXM 80GB")));
        // The electricity price now has an effect: its note no longer says otherwise.
        QTRY_VERIFY(!find<QLabel>(QStringLiteral("note_electricity_per_kwh"))->text().contains(QStringLiteral("no effect")));

        // Still editable: the host's draw on top of the GPUs'.
        type(find<QLineEdit>(QStringLiteral("param_power_kw_per_server")), QStringLiteral("6.5"));
        QTRY_COMPARE(value(ParamId::PowerKwPerServer), 6.5);
        QTRY_VERIFY2(source->text().endsWith(QStringLiteral("Since changed in the plan: power per server 6.5 kW.")),
                     qPrintable(source->text()));
        m_f->editor()->undoStack()->undo();
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(value(ParamId::PowerKwPerServer), powerBefore);
        QCOMPARE(value(ParamId::Speedup), speedupBefore);
        QTRY_COMPARE(gpu->currentIndex(), 0);
    }

    void financingIsComparedAndChosenInOneStep()
    {
        // model.md §12: the same server paid by cash, by a loan and by a lease side by side; "Use this financing" switches
        // the scenario in one undoable step and writes the assumed loan terms the plan did not have.
        QVERIFY(select(kOnPrem));
        auto *table = find<QTableWidget>(QStringLiteral("financingTable"));
        auto *useLoan = find<QPushButton>(QStringLiteral("useFinancingLoan"));
        auto *useCash = find<QPushButton>(QStringLiteral("useFinancingCash"));
        QVERIFY(table && useLoan && useCash);
        QCOMPARE(table->columnCount(), 3);
        QVERIFY(!useCash->isEnabled()); // cash is in use
        const QString cashTotal = report::moneyWhole(total(kOnPrem));
        QTRY_COMPARE(table->item(1, 0)->text(), cashTotal);
        QVERIFY2(table->item(0, 1)->text().contains(QStringLiteral("(assumed)")), qPrintable(table->item(0, 1)->text()));
        const QString loanTotal = table->item(1, 1)->text();
        QVERIFY(loanTotal != cashTotal);
        const int steps = m_f->editor()->undoStack()->count();
        QTest::mouseClick(useLoan, Qt::LeftButton);
        const auto financed = [this] { return std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario); };
        QTRY_COMPARE(financed().financing, tco::Financing::Loan);
        QCOMPARE(*financed().loanRate, 0.12);
        QCOMPARE(*financed().loanTermMonths, 36);
        QCOMPARE(m_f->editor()->undoStack()->count(), steps + 1);
        // The dashboard's figures are now the loan's, which the comparison showed before the switch.
        QTRY_COMPARE(report::moneyWhole(total(kOnPrem)), loanTotal);
        QVERIFY(m_f->editor()->result()->atPlanPosition(std::size_t(indexOf(kOnPrem)))->result.categoryTotal(
                    tco::Category::Financing) > 0.0);
        QTRY_VERIFY(!find<QPushButton>(QStringLiteral("useFinancingLoan"))->isEnabled());
        QVERIFY(!table->item(0, 1)->text().contains(QStringLiteral("(assumed)")));
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(financed().financing, tco::Financing::Cash);
        QVERIFY(!financed().loanRate);
        QTRY_COMPARE(report::moneyWhole(total(kOnPrem)), cashTotal);
    }

    void aTeamThatGrowsIsToldItsDemandDoesNotFollow()
    {
        // The sample plan's demand, 2,920 GPU-hours a month, is the whole team's: doubling the team leaves it as it is.
        // The form says so beside the team's size and offers, as one step, to make it 730 per engineer.
        auto *engineers = find<QLineEdit>(QStringLiteral("param_engineers"));
        auto *offer = find<QWidget>(QStringLiteral("teamDemandOffer"));
        auto *note = find<QLabel>(QStringLiteral("teamDemandNote"));
        auto *make = find<QPushButton>(QStringLiteral("makeDemandPerEngineer"));
        QVERIFY(engineers && offer && note && make);
        QVERIFY(!offer->isVisible());
        QCOMPARE(m_f->editor()->plan().workload.engineers, 4);
        QCOMPARE(m_f->editor()->plan().workload.demandGpuHours, 2920.0);
        type(engineers, QStringLiteral("8"));
        QTRY_COMPARE(m_f->editor()->plan().workload.engineers, 8);
        QTRY_VERIFY(offer->isVisible());
        QVERIFY2(note->text().contains(QStringLiteral("set for the whole team")) &&
                     note->text().contains(QStringLiteral("730 each")) && note->text().contains(QStringLiteral("5,840")),
                 qPrintable(note->text()));
        const double before = m_f->editor()->result()->scenarios.front().result.demand;
        const int steps = m_f->editor()->undoStack()->count();
        QTest::mouseClick(make, Qt::LeftButton);
        QTRY_COMPARE(m_f->editor()->plan().workload.demandGpuHoursPerEngineer.value_or(0.0), 730.0);
        QCOMPARE(m_f->editor()->undoStack()->count(), steps + 1);
        QTRY_VERIFY(!offer->isVisible());
        // The demand now follows the team: twice what it was.
        QTRY_COMPARE(m_f->editor()->result()->scenarios.front().result.demand, 2 * before);
        m_f->editor()->undoStack()->undo();
        QTRY_VERIFY(!m_f->editor()->plan().workload.demandGpuHoursPerEngineer);
        // Back to four engineers: the whole-team demand fits the team again, nothing to offer.
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(m_f->editor()->plan().workload.engineers, 4);
        QTRY_VERIFY(!offer->isVisible());
    }

    void financingAtNoCostOfCapitalSaysSoAndOffersTheRate()
    {
        // The sample plan discounts at 0 %: paying later is then worth nothing, so the comparison says so and offers
        // to set the company's cost of capital; set, the NPV row is at that rate and the note goes.
        QVERIFY(select(kOnPrem));
        QCOMPARE(m_f->editor()->plan().workload.discountRate, 0.0);
        auto *note = find<QLabel>(QStringLiteral("financingRateNote"));
        auto *setRate = find<QPushButton>(QStringLiteral("financingSetRate"));
        auto *table = find<QTableWidget>(QStringLiteral("financingTable"));
        QVERIFY(note && setRate && table);
        QTRY_VERIFY(note->isVisible() && setRate->isVisible());
        QVERIFY(note->text().contains(QStringLiteral("paying later is worth nothing")));
        QTimer::singleShot(0, this, [] {
            auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            QCOMPARE(dialog->doubleValue(), 8.0);
            dialog->setDoubleValue(9.5);
            dialog->accept();
        });
        QTest::mouseClick(setRate, Qt::LeftButton);
        QTRY_COMPARE(m_f->editor()->plan().workload.discountRate, 0.095);
        QTRY_VERIFY(!note->isVisible() && !setRate->isVisible());
        QCOMPARE(table->verticalHeaderItem(2)->text(), QStringLiteral("NPV at 9.5 %"));
        m_f->editor()->undoStack()->undo();
        QTRY_VERIFY(note->isVisible());
    }

    void reservedTermsAndMixLayersAreEdited()
    {
        // model.md §11.2: a reserved scenario's terms in a table (one undo step each), refused inline when a start
        // lies outside the horizon.
        const int before = static_cast<int>(m_f->editor()->plan().scenarios.size());
        addScenario(QStringLiteral("reserved"));
        QTRY_COMPARE(static_cast<int>(m_f->editor()->plan().scenarios.size()), before + 1);
        const QString reservedName = m_f->editor()->plan().scenarios.last().name;
        QVERIFY(select(reservedName));
        type(find<QLineEdit>(QStringLiteral("param_rate_per_hour")), QStringLiteral("24"));
        QTRY_COMPARE(std::get<tco::ReservedScenario>(scenario(reservedName).scenario).instance.ratePerHour, 24.0);
        auto *table = find<QTableWidget>(QStringLiteral("param_terms"));
        auto *add = find<QPushButton>(QStringLiteral("addTermButton"));
        auto *note = find<QLabel>(QStringLiteral("termsSummary"));
        QVERIFY(table && add && note);
        QVERIFY2(note->text().contains(QStringLiteral("No terms")), qPrintable(note->text()));
        const auto terms = [&] { return std::get<tco::ReservedScenario>(scenario(reservedName).scenario).terms; };
        QTest::mouseClick(add, Qt::LeftButton);
        QTRY_COMPARE(terms(), (std::vector<tco::ReservedTerm>{{1, 1, 12}}));
        QTest::mouseClick(add, Qt::LeftButton); // a renewal: from the month after the last term ends
        QTRY_COMPARE(terms(), (std::vector<tco::ReservedTerm>{{1, 1, 12}, {13, 1, 12}}));
        UiFixture::typeInCell(table, 1, 1, QStringLiteral("3"));
        QTRY_COMPARE(terms(), (std::vector<tco::ReservedTerm>{{1, 1, 12}, {13, 3, 12}}));
        QTRY_VERIFY2(note->text().contains(QStringLiteral("At most 3 instances")), qPrintable(note->text()));
        UiFixture::typeInCell(table, 1, 0, QStringLiteral("40"));
        auto *error = find<QLabel>(QStringLiteral("error_terms"));
        QTRY_VERIFY(error->isVisible());
        QVERIFY2(error->text().contains(QStringLiteral("a whole month from 1 to 36")), qPrintable(error->text()));
        QCOMPARE(terms(), (std::vector<tco::ReservedTerm>{{1, 1, 12}, {13, 3, 12}}));
        UiFixture::typeInCell(table, 1, 0, QStringLiteral("25"));
        QTRY_COMPARE(terms(), (std::vector<tco::ReservedTerm>{{1, 1, 12}, {25, 3, 12}}));
        const tco::EvaluatedScenario *evaluated = m_f->editor()->result()->atPlanPosition(static_cast<std::size_t>(before));
        QVERIFY(evaluated);
        QCOMPARE(evaluated->result.months[24].instances, 3.0);

        // model.md §11.3: a mix starts on the first scenario that can be a layer; ticking adds a layer, unticking
        // the last is refused, and "none" as burst leaves the rest unmet.
        addScenario(QStringLiteral("mix"));
        QTRY_COMPARE(static_cast<int>(m_f->editor()->plan().scenarios.size()), before + 2);
        const QString mixName = m_f->editor()->plan().scenarios.last().name;
        QVERIFY(select(mixName));
        const auto mix = [&] { return std::get<tco::MixScenario>(scenario(mixName).scenario); };
        QCOMPARE(mix().layers, QStringList{kAws});
        auto *list = find<QListWidget>(QStringLiteral("param_layers"));
        QVERIFY(list);
        QListWidgetItem *reservedItem = nullptr;
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->data(Qt::UserRole).toString() == reservedName)
                reservedItem = list->item(i);
        QVERIFY(reservedItem);
        reservedItem->setCheckState(Qt::Checked);
        QTRY_COMPARE(mix().layers, (QStringList{kAws, reservedName}));
        list->item(0)->setCheckState(Qt::Unchecked); // AWS
        QTRY_COMPARE(mix().layers, QStringList{reservedName});
        list->item(0)->setCheckState(Qt::Unchecked); // the reserved one, now the only layer, first in the list
        auto *layersError = find<QLabel>(QStringLiteral("error_layers"));
        QTRY_VERIFY(layersError->isVisible());
        QCOMPARE(mix().layers, QStringList{reservedName});
        auto *burst = find<QComboBox>(QStringLiteral("param_burst"));
        QVERIFY(burst);
        QCOMPARE(burst->itemText(0), QStringLiteral("none: what the layers cannot serve is unmet"));
        burst->setCurrentIndex(0);
        emit burst->activated(0);
        QTRY_VERIFY(mix().burst.isEmpty());
        QTRY_VERIFY(m_f->editor()->result()->atPlanPosition(static_cast<std::size_t>(before + 1))->result.hasUnmetDemand());
        m_f->editor()->undoStack()->undo();
        QTRY_VERIFY(!mix().burst.isEmpty());
    }

    /// With MLTCO_SCENARIO_SHOTS=<dir>, writes a 1440x900 PNG of the page for each scenario of the sample
    /// plan, plus a refused field and an incomplete scenario: for looking at, not asserted on.
    void saveScreenshotsWhenAsked()
    {
        const QString dir = qEnvironmentVariable("MLTCO_SCENARIO_SHOTS");
        if (dir.isEmpty())
            QSKIP("set MLTCO_SCENARIO_SHOTS to a folder to write screenshots");
        QVERIFY(QDir().mkpath(dir));
        const auto shot = [&](const QString &name) {
            QTest::qWait(50); // let layout requests settle
            QVERIFY(m_f->window->grab().save(dir + QLatin1Char('/') + name + QStringLiteral(".png")));
        };
        const QStringList names = [this] {
            QStringList out;
            for (const tco::PlanScenario &s : m_f->editor()->plan().scenarios)
                out << s.name;
            return out;
        }();
        for (int i = 0; i < names.size(); ++i) {
            QVERIFY(select(names.at(i)));
            shot(QStringLiteral("scenario-%1").arg(i + 1));
        }
        QVERIFY(select(kOnPrem));
        if (auto *box = find<QWidget>(QStringLiteral("financingBox"))) {
            QTRY_VERIFY(box->height() >= box->minimumSizeHint().height());
            QWidget *w = box;
            while (w && !qobject_cast<QScrollArea *>(w))
                w = w->parentWidget();
            if (auto *scroll = qobject_cast<QScrollArea *>(w)) {
                QTest::qWait(100);
                scroll->verticalScrollBar()->setValue(scroll->verticalScrollBar()->maximum()); // the box is last
            }
        }
        shot(QStringLiteral("financing"));
        // The Generation group with a falling price, a successor and a drop stated, one refused.
        type(find<QLineEdit>(QStringLiteral("param_server_price_trend")), QStringLiteral("-25"));
        type(find<QLineEdit>(QStringLiteral("param_successor_value_drop")), QStringLiteral("30"));
        if (auto *box = find<QWidget>(QStringLiteral("generationBox"))) {
            QWidget *w = box;
            while (w && !qobject_cast<QScrollArea *>(w))
                w = w->parentWidget();
            if (auto *scroll = qobject_cast<QScrollArea *>(w)) {
                QTest::qWait(100);
                scroll->ensureWidgetVisible(box, 0, 0);
            }
        }
        shot(QStringLiteral("generation"));
        type(find<QLineEdit>(QStringLiteral("param_successor_month")), QStringLiteral("20"));
        shot(QStringLiteral("generation-successor"));
        QVERIFY(select(kLinode));
        type(find<QLineEdit>(QStringLiteral("param_nodes")), QStringLiteral("1"));
        type(find<QLineEdit>(QStringLiteral("param_ops_fte")), QStringLiteral("much"));
        shot(QStringLiteral("unmet-and-refused"));
        QVERIFY(select(kAws));
        type(find<QLineEdit>(QStringLiteral("param_rate_per_hour")), QStringLiteral("13.5"));
        type(find<QLineEdit>(QStringLiteral("param_boxes")), QStringLiteral("3"));
        shot(QStringLiteral("override"));
        addScenario(QStringLiteral("elastic"));
        QTRY_VERIFY(!m_f->editor()->result()->leftOut.empty());
        shot(QStringLiteral("incomplete"));
        addScenario(QStringLiteral("reserved"));
        QTRY_VERIFY(select(m_f->editor()->plan().scenarios.last().name));
        type(find<QLineEdit>(QStringLiteral("param_rate_per_hour")), QStringLiteral("24"));
        m_f->editor()->setReservedTerms(static_cast<int>(m_f->editor()->plan().scenarios.size()) - 1,
                                        {{1, 2, 12}, {13, 3, 36}});
        shot(QStringLiteral("reserved"));
        addScenario(QStringLiteral("mix"));
        QTRY_VERIFY(select(m_f->editor()->plan().scenarios.last().name));
        shot(QStringLiteral("mix"));
    }
};

MLTCO_TEST_MAIN(TestScenarios)
#include "tst_scenarios.moc"

// Model version 2 in the GUI, driven through the real widgets on the bundled "growing team" example: opened
// from File > Open example; the hybrid's base and burst pickers, choice fields (expansion, depreciation), the
// demand-steps editor and the tax rate, each refusing bad input inline and undoable; the dashboard's capacity
// chart, hybrid chart, after-tax labels and the fleet break-even utilization.
#include "tests/support/testmain.h"
#include "uitestutil.h"

#include "models/report/format.h"
#include "models/plan/planreader.h"
#include "models/store/document.h"
#include "models/store/planstore.h"
#include "models/plan/parameters.h"
#include "ui/charts/chartview.h"
#include "ui/dashboard/breakevenchart.h"
#include "ui/dashboard/capacitychart.h"
#include "ui/dashboard/dashboardpage.h"
#include "ui/dashboard/hybridchart.h"
#include "ui/scenarios/scenariospage.h"

#include <QAbstractItemView>
#include <QAction>
#include <QChart>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenu>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryFile>
#include <QTreeView>

#include <algorithm>

using namespace mltco;
using tco::ParamId;

namespace {

const QString kHybrid = QStringLiteral("Own 1 server, burst to preemptible A100");
const QString kGrowing = QStringLiteral("On-prem 8xA100, bought as demand grows");
const QString kBaseline = QStringLiteral("On-prem baseline, 1 server");
const QString kGcp = QStringLiteral("GCP preemptible A100, autoscaled");

} // namespace

class TestGrowingTeam final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<UiFixture> m_f;

    template<typename T>
    T *onScenarios(const QString &name) const
    {
        return m_f->onScenarios<T>(name);
    }
    int indexOf(const QString &name) const { return m_f->indexOf(name); }
    const tco::PlanScenario &scenario(const QString &name) const { return m_f->scenario(name); }
    bool select(const QString &name)
    {
        m_f->window->showPage(ui::MainWindow::Scenarios);
        return m_f->select(name);
    }
    static bool choose(QComboBox *combo, const QString &text) { return UiFixture::choose(combo, text); }
    static void type(QLineEdit *edit, const QString &text) { UiFixture::type(edit, text); }

    static void typeInCell(QTableWidget *table, int row, int column, const QString &text)
    {
        UiFixture::typeInCell(table, row, column, text);
    }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void init()
    {
        m_f = std::make_unique<UiFixture>();
        QVERIFY(m_f->open());
        // File > Open example > Growing team, through the menu as a user picks it.
        auto *action = m_f->find<QAction>(QStringLiteral("openExample_growing-team"));
        QVERIFY(action);
        action->trigger();
        QTRY_COMPARE(m_f->editor()->plan().name,
                     QStringLiteral("Growing team: three years of a team that doubles, after tax"));
        QVERIFY2(m_f->editor()->result(), qPrintable(m_f->editor()->evaluationError()));
    }

    void cleanup() { m_f.reset(); }

    void exampleOpensOnTheDashboardAfterTax()
    {
        auto *page = m_f->find<ui::DashboardPage>(QStringLiteral("dashboardPage"));
        QVERIFY(page);
        QTRY_VERIFY(page->isVisible());
        QVERIFY(m_f->find<QLabel>(QStringLiteral("dashboardSubtitle"))->text().contains(QStringLiteral("after tax at 21 %")));
        QVERIFY(page->findChild<ui::ChartView *>(QStringLiteral("cumulativeChart"))->chart()->title().contains(
            QStringLiteral("after tax at 21 %")));
        // The example is stored in the document: it is there after reopening.
        const QString path = m_f->editor()->document().path();
        m_f->window.reset();
        ui::MainWindow again;
        QVERIFY(again.openDocument(path));
        // The window opens the document's first plan; the example is stored beside it, whole (with its version-3
        // reserved scenario, mix and fleet plan request).
        bool stored = false;
        for (const store::StoredPlan &p : store::PlanStore(again.editor()->document().database()).plans()) {
            const Expected<tco::Plan> plan = tco::readPlan(p.json);
            if (plan && plan->name == QStringLiteral("Growing team: three years of a team that doubles, after tax")) {
                stored = true;
                QCOMPARE(plan->scenarios.size(), 9);
                QVERIFY(plan->optimize);
            }
        }
        QVERIFY(stored);
    }

    void capacityChartShowsDemandAndTheGrowingFleet()
    {
        auto *chart = m_f->find<ui::CapacityChart>(QStringLiteral("capacityPanel"));
        QVERIFY(chart);
        const QList<QAbstractSeries *> series = chart->view()->chart()->series();
        QCOMPARE(series.first()->name(), QStringLiteral("Demand"));
        // Elastic capacity follows demand, so it has no line: seven of the nine scenarios (two elastic) and the demand.
        QCOMPARE(series.size(), 1 + 7);
        QAbstractSeries *growing = nullptr;
        for (QAbstractSeries *s : series) {
            if (s->name() == kGrowing)
                growing = s;
        }
        QVERIFY(growing);
        const auto *line = static_cast<QLineSeries *>(growing);
        // 8 GPUs x speedup 4 x 730 h = 23,360 GPU-hours a server: 1 server at first, 3 at the end (in thousands).
        QCOMPARE(line->at(0).y(), 23.36);
        QCOMPARE(line->at(line->count() - 1).y(), 3 * 23.36);
    }

    void hybridChartSplitsBaseAndBurst()
    {
        auto *chart = m_f->find<ui::HybridChart>(QStringLiteral("hybridPanel"));
        QVERIFY(chart);
        QTRY_VERIFY(chart->isVisible());
        const tco::ScenarioResult &r = m_f->editor()->result()->scenarios.at(static_cast<std::size_t>(indexOf(kHybrid))).result;
        QVERIFY(r.burst > 0);
        QVERIFY(chart->view()->chart()->title().contains(report::percent(r.burstGpuHours / r.demand, 0)));
        // A plan without a hybrid hides the chart.
        m_f->window->showPage(ui::MainWindow::Scenarios);
        QVERIFY(select(kHybrid));
        QTest::mouseClick(onScenarios<QPushButton>(QStringLiteral("deleteScenarioButton")), Qt::LeftButton);
        QTRY_COMPARE(indexOf(kHybrid), -1);
        m_f->window->showPage(ui::MainWindow::Dashboard);
        QTRY_VERIFY(!chart->isVisible());
    }

    void fleetBreakEvenAgainstElastic()
    {
        auto *breakEven = m_f->find<ui::BreakEvenChart>(QStringLiteral("breakEvenPanel"));
        auto *selector = breakEven->findChild<QComboBox *>(QStringLiteral("breakEvenSelector"));
        QVERIFY(choose(selector, kBaseline + QStringLiteral(" vs ") + kGcp));
        const tco::FleetBreakEven &f = *m_f->editor()->result()->breakeven.at(1).result.fleet;
        QCOMPARE(breakEven->view()->chart()->title(), QStringLiteral("Own vs pay-per-use by demand"));
        QVERIFY(!f.reachable);
        QVERIFY2(breakEven->note().contains(QStringLiteral("only at %1 times the work they can do")
                                                .arg(report::grouped(f.utilization, 1))),
                 qPrintable(breakEven->note()));
        QVERIFY(breakEven->note().startsWith(QStringLiteral("Paying per use for %1 costs less than owning").arg(kGcp)));
    }

    void hybridPicksItsBaseAndBurst()
    {
        QVERIFY(select(kHybrid));
        auto *base = onScenarios<QComboBox>(QStringLiteral("param_base"));
        auto *burst = onScenarios<QComboBox>(QStringLiteral("param_burst"));
        QVERIFY(base && burst);
        QCOMPARE(base->currentText(), kBaseline);
        // Only kinds that fit are offered: the base list has no elastic scenario, the burst list only elastic ones.
        QCOMPARE(base->findText(kGcp), -1);
        QCOMPARE(burst->count(), 2); // preemptible and on demand
        const double before = m_f->editor()->result()->scenarios.at(static_cast<std::size_t>(indexOf(kHybrid))).result.total;
        QVERIFY(choose(base, kGrowing));
        QTRY_COMPARE(std::get<tco::HybridScenario>(scenario(kHybrid).scenario).base, kGrowing);
        // Growing to demand, the base serves more itself: a different total.
        QVERIFY(m_f->editor()->result()->scenarios.at(static_cast<std::size_t>(indexOf(kHybrid))).result.total != before);
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(std::get<tco::HybridScenario>(scenario(kHybrid).scenario).base, kBaseline);
        QTRY_COMPARE(base->currentText(), kBaseline);
        // The cap refuses a value out of range, inline.
        auto *cap = onScenarios<QLineEdit>(QStringLiteral("param_base_max_utilization"));
        type(cap, QStringLiteral("120"));
        auto *error = onScenarios<QLabel>(QStringLiteral("error_base_max_utilization"));
        QTRY_VERIFY(error->isVisible());
        QVERIFY2(error->text().contains(QStringLiteral("from 0 to 100")), qPrintable(error->text()));
        QCOMPARE(std::get<tco::HybridScenario>(scenario(kHybrid).scenario).baseMaxUtilization, 0.85);
    }

    void renamingABaseFollowsInTheHybrid()
    {
        m_f->editor()->renameScenario(indexOf(kBaseline), QStringLiteral("Owned rack"));
        QTRY_COMPARE(std::get<tco::HybridScenario>(scenario(kHybrid).scenario).base, QStringLiteral("Owned rack"));
        QVERIFY(m_f->editor()->result());
    }

    void choiceFieldsChangeTheModelAndUndo()
    {
        QVERIFY(select(kGrowing));
        auto *expansion = onScenarios<QComboBox>(QStringLiteral("param_expansion"));
        auto *depreciation = onScenarios<QComboBox>(QStringLiteral("param_depreciation"));
        QVERIFY(expansion && depreciation);
        QCOMPARE(expansion->currentText(), QStringLiteral("grows with demand"));
        QCOMPARE(depreciation->currentText(), QStringLiteral("MACRS 5-year"));
        QVERIFY(choose(expansion, QStringLiteral("fixed size")));
        QTRY_COMPARE(std::get<tco::PurchaseScenario>(scenario(kGrowing).scenario).expansion, tco::Expansion::None);
        // One server for growing demand now falls short: the form says so.
        const tco::ScenarioResult &fixed = m_f->editor()->result()->scenarios.at(static_cast<std::size_t>(indexOf(kGrowing))).result;
        QVERIFY(fixed.hasUnmetDemand());
        QVERIFY(choose(depreciation, QStringLiteral("straight line")));
        QTRY_COMPARE(std::get<tco::PurchaseScenario>(scenario(kGrowing).scenario).depreciation,
                     tco::Depreciation::StraightLine);
        m_f->editor()->undoStack()->undo();
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(std::get<tco::PurchaseScenario>(scenario(kGrowing).scenario).expansion, tco::Expansion::ToDemand);
        QTRY_COMPARE(expansion->currentText(), QStringLiteral("grows with demand"));
    }

    void powerFieldRefusesOutOfRange()
    {
        QVERIFY(select(kGrowing));
        auto *pue = onScenarios<QLineEdit>(QStringLiteral("param_pue"));
        type(pue, QStringLiteral("0.5"));
        auto *error = onScenarios<QLabel>(QStringLiteral("error_pue"));
        QTRY_VERIFY(error->isVisible());
        QVERIFY2(error->text().contains(QStringLiteral("from 1 to 3")), qPrintable(error->text()));
        QCOMPARE(std::get<tco::PurchaseScenario>(scenario(kGrowing).scenario).pue, 1.58);
        type(pue, QStringLiteral("1.2"));
        QTRY_COMPARE(std::get<tco::PurchaseScenario>(scenario(kGrowing).scenario).pue, 1.2);
    }

    void demandStepsAreEditedInTheirTable()
    {
        m_f->window->showPage(ui::MainWindow::Scenarios);
        auto *table = onScenarios<QTableWidget>(QStringLiteral("param_demand_steps"));
        auto *error = onScenarios<QLabel>(QStringLiteral("error_demand_steps"));
        QVERIFY(table && error);
        QCOMPARE(table->rowCount(), 1);
        QCOMPARE(table->item(0, 0)->text(), QStringLiteral("13"));
        // Add step: a year after the last one, at the demand then in force.
        QTest::mouseClick(onScenarios<QPushButton>(QStringLiteral("addDemandStepButton")), Qt::LeftButton);
        QTRY_COMPARE(m_f->editor()->plan().workload.demandSteps.size(), std::size_t(2));
        QCOMPARE(m_f->editor()->plan().workload.demandSteps.back().month, 25);
        QCOMPARE(m_f->editor()->plan().workload.demandSteps.back().gpuHours, 17520.0);
        QTRY_COMPARE(table->rowCount(), 2);
        // A month beyond the 36-month horizon is refused in words, the plan unchanged.
        const int steps = m_f->editor()->undoStack()->count();
        typeInCell(table, 1, 0, QStringLiteral("40"));
        QTRY_VERIFY(error->isVisible());
        QVERIFY2(error->text().contains(QStringLiteral("from 1 to 36")), qPrintable(error->text()));
        QCOMPARE(m_f->editor()->plan().workload.demandSteps.back().month, 25);
        QCOMPARE(m_f->editor()->undoStack()->count(), steps);
        // A valid demand goes in, and the dashboard's peak follows.
        typeInCell(table, 1, 0, QStringLiteral("30"));
        QTRY_COMPARE(m_f->editor()->plan().workload.demandSteps.back().month, 30);
        typeInCell(table, 1, 1, QStringLiteral("30000"));
        QTRY_COMPARE(m_f->editor()->plan().workload.demandSteps.back().gpuHours, 30000.0);
        QCOMPARE(m_f->editor()->plan().workload.demandSteps.back().month, 30);
        QVERIFY(!error->isVisible());
        QVERIFY(onScenarios<QLabel>(QStringLiteral("demandSummary"))->text().contains(
            report::grouped(tco::peakDemand(m_f->editor()->plan().workload), 0)));
    }

    void breakEvenBasisIsAChoice()
    {
        m_f->window->showPage(ui::MainWindow::Scenarios);
        auto *basis = onScenarios<QComboBox>(QStringLiteral("breakEvenBasis"));
        QVERIFY(basis && basis->isEnabled());
        QCOMPARE(basis->currentText(), QStringLiteral("equal throughput"));
        const auto sweepCloud = [this] { return m_f->editor()->result()->breakeven.front().result.sweep.front().cloudTotal; };
        const double fair = sweepCloud();
        QVERIFY(choose(basis, QStringLiteral("one instance per server")));
        QTRY_COMPARE(m_f->editor()->plan().breakeven.front().basis, tco::BreakEvenBasis::Count);
        // One p3.8xlarge (4 V100) instead of the eight of equal throughput: an eighth of the cloud cost.
        QVERIFY(std::abs(sweepCloud() * 8 - fair) < 1e-6 * fair);
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(m_f->editor()->plan().breakeven.front().basis, tco::BreakEvenBasis::Capacity);
        // Against an elastic scenario there is no sweep: the choice does not apply.
        auto *cloud = onScenarios<QComboBox>(QStringLiteral("breakEvenCloud"));
        QVERIFY(choose(cloud, kGcp));
        QTRY_VERIFY(!basis->isEnabled());
        QTRY_VERIFY(onScenarios<QLabel>(QStringLiteral("breakEvenResult"))->text().contains(QStringLiteral("Paying per use")));
    }

    void estimatedSpeedupIsMarkedAndMixingWarns()
    {
        // The seed catalog's Lambda 8 x H100 has no measured speedup (its A100 has seed 000's 4.0): the form says
        // the H100's is estimated from its datasheet, and the dashboard warns that the plan mixes the scales.
        QTemporaryFile file;
        QVERIFY(file.open());
        file.write(R"({"name": "Lambda", "scenarios": [
            {"name": "H100 node", "kind": "cluster", "instance": {"provider": "lambda", "name": "gpu_8x_h100_sxm5", "pricing": "on_demand"}},
            {"name": "A100 node", "kind": "cluster", "instance": {"provider": "lambda", "name": "gpu_8x_a100", "pricing": "on_demand"}}]})");
        file.close();
        QVERIFY(m_f->window->importPlanFile(file.fileName()));
        QVERIFY2(m_f->editor()->result(), qPrintable(m_f->editor()->evaluationDetails().join(QLatin1Char('\n'))));
        QVERIFY(select(QStringLiteral("H100 node")));
        auto *speedup = onScenarios<QLineEdit>(QStringLiteral("param_speedup"));
        QCOMPARE(speedup->text(), QStringLiteral("7.912"));
        const QList<QLabel *> labels = onScenarios<QWidget>(QStringLiteral("scenarioForm"))->findChildren<QLabel *>();
        const bool marked = std::any_of(labels.begin(), labels.end(), [](const QLabel *l) {
            return l->text().startsWith(QStringLiteral("estimated from datasheets: 989 dense FP16 TFLOPS / 125"));
        });
        QVERIFY(marked);
        m_f->window->showPage(ui::MainWindow::Dashboard);
        auto *notes = m_f->find<QLabel>(QStringLiteral("dashboardNotes"));
        QTRY_VERIFY(notes->isVisible());
        QVERIFY2(notes->text().contains(QStringLiteral("speedups on two scales")), qPrintable(notes->text()));
        QVERIFY(notes->text().contains(QStringLiteral("estimated from datasheets for H100 SXM 80GB")));
    }

    void taxRateIsRefusedAboveNinetyPercent()
    {
        m_f->window->showPage(ui::MainWindow::Scenarios);
        auto *tax = onScenarios<QLineEdit>(QStringLiteral("param_tax_rate"));
        QCOMPARE(tax->text(), QStringLiteral("21"));
        type(tax, QStringLiteral("95"));
        auto *error = onScenarios<QLabel>(QStringLiteral("error_tax_rate"));
        QTRY_VERIFY(error->isVisible());
        QVERIFY2(error->text().contains(QStringLiteral("from 0 to 90")), qPrintable(error->text()));
        QCOMPARE(m_f->editor()->plan().workload.taxRate, 0.21);
        type(tax, QStringLiteral("0"));
        QTRY_COMPARE(m_f->editor()->plan().workload.taxRate, 0.0);
        auto *caption = onScenarios<QWidget>(QStringLiteral("resultTotalCard"))->findChild<QLabel *>(QStringLiteral("caption"));
        QTRY_COMPARE(caption->text(), QStringLiteral("Total, 36 months"));
        m_f->editor()->undoStack()->undo();
        QTRY_COMPARE(caption->text(), QStringLiteral("Total, 36 months, after tax at 21 %"));
    }
};

MLTCO_TEST_MAIN(TestGrowingTeam)
#include "tst_growingteam.moc"

// A purchase's Generation group and the site around its servers on the Scenarios page (model \u00a714): the price
// trend moves the capex, a refused combination is said at its field, idle power and a fixed load replace each other,
// and the form settles in every window size with its notes and refusals showing.
#include "models/plan/parameters.h"
#include "tests/support/approx.h"
#include "tests/support/testmain.h"
#include "uitestutil.h"

#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

using namespace mltco;

namespace {
const QString kOnPrem = QStringLiteral("On-prem 8xA100, 1 server");
} // namespace

class TestGenerationForm final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<UiFixture> m_f;

    template<typename T>
    T *find(const QString &name) const
    {
        return m_f->onScenarios<T>(name);
    }
    const tco::PlanScenario &scenario(const QString &name) const { return m_f->scenario(name); }
    bool select(const QString &name) { return m_f->select(name); }
    static void type(QLineEdit *edit, const QString &text) { UiFixture::type(edit, text); }

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

    void theGenerationGroupSaysWhenAndAtWhatPrice()
    {
        // A purchase's Generation group (model §14.1): the price trend moves the capex, a drop without the successor's
        // month is refused at its field in words, and the month makes it count; idle power replaces a fixed load.
        QVERIFY(select(kOnPrem));
        auto *box = find<QGroupBox>(QStringLiteral("generationBox"));
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        auto *trend = find<QLineEdit>(QStringLiteral("param_server_price_trend"));
        QVERIFY(trend && box->isAncestorOf(trend));
        const auto purchase = [this] { return std::get<tco::PurchaseScenario>(scenario(kOnPrem).scenario); };
        const auto capex = [this] {
            const tco::EvaluatedScenario *s =
                m_f->editor()->result()->atPlanPosition(static_cast<std::size_t>(m_f->indexOf(kOnPrem)));
            return s ? s->result.categoryTotal(tco::Category::Capex) : -1.0;
        };
        const double before = capex();
        QVERIFY(before > 0);
        // Bought in month 1, the first cycle pays today's price whatever the trend; a renewal after the holding period
        // would pay less. A month-13 purchase pays 25 % less than the list price.
        m_f->editor()->setPurchaseSchedule(m_f->indexOf(kOnPrem), {{13, 1}});
        QTRY_VERIFY(capex() > before);
        const double withSchedule = capex();
        type(trend, QStringLiteral("-25")); // per cent a year, as the field shows it
        QTRY_COMPARE(purchase().serverPriceTrend, -0.25);
        QTRY_VERIFY(capex() < withSchedule);
        QCOMPARE_NEAR(withSchedule - capex(), 0.25 * purchase().serverPrice * (1.0 - tco::bulkDiscountFor(purchase().bulkDiscounts, 1)));

        auto *drop = find<QLineEdit>(QStringLiteral("param_successor_value_drop"));
        type(drop, QStringLiteral("30"));
        auto *dropError = find<QLabel>(QStringLiteral("error_successor_value_drop"));
        QTRY_VERIFY(dropError->isVisible());
        QVERIFY2(dropError->text().contains(QStringLiteral("successor_month")), qPrintable(dropError->text()));
        // The scenario is left out of the figures, with the reason, while the others still show.
        const auto leftOut = [this]() -> QString {
            const tco::LeftOut *out = m_f->editor()->result()->leftOutAt(static_cast<std::size_t>(m_f->indexOf(kOnPrem)));
            return out ? out->problems.join(QLatin1Char('\n')) : QString();
        };
        QTRY_VERIFY2(leftOut().contains(QStringLiteral("successor_value_drop: needs successor_month")), qPrintable(leftOut()));
        type(find<QLineEdit>(QStringLiteral("param_successor_month")), QStringLiteral("20"));
        QTRY_VERIFY(leftOut().isEmpty());
        QTRY_VERIFY(!dropError->isVisible());
        QCOMPARE(purchase().successorMonth, std::optional<int>(20));

        // Idle power typed over a stated average load replaces it, in one step.
        type(find<QLineEdit>(QStringLiteral("param_average_load")), QStringLiteral("60"));
        QTRY_VERIFY(tco::isGiven(scenario(kOnPrem).given, tco::ParamId::AverageLoad));
        type(find<QLineEdit>(QStringLiteral("param_idle_power_fraction")), QStringLiteral("30"));
        QTRY_COMPARE(purchase().idlePowerFraction, std::optional<double>(0.3));
        QVERIFY(!tco::isGiven(scenario(kOnPrem).given, tco::ParamId::AverageLoad));
        QTRY_VERIFY(m_f->editor()->result());
        const int steps = m_f->editor()->undoStack()->index();
        m_f->editor()->undoStack()->undo();
        QTRY_VERIFY(!purchase().idlePowerFraction);
        QVERIFY(tco::isGiven(scenario(kOnPrem).given, tco::ParamId::AverageLoad));
        QCOMPARE(m_f->editor()->undoStack()->index(), steps - 1);
    }

    void resizingTheFormAlwaysComesBack()
    {
        // A purchase's form with its notes and a refused field, in every size of window: wrapped notes change the form's
        // height with its width and a scroll bar takes width, yet every size settles and the window answers.
        QVERIFY(select(kOnPrem));
        type(find<QLineEdit>(QStringLiteral("param_successor_value_drop")), QStringLiteral("30"));
        type(find<QLineEdit>(QStringLiteral("param_available_from_month")), QStringLiteral("7"));
        QTRY_VERIFY(find<QLabel>(QStringLiteral("error_servers"))->isVisible());
        for (int w = 760; w <= 1480; w += 11)
            for (int h : {520, 659, 932, 1156}) {
                m_f->window->resize(w, h);
                QCoreApplication::processEvents();
            }
        bool answered = false;
        QTimer::singleShot(0, [&answered] { answered = true; });
        QTRY_VERIFY_WITH_TIMEOUT(answered, 10000);
    }
};

MLTCO_TEST_MAIN(TestGenerationForm)
#include "tst_generationform.moc"

// The dashboard as a page of a small window: the wheel scrolls it (a chart zooms only with Ctrl), and at 1024×700
// every card holds its whole text, none over another.
#include "tests/support/testmain.h"
#include "ui/charts/chartview.h"
#include "ui/dashboard/kpicard.h"
#include "uitestutil.h"

#include <QChart>
#include <QElapsedTimer>
#include <QTimer>
#include <QLayout>
#include <QScrollArea>
#include <QScrollBar>
#include <QValueAxis>
#include <QWheelEvent>
#include <QtTest>
#include <QtTest/qtestspontaneevent.h>

using namespace mltco;
using ui::ChartView;
using ui::KpiCard;

class TestDashboardLayout final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void theWheelScrollsThePageAndZoomsOnlyWithCtrl()
    {
        // A finance lead scrolling the dashboard with the wheel: the charts passing under the pointer stay as they are
        // and the page moves; Ctrl+wheel zooms in, and zooming back out stops at the whole chart.
        UiFixture f;
        QVERIFY(f.open());
        f.window->resize(1024, 700);
        auto *chart = f.find<ChartView>(QStringLiteral("cumulativeChart"));
        auto *scroll = f.find<QScrollArea>(QStringLiteral("dashboardScroll"));
        QVERIFY(chart && scroll);
        QTRY_VERIFY(scroll->verticalScrollBar()->maximum() > 0);
        auto *axis = qobject_cast<QValueAxis *>(chart->chart()->axes(Qt::Horizontal).constFirst());
        QVERIFY(axis);
        const double min = axis->min(), max = axis->max();
        const QPoint at = chart->viewport()->rect().center();
        const auto wheel = [&](int delta, Qt::KeyboardModifiers modifiers) {
            QWheelEvent event(QPointF(at), QPointF(chart->viewport()->mapToGlobal(at)), QPoint(), QPoint(0, delta),
                              Qt::NoButton, modifiers, Qt::NoScrollPhase, false);
            // As from the window system: only such a wheel event goes on to the parents when a widget ignores it.
            QSpontaneKeyEvent::setSpontaneous(&event);
            qApp->notify(chart->viewport(), &event); // sendEvent() would clear the spontaneous mark
        };
        const int top = scroll->verticalScrollBar()->value();
        wheel(-120, Qt::NoModifier);
        QTRY_VERIFY(scroll->verticalScrollBar()->value() > top);
        QCOMPARE(axis->min(), min);
        QCOMPARE(axis->max(), max);
        wheel(240, Qt::ControlModifier);
        QVERIFY(axis->max() - axis->min() < (max - min) * 0.8);
        wheel(-720, Qt::ControlModifier); // out, further than in
        QCOMPARE(axis->min(), min);
        QCOMPARE(axis->max(), max);
        QVERIFY(!chart->chart()->isZoomed());
    }

    void resizingTheWindowAlwaysComesBack()
    {
        // Wrapped sentences in a scrolled page (the summary, the gap's sentence) change height with the width, and a
        // scroll bar that appears takes width: every size the window is given settles, and the window answers.
        UiFixture f;
        QVERIFY(f.open());
        QVERIFY(static_cast<bool>(f.window->openExample(QStringLiteral("growing-team"))));
        f.window->showPage(ui::MainWindow::Dashboard);
        QElapsedTimer timer;
        timer.start();
        for (int w = 800; w <= 1460; w += 23)
            for (int h : {508, 700, 932}) {
                f.window->resize(w, h);
                QCoreApplication::processEvents();
            }
        QTest::qWait(50);
        bool answered = false;
        QTimer::singleShot(0, [&answered] { answered = true; });
        QTRY_VERIFY_WITH_TIMEOUT(answered, 10000);
        qInfo("%d sizes in %lld ms", 29 * 3, static_cast<long long>(timer.elapsed()));
    }

    void everyPageAnswersAfterEveryWindowSize()
    {
        // Every page in the window sizes a user drags it to (and those the window monkey found): the page settles and
        // the window answers. Wrapped text in a scrolled page once made it resize itself without end.
        UiFixture f;
        QVERIFY(f.open());
        QVERIFY(static_cast<bool>(f.window->openExample(QStringLiteral("growing-team"))));
        const QList<QSize> sizes{{1299, 932}, {1370, 659}, {1352, 1156}, {1092, 508}, {800, 600}, {1440, 900}, {1920, 1200}};
        for (int page = 0; page < 8; ++page) {
            f.window->showPage(static_cast<ui::MainWindow::Page>(page));
            for (const QSize &size : sizes) {
                f.window->resize(size);
                QCoreApplication::processEvents();
            }
            for (int w = 900; w <= 1500; w += 17) {
                f.window->resize(w, 1156);
                QCoreApplication::processEvents();
            }
        }
        bool answered = false;
        QTimer::singleShot(0, [&answered] { answered = true; });
        QTRY_VERIFY_WITH_TIMEOUT(answered, 10000);
    }

    void noCardIsClippedAt1024x700()
    {
        // On a 1024×700 window the growing-team plan's cards hold their whole text: each card at least as tall as its
        // wrapped text needs at its width (the break-even card's sentence, a card's last "Baseline" line).
        UiFixture f;
        QVERIFY(f.open());
        QVERIFY(static_cast<bool>(f.window->openExample(QStringLiteral("growing-team"))));
        f.window->resize(1024, 700);
        f.window->showPage(ui::MainWindow::Dashboard);
        QTest::qWait(100);
        const QList<KpiCard *> cards = f.window->findChildren<KpiCard *>();
        QVERIFY(cards.size() >= 4 + 9);
        for (KpiCard *card : cards) {
            if (!card->isVisible())
                continue;
            QTRY_VERIFY2(card->height() >= card->layout()->totalHeightForWidth(card->width()),
                         qPrintable(QStringLiteral("%1: %2 high, its text needs %3 at width %4")
                                        .arg(card->objectName())
                                        .arg(card->height())
                                        .arg(card->layout()->totalHeightForWidth(card->width()))
                                        .arg(card->width())));
        }
        // And no two cards overlap.
        for (KpiCard *a : cards)
            for (KpiCard *b : cards)
                if (a != b && a->isVisible() && b->isVisible() && a->parentWidget() == b->parentWidget())
                    QVERIFY2(!a->geometry().intersects(b->geometry()),
                             qPrintable(a->objectName() + QStringLiteral(" overlaps ") + b->objectName()));
    }
};

MLTCO_TEST_MAIN(TestDashboardLayout)
#include "tst_dashboardlayout.moc"

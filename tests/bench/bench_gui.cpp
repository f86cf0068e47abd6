// GUI benchmark (printed, never asserted):
//  1. start-up: from launching `mltco` to its main window shown on the sample plan (median of N runs,
//     measured from outside with a monotonic clock; the app prints when its window is exposed and quits);
//  2. edit to redraw: an assumption edit through the plan editor until every page has repainted
//     (median of N edits, in process).
// Baseline: the frame budget of a 60 Hz display (16.7 ms) for the edit; 1 s for start-up.
// Usage: bench_gui [RUNS]   (ctest runs 3; use 20+ for figures worth quoting)
#include "ui/core/planeditor.h"
#include "ui/mainwindow.h"

#include "models/tco/parameters.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QStackedWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>

#include <algorithm>
#include <vector>

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : (v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2);
}

} // namespace

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    const int runs = argc > 1 ? std::max(1, QString::fromLocal8Bit(argv[1]).toInt()) : 10;
    QTextStream out(stdout);
    QTemporaryDir dir;

    // 1. Start-up, measured from outside. The first run creates the document; the others reopen it.
    std::vector<double> startup;
    const QString docPath = dir.filePath(QStringLiteral("bench.mltco"));
    for (int i = 0; i < runs + 1; ++i) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), dir.path());
        p.setProcessEnvironment(env);
        QElapsedTimer t;
        t.start();
        p.start(QStringLiteral(MLTCO_BIN_DIR "/mltco"), {docPath, QStringLiteral("--quit-when-shown")});
        if (!p.waitForReadyRead(60000)) {
            out << "start-up: mltco did not report its window (" << p.errorString() << ")\n";
            return 1;
        }
        const double ms = t.nsecsElapsed() / 1e6;
        p.waitForFinished(60000);
        if (i > 0) // the first run also creates the document from the seed catalog
            startup.push_back(ms);
    }
    out << QStringLiteral("start-up to main window shown: median %1 ms over %2 runs (baseline 1000 ms: ratio %3)\n")
               .arg(median(startup), 0, 'f', 1)
               .arg(runs)
               .arg(median(startup) / 1000.0, 0, 'f', 2);

    // 2. Edit to redraw, in process.
    mltco::ui::MainWindow window;
    if (!window.openDocument(dir.filePath(QStringLiteral("edit.mltco")))) {
        out << "edit: the document did not open\n";
        return 1;
    }
    window.resize(1440, 900);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return 1;
    auto *pages = window.findChild<QStackedWidget *>(QStringLiteral("pages"));
    std::vector<double> edits;
    for (int i = 0; i < std::max(runs, 5); ++i) {
        QElapsedTimer t;
        t.start();
        window.editor()->setWorkloadValue(mltco::tco::ParamId::Engineers, 4 + (i % 2));
        for (int p = 0; p < pages->count(); ++p)
            pages->widget(p)->repaint();
        QApplication::processEvents();
        edits.push_back(t.nsecsElapsed() / 1e6);
    }
    out << QStringLiteral("assumption edit to every page redrawn: median %1 ms over %2 edits (baseline 16.7 ms frame: ratio %3)\n")
               .arg(median(edits), 0, 'f', 2)
               .arg(edits.size())
               .arg(median(edits) / 16.7, 0, 'f', 2);
    return 0;
}

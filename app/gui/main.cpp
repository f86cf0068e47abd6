// mltco: the desktop application. Opens a document (the default one, or the path given) on its plan;
// a new document starts from the seed catalog and the bundled sample plan.
#include "models/store/document.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QGuiApplication>
#include <QCommandLineParser>
#include <QMessageBox>
#include <QTextStream>
#include <QTimer>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("mltco"));
    QApplication::setApplicationDisplayName(QStringLiteral("mltco"));
    QApplication::setApplicationVersion(QStringLiteral(MLTCO_VERSION));
    // Lets a Wayland desktop find the installed entry, and with it the icon.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.mltco.mltco"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("TCO planning for machine-learning GPU infrastructure"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("document"),
                                 QStringLiteral("The .mltco document to open (default: the document in the "
                                                "application data folder, created on first run)."));
    const QCommandLineOption planOption(QStringLiteral("plan"), QStringLiteral("Add this plan file to the document and show it."),
                                        QStringLiteral("PLAN.json"));
    const QCommandLineOption screenshotsOption(QStringLiteral("screenshots"),
                                               QStringLiteral("Write a PNG of every page into DIR and quit."),
                                               QStringLiteral("DIR"));
    const QCommandLineOption sizeOption(QStringLiteral("size"),
                                        QStringLiteral("Window size for --screenshots, e.g. 1024x700 (default 1440x900)."),
                                        QStringLiteral("WxH"), QStringLiteral("1440x900"));
    // For the start-up benchmark: print once the window is exposed, then quit.
    QCommandLineOption quitWhenShown(QStringLiteral("quit-when-shown"));
    quitWhenShown.setFlags(QCommandLineOption::HiddenFromHelp);
    const QCommandLineOption storeOption(
        QStringLiteral("store"),
        QStringLiteral("Open a team store instead of a file: postgresql://USER@HOST[:PORT]/DB"
                       "[?sslmode=...] (docs/team-store.md). The password comes from the "
                       "desktop keyring or ~/.pgpass, or is asked."),
        QStringLiteral("URL"));
    parser.addOption(storeOption);
    parser.addOption(planOption);
    parser.addOption(screenshotsOption);
    parser.addOption(sizeOption);
    parser.addOption(quitWhenShown);
    parser.process(app);

    QTextStream err(stderr);
    mltco::ui::MainWindow window;
    const QString path = parser.isSet(storeOption)
                             ? parser.value(storeOption)
                             : parser.positionalArguments().value(0, mltco::store::Document::defaultPath());
    // No dialog nobody can answer: screenshots and the offscreen platform run without a person.
    const bool headless = parser.isSet(screenshotsOption) ||
                          QGuiApplication::platformName() == QLatin1String("offscreen") ||
                          QGuiApplication::platformName() == QLatin1String("minimal");
    if (mltco::Status s = window.openDocument(path); !s) {
        err << s.error().message << Qt::endl; // flushed: a headless run must say why before it exits
        // A team store that wants a password (or another address) asks for it; a file's refusal is final.
        const bool connected =
            !headless && parser.isSet(storeOption) && window.connectWithDialog(path, s.error().message);
        if (!connected) {
            if (!headless && !parser.isSet(storeOption))
                QMessageBox::critical(nullptr, QStringLiteral("mltco"), s.error().message);
            return 1;
        }
    }
    if (window.document() && window.document()->isReadOnly())
        err << "Opened read-only: " << window.document()->readOnlyReason() << '.' << Qt::endl;
    if (parser.isSet(planOption)) {
        if (mltco::Status s = window.importPlanFile(parser.value(planOption)); !s) {
            err << s.error().message << '\n';
            for (const QString &d : s.error().details)
                err << d << '\n';
            return 1;
        }
    }
    if (parser.isSet(screenshotsOption)) {
        const QStringList size = parser.value(sizeOption).split(QLatin1Char('x'));
        const int width = size.size() == 2 ? size[0].toInt() : 0, height = size.size() == 2 ? size[1].toInt() : 0;
        if (width < 320 || height < 240 || width > 7680 || height > 4320) {
            err << "--size must be WIDTHxHEIGHT between 320x240 and 7680x4320, not \"" << parser.value(sizeOption) << "\"\n";
            return 2;
        }
        window.resize(width, height);
        window.show();
        auto written = window.saveScreenshots(parser.value(screenshotsOption));
        if (!written) {
            err << written.error().message << '\n';
            return 1;
        }
        QTextStream(stdout) << written->join(QLatin1Char('\n')) << '\n';
        return 0;
    }
    window.show();
    if (parser.isSet(quitWhenShown)) {
        QTimer::singleShot(0, &app, [] {
            QTextStream(stdout) << "shown" << Qt::endl;
            QCoreApplication::quit();
        });
    }
    return app.exec();
}

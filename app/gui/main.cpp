// mltco: the desktop application. Opens a document (the default one unless a path is given) and the
// bundled sample plan.
#include "models/catalog/seedcatalog.h"
#include "models/store/document.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QMessageBox>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("mltco"));
    QApplication::setApplicationName(QStringLiteral("mltco"));
    QApplication::setApplicationDisplayName(QStringLiteral("mltco"));
    QApplication::setApplicationVersion(QStringLiteral(MLTCO_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("TCO planning for machine-learning GPU infrastructure"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("document"), QStringLiteral("The .mltco document to open."));
    QCommandLineOption planOption(QStringLiteral("plan"), QStringLiteral("Plan file to open."), QStringLiteral("PLAN.json"),
                                  QStringLiteral(":/plans/sample-plan.json"));
    parser.addOption(planOption);
    parser.process(app);

    const QString path = parser.positionalArguments().value(0, mltco::store::Document::defaultPath());
    auto document = mltco::catalog::openDocument(path);
    if (!document) {
        QMessageBox::critical(nullptr, QStringLiteral("mltco"), document.error().message);
        return 1;
    }
    mltco::ui::MainWindow window(std::move(*document), parser.value(planOption));
    window.show();
    return app.exec();
}

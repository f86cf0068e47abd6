// Makes the large inputs the scale benchmarks are measured on, the same bytes on every run:
//   make_big_document plan PLAN.json [SCENARIOS [MONTHS]]   a plan of 20,000 scenarios over 120 months by default
//   make_big_document document DOC.mltco [PRICES]           a document holding 1,000,000 prices by default,
//                                                           imported from a generated generic CSV as a user would
// docs/benchmarks.md says which command measures what on them.
#include "bigdata.h"

#include "models/catalog/catalogrepository.h"
#include "models/catalog/importers/importrunner.h"
#include "models/store/document.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QSaveFile>
#include <QTemporaryDir>

#include <cstdio>

using namespace mltco;

namespace {

int usage()
{
    std::fprintf(stderr, "usage: make_big_document plan PLAN.json [SCENARIOS [MONTHS]]\n"
                         "       make_big_document document DOC.mltco [PRICES]\n");
    return 2;
}

int makePlan(const QString &path, int scenarios, int months)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bench::bigPlan(scenarios, months)) < 0 || !file.commit()) {
        std::fprintf(stderr, "cannot write %s: %s\n", qPrintable(path), qPrintable(file.errorString()));
        return 1;
    }
    std::printf("%s: %d scenarios over %d months\n", qPrintable(path), scenarios, months);
    return 0;
}

int makeDocument(const QString &path, qint64 prices)
{
    if (QFile::exists(path)) {
        std::fprintf(stderr, "%s exists: give a new path\n", qPrintable(path));
        return 1;
    }
    QTemporaryDir dir;
    const QString csvPath = dir.filePath(QStringLiteral("prices.csv"));
    if (!dir.isValid() || !bench::writePriceCsv(csvPath, prices)) {
        std::fprintf(stderr, "cannot write the generated prices\n");
        return 1;
    }
    auto document = store::Document::open(path);
    if (!document) {
        std::fprintf(stderr, "%s\n", qPrintable(document.error().message));
        return 1;
    }
    // The way `mltco-cli catalog import` writes it: streamed, chunk by chunk.
    catalog::ImportRequest request;
    request.path = csvPath;
    request.format = catalog::PriceFileFormat::GenericCsv;
    request.options.fileName = QStringLiteral("prices.csv");
    request.options.observedAt = QDate(2025, 1, 1);
    QElapsedTimer timer;
    timer.start();
    catalog::ImportProgress progress;
    const auto result = catalog::importPriceFile((*document)->database(), request, progress);
    if (!result) {
        std::fprintf(stderr, "%s\n", qPrintable(result.error().message));
        return 1;
    }
    const catalog::ImportSummary *summary = &result->summary;
    std::printf("%s: %lld prices imported in %lld ms\n", qPrintable(path), static_cast<long long>(summary->pricesAdded),
                static_cast<long long>(timer.elapsed()));
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    if (args.size() < 2)
        return usage();
    bool ok1 = true, ok2 = true;
    if (args[0] == QLatin1String("plan") && args.size() <= 4) {
        const int scenarios = args.size() > 2 ? args[2].toInt(&ok1) : 20000;
        const int months = args.size() > 3 ? args[3].toInt(&ok2) : 120;
        if (!ok1 || !ok2 || scenarios < 1 || months < 1 || months > 600)
            return usage();
        return makePlan(args[1], scenarios, months);
    }
    if (args[0] == QLatin1String("document") && args.size() <= 3) {
        const qint64 prices = args.size() > 2 ? args[2].toLongLong(&ok1) : 1000000;
        if (!ok1 || prices < 1)
            return usage();
        return makeDocument(args[1], prices);
    }
    return usage();
}

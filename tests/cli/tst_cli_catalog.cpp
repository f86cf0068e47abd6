// mltco-cli catalog import|list and the general command line: exit codes 0/1/2 and output.
#include "tests/catalog/importers/feedfixtures.h"
#include "clirunner.h"
#include "tests/support/testmain.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <unistd.h>

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

QByteArray digest(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256) : QByteArray();
}

const QByteArray kGoodCsv = "provider,instance_type,region,pricing_model,price,observed_at,gpu,gpu_count\n"
                            "acme,box-1,eu-1,on_demand,2.50,2025-01-28,A100 40GB,1\n"
                            "acme,box-1,eu-1,spot,0.90,2025-01-28,A100 40GB,1\n";

} // namespace

class TestCliCatalog final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;
    QString doc(const QString &name) const { return m_home.filePath(name); }
    CliRun cli(const QStringList &args) const { return runCli(args, m_home.path()); }

private slots:
    // `help` lists each command as the command's own usage says it: every option a command takes is in the list (it
    // had drifted, leaving out report --xlsx, --fleet-plan and --stale-after, catalog import --gpu-only and more).
    void helpSaysEveryCommandAsItsOwnUsageDoes()
    {
        const CliRun help = cli({QStringLiteral("help")});
        QCOMPARE(help.exitCode, 0);
        const QStringList listed = help.out.split(u'\n');
        const QList<QStringList> commands{
            {QStringLiteral("catalog"), QStringLiteral("import")}, {QStringLiteral("catalog"), QStringLiteral("update")},
            {QStringLiteral("catalog"), QStringLiteral("list")},   {QStringLiteral("catalog"), QStringLiteral("trend")},
            {QStringLiteral("evaluate")},                          {QStringLiteral("calc")},
            {QStringLiteral("analyze")},                           {QStringLiteral("optimize")},
            {QStringLiteral("actuals"), QStringLiteral("list")},   {QStringLiteral("fx"), QStringLiteral("update")},
            {QStringLiteral("fx"), QStringLiteral("list")},        {QStringLiteral("plan"), QStringLiteral("list")},
            {QStringLiteral("report")},                            {QStringLiteral("store"), QStringLiteral("copy")}};
        for (const QStringList &command : commands) {
            const CliRun r = cli(command + QStringList{QStringLiteral("--no-such-option")});
            QCOMPARE(r.exitCode, 2);
            const qsizetype at = r.err.indexOf(QStringLiteral("usage: mltco-cli "));
            QVERIFY2(at >= 0, qPrintable(command.join(u' ') + QStringLiteral(": ") + r.err));
            // A usage of several lines names the command again on each: each is a line of its own in the list.
            const QStringList usages = r.err.mid(at + 17).trimmed().split(QRegularExpression(QStringLiteral("\\s*\\n\\s*mltco-cli ")));
            for (const QString &usage : usages)
                QVERIFY2(listed.contains(QStringLiteral("  ") + usage),
                         qPrintable(QStringLiteral("help does not list: ") + usage));
        }
    }

    // A provider the catalog does not hold is said, with the ones it holds; an empty listing would read as "no prices".
    void anUnknownProviderIsSaidNotListedEmpty()
    {
        const QString d = doc(QStringLiteral("providers.mltco"));
        for (const char *what : {"prices", "instances", "providers"}) {
            const CliRun r = cli({QStringLiteral("catalog"), QStringLiteral("list"), QLatin1String(what),
                                  QStringLiteral("--provider"), QStringLiteral("nosuch"), QStringLiteral("--document"), d});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains(QStringLiteral("The catalog holds no provider \"nosuch\"; it holds aws, ")),
                     qPrintable(r.err));
            QVERIFY(r.out.isEmpty());
        }
        const CliRun known = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("prices"),
                                  QStringLiteral("--provider"), QStringLiteral("aws"), QStringLiteral("--document"), d});
        QCOMPARE(known.exitCode, 0);
        QVERIFY(known.out.contains(QStringLiteral("p3.8xlarge")));
    }

    void helpAndUsageExitCodes()
    {
        CliRun help = cli({QStringLiteral("help")});
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains(QStringLiteral("catalog import")));
        CliRun none = cli({});
        QCOMPARE(none.exitCode, 2);
        CliRun unknown = cli({QStringLiteral("frobnicate")});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.err.contains(QStringLiteral("unknown command 'frobnicate'")));
        CliRun badFormat = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--format"), QStringLiteral("xml")});
        QCOMPARE(badFormat.exitCode, 2);
        QVERIFY(badFormat.err.contains(QStringLiteral("--format must be table, csv or json")));
        CliRun noFormat = cli({QStringLiteral("catalog"), QStringLiteral("import"), doc(QStringLiteral("x.csv"))});
        QCOMPARE(noFormat.exitCode, 2);
        QVERIFY(noFormat.err.contains(QStringLiteral("--format is required")));
        CliRun badDate = cli({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("csv"),
                              QStringLiteral("--observed-at"), QStringLiteral("28/01/2025"), doc(QStringLiteral("x.csv"))});
        QCOMPARE(badDate.exitCode, 2);
    }

    void defaultDocumentIsCreatedInAppData()
    {
        CliRun r = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("providers")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QFile::exists(m_home.filePath(QStringLiteral(".local/share/mltco/default.mltco"))));
    }

    void listJsonParsesAndFiltersByProvider()
    {
        const QString d = doc(QStringLiteral("list.mltco"));
        CliRun all = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("instances"), QStringLiteral("--format"),
                          QStringLiteral("json"), QStringLiteral("--document"), d});
        QCOMPARE(all.exitCode, 0);
        const QJsonArray rows = QJsonDocument::fromJson(all.out.toUtf8()).array();
        QVERIFY(!rows.isEmpty());
        CliRun aws = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("instances"), QStringLiteral("--provider"),
                          QStringLiteral("aws"), QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--document"), d});
        const QJsonArray awsRows = QJsonDocument::fromJson(aws.out.toUtf8()).array();
        QVERIFY(!awsRows.isEmpty());
        QVERIFY(awsRows.size() < rows.size());
        for (const QJsonValue &v : awsRows)
            QCOMPARE(v.toObject().value(QLatin1String("provider")).toString(), QStringLiteral("aws"));
    }

    void importCsvThenReimportAddsNothing()
    {
        const QString d = doc(QStringLiteral("import.mltco"));
        const QString csv = doc(QStringLiteral("acme-prices.csv"));
        writeFile(csv, kGoodCsv);
        const QStringList args{QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("csv"),
                               csv, QStringLiteral("--document"), d};
        CliRun first = cli(args);
        QCOMPARE(first.exitCode, 0);
        QVERIFY2(first.out.contains(QStringLiteral("2 price points")), qPrintable(first.out));
        QVERIFY(first.out.contains(QStringLiteral("acme: 2 price points")));
        CliRun second = cli(args);
        QCOMPARE(second.exitCode, 0);
        QVERIFY2(second.out.contains(QStringLiteral("nothing added")), qPrintable(second.out));

        CliRun prices = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("prices"), QStringLiteral("--provider"),
                             QStringLiteral("acme"), QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--document"), d});
        QCOMPARE(prices.exitCode, 0);
        const QStringList lines = prices.out.split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 3); // header + 2 observations, not 4
        QVERIFY(lines.at(0).startsWith(QStringLiteral("provider,instance,region")));
    }

    // The price listing is written as it is read, in every format: the JSON is QJsonDocument's own text of the same
    // rows, the CSV quotes and neutralises what it must, the table's columns line up, and all three list the same
    // rows in the listing's order.
    void priceListingAgreesInEveryFormat()
    {
        const QString d = doc(QStringLiteral("listing.mltco"));
        const QString csv = doc(QStringLiteral("odd.csv"));
        writeFile(csv, "provider,instance_type,region,zone,pricing_model,price,observed_at,gpu,gpu_count\n"
                       "acme,box-2,\"eu, west\",\"z\"\"1\",spot,0.9,2025-01-28,A100 40GB,1\n"
                       "acme,box-1,=eu,,on_demand,1234.125,2025-01-28,A100 40GB,1\n"
                       "acme,box-1,\xc3\xa9u,,on_demand,2.5,2025-02-28,A100 40GB,1\n"
                       "acme,box-1,-1,,spot,0.00012,2025-01-28,A100 40GB,1\n"
                       "acme,box-1,ap,,on_demand,,2025-01-28,A100 40GB,1\n");
        QCOMPARE(cli({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("csv"), csv,
                      QStringLiteral("--document"), d})
                     .exitCode,
                 0);
        const auto list = [&](const QString &format) {
            return cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("prices"), QStringLiteral("--provider"),
                        QStringLiteral("acme"), QStringLiteral("--format"), format, QStringLiteral("--document"), d});
        };
        const CliRun json = list(QStringLiteral("json")), table = list(QStringLiteral("table")), csvOut = list(QStringLiteral("csv"));
        QCOMPARE(json.exitCode, 0);
        QCOMPARE(table.exitCode, 0);
        QCOMPARE(csvOut.exitCode, 0);
        const QJsonDocument parsed = QJsonDocument::fromJson(json.out.toUtf8());
        QVERIFY(parsed.isArray());
        QCOMPARE(json.out.toUtf8(), parsed.toJson(QJsonDocument::Indented));
        const QJsonArray rows = parsed.array();
        QCOMPARE(rows.size(), 5);
        // provider, instance, pricing model, region, date.
        QStringList order;
        for (const QJsonValue &row : rows)
            order << row[QLatin1String("instance")].toString() + QLatin1Char('/') + row[QLatin1String("pricing")].toString() +
                         QLatin1Char('/') + row[QLatin1String("region")].toString();
        QCOMPARE(order, (QStringList{QStringLiteral("box-1/on_demand/=eu"), QStringLiteral("box-1/on_demand/ap"),
                                     QString::fromUtf8("box-1/on_demand/\xc3\xa9u"), QStringLiteral("box-1/spot/-1"),
                                     QStringLiteral("box-2/spot/eu, west")}));
        QCOMPARE(rows[0][QLatin1String("amount")].toDouble(), 1234.125);
        QVERIFY(rows[1][QLatin1String("amount")].isNull());
        QCOMPARE(rows[4][QLatin1String("zone")].toString(), QStringLiteral("z\"1"));

        const QStringList csvLines = csvOut.out.split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(csvLines.size(), 6);
        QVERIFY2(
            csvLines[1].startsWith(QStringLiteral("acme,box-1,'=eu,,on_demand,,,1234.125,USD,hour,,1234.125,2025-01-28,")),
            qPrintable(csvLines[1]));
        QVERIFY2(csvLines[4].startsWith(QStringLiteral("acme,box-1,-1,,spot,,,0.00012,")), qPrintable(csvLines[4]));
        QVERIFY2(csvLines[5].startsWith(QStringLiteral("acme,box-2,\"eu, west\",\"z\"\"1\",spot,,,0.9,")),
                 qPrintable(csvLines[5]));

        const QStringList tableLines = table.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(tableLines.size(), 7); // header, rule, five rows
        const qsizetype sourceColumn = tableLines[0].indexOf(QStringLiteral("source"));
        QVERIFY(sourceColumn > 0);
        for (const QString &line : tableLines.mid(2))
            QVERIFY2(line.mid(sourceColumn).startsWith(QStringLiteral("import:")), qPrintable(line));
    }

    void badCsvIsRejectedWithLineNumbersAndDocumentUnchanged()
    {
        const QString d = doc(QStringLiteral("reject.mltco"));
        QCOMPARE(cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--document"), d}).exitCode, 0);
        const QByteArray before = digest(d);
        const QString csv = doc(QStringLiteral("bad.csv"));
        writeFile(csv, "provider,instance_type,region,pricing_model,price,observed_at\n"
                       "acme,box-1,eu-1,on_demand,2.50,2025-01-28\n"
                       "acme,box-1,eu-1,on_demand,-1,2025-01-28\n"
                       "acme,box-1,eu-1,whenever,1.0,2025-01-28\n");
        CliRun r = cli({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("csv"), csv,
                        QStringLiteral("--document"), d});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("bad.csv:3:")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("bad.csv:4:")), qPrintable(r.err));
        QCOMPARE(digest(d), before);
    }

    void importMissingFileIsInvalidInput()
    {
        CliRun r = cli({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("csv"),
                        doc(QStringLiteral("nope.csv")), QStringLiteral("--document"), doc(QStringLiteral("x.mltco"))});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains(QStringLiteral("cannot read")));
    }

    void notADocumentIsRefusedInWordsAndUntouched()
    {
        const QString bogus = doc(QStringLiteral("notes.mltco"));
        writeFile(bogus, "these are my notes, not a database\n");
        const QByteArray before = digest(bogus);
        CliRun r = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--document"), bogus});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("not a mltco document")), qPrintable(r.err));
        QCOMPARE(digest(bogus), before);
    }

    void damagedDocumentIsRefusedByEveryCommand()
    {
        // One page overwritten: listing used to print nothing and exit 0, an import wrote into the damage.
        const QString d = doc(QStringLiteral("damaged.mltco"));
        QCOMPARE(cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--document"), d}).exitCode, 0);
        QFile file(d);
        QVERIFY(file.open(QIODevice::ReadWrite));
        file.seek(5 * 4096);
        file.write(QByteArray(4096, '\x5a'));
        file.close();
        const QByteArray before = digest(d);
        const QString csv = m_home.filePath(QStringLiteral("one.csv"));
        writeFile(csv, kGoodCsv);
        for (const QStringList &args :
             {QStringList{QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("prices")},
              QStringList{QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("csv"), csv},
              QStringList{QStringLiteral("report"), d, QStringLiteral("--csv"), m_home.filePath(QStringLiteral("out"))}}) {
            const CliRun r = cli(args + QStringList{QStringLiteral("--document"), d});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains(QStringLiteral("the document is damaged")), qPrintable(r.err));
            QCOMPARE(r.out, QString());
        }
        QCOMPARE(digest(d), before);
    }

    // chmod 444: read by every command, written by none, root included (who could write it anyway).
    void readOnlyFileIsReadButNeverWritten()
    {
        const QString d = doc(QStringLiteral("readonly.mltco"));
        QCOMPARE(cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--document"), d}).exitCode, 0);
        QVERIFY(QFile::setPermissions(d, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        const QByteArray before = digest(d);
        const QStringList filesBefore = QDir(m_home.path()).entryList(QDir::Files | QDir::Hidden);
        const CliRun list = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("providers"),
                                 QStringLiteral("--document"), d});
        QCOMPARE(list.exitCode, 0);
        QVERIFY2(list.out.contains(QStringLiteral("Amazon Web Services")), qPrintable(list.out + list.err));
        const QString csv = m_home.filePath(QStringLiteral("ro.csv"));
        writeFile(csv, kGoodCsv);
        const QStringList afterCsv = QDir(m_home.path()).entryList(QDir::Files | QDir::Hidden);
        const CliRun import = cli({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                                   QStringLiteral("csv"), csv, QStringLiteral("--document"), d});
        QCOMPARE(import.exitCode, 1);
        QVERIFY2(import.err.contains(QStringLiteral("the document is read-only (the file is read-only)")), qPrintable(import.err));
        QVERIFY(import.err.contains(QStringLiteral("Nothing was written")));
        QCOMPARE(digest(d), before);
        QCOMPARE(QDir(m_home.path()).entryList(QDir::Files | QDir::Hidden), afterCsv);
        QVERIFY(filesBefore.size() + 1 == afterCsv.size());
        QVERIFY(QFile::setPermissions(d, QFile::ReadOwner | QFile::WriteOwner));
    }

    // A writable file in a folder the user cannot write: SQLite could keep no journal beside it, so it opens
    // read-only (immutable) instead of failing. Root can write every folder, so as root the commands run as
    // the unprivileged user "nobody".
    void documentInUnwritableFolderOpensReadOnly()
    {
        QTemporaryDir top;
        QVERIFY(QFile::setPermissions(top.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup |
                                                      QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther));
        const QString folder = top.filePath(QStringLiteral("locked"));
        QVERIFY(QDir().mkpath(folder));
        const QString d = folder + QStringLiteral("/team.mltco");
        QCOMPARE(cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--document"), d}).exitCode, 0);
        const auto all = QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::WriteGroup | QFile::ReadOther |
                         QFile::WriteOther;
        QVERIFY(QFile::setPermissions(d, all));
        const bool root = ::geteuid() == 0;
        QStringList prefix;
        if (root) {
            QProcess probe;
            probe.start(QStringLiteral("runuser"), {QStringLiteral("-u"), QStringLiteral("nobody"), QStringLiteral("--"),
                                                    QStringLiteral(MLTCO_BIN_DIR "/mltco-cli"), QStringLiteral("help")});
            if (!probe.waitForFinished(30000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0)
                QSKIP("running as root, and the user nobody cannot run mltco-cli from this build folder");
            prefix = {QStringLiteral("-u"), QStringLiteral("nobody"), QStringLiteral("--"), QStringLiteral(MLTCO_BIN_DIR "/mltco-cli")};
        }
        const auto folderMode = QFile::ReadOwner | QFile::ExeOwner | QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther |
                                QFile::ExeOther;
        QVERIFY(QFile::setPermissions(folder, folderMode));
        const QByteArray before = digest(d);
        const QString csv = top.filePath(QStringLiteral("x.csv"));
        writeFile(csv, kGoodCsv);
        QVERIFY(QFile::setPermissions(csv, all));
        const auto run = [&](const QStringList &args) {
            if (!root)
                return cli(args);
            QProcess p;
            p.start(QStringLiteral("runuser"), prefix + args);
            CliRun r;
            if (p.waitForFinished(60000) && p.exitStatus() == QProcess::NormalExit)
                r.exitCode = p.exitCode();
            r.out = QString::fromUtf8(p.readAllStandardOutput());
            r.err = QString::fromUtf8(p.readAllStandardError());
            return r;
        };
        const CliRun list = run({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("providers"),
                                 QStringLiteral("--document"), d});
        QCOMPARE(list.exitCode, 0);
        QVERIFY2(list.out.contains(QStringLiteral("Amazon Web Services")), qPrintable(list.out + list.err));
        const CliRun import = run({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                                   QStringLiteral("csv"), csv, QStringLiteral("--document"), d});
        QCOMPARE(import.exitCode, 1);
        QVERIFY2(import.err.contains(QStringLiteral("cannot be written, and SQLite keeps its journal there")),
                 qPrintable(import.err));
        QCOMPARE(digest(d), before);
        QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("team.mltco")});
        QVERIFY(QFile::setPermissions(folder, folderMode | QFile::WriteOwner));
    }

    // The plans of a document, headless: save (new or over one), list, show and remove, each write one
    // transaction; a bad id is a usage error, a read-only document refuses in words.
    void planCommands()
    {
        const QString d = doc(QStringLiteral("plans.mltco"));
        const auto plan = [&](QStringList args) {
            return cli(QStringList{QStringLiteral("plan")} + args + QStringList{QStringLiteral("--document"), d});
        };
        CliRun r = plan({QStringLiteral("save"), QStringLiteral("example:seed-000")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("Saved plan 1 \"Four ML engineers")), qPrintable(r.out + r.err));
        QCOMPARE(plan({QStringLiteral("save"), QStringLiteral("example:growing-team")}).exitCode, 0);
        r = plan({QStringLiteral("list"), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray listed = QJsonDocument::fromJson(r.out.toUtf8()).array();
        QCOMPARE(listed.size(), 2);
        QCOMPARE(listed.at(1).toObject().value(QStringLiteral("id")).toInteger(), 2);
        QVERIFY(listed.at(1).toObject().value(QStringLiteral("name")).toString().startsWith(QStringLiteral("Growing team")));
        r = plan({QStringLiteral("save"), QStringLiteral("example:growing-team"), QStringLiteral("--replace"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 0);
        r = plan({QStringLiteral("show"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("name")).toString().startsWith(
            QStringLiteral("Growing team")));
        QCOMPARE(plan({QStringLiteral("remove"), QStringLiteral("2")}).exitCode, 0);
        r = plan({QStringLiteral("show"), QStringLiteral("2")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains(QStringLiteral("no plan 2")));
        QCOMPARE(plan({QStringLiteral("show"), QStringLiteral("two")}).exitCode, 2);
        QCOMPARE(plan({QStringLiteral("save"), QStringLiteral("example:nope")}).exitCode, 1);
        const QString bad = m_home.filePath(QStringLiteral("bad-plan.json"));
        writeFile(bad, "{\"version\": 1, \"name\": \"x\", \"name\": \"y\"}");
        r = plan({QStringLiteral("save"), bad});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("name")), qPrintable(r.err));

        QVERIFY(QFile::setPermissions(d, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        const QByteArray before = digest(d);
        for (const QStringList &args : {QStringList{QStringLiteral("save"), QStringLiteral("example:seed-000")},
                                        QStringList{QStringLiteral("remove"), QStringLiteral("1")}}) {
            r = plan(args);
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains(QStringLiteral("read-only")), qPrintable(r.err));
        }
        QCOMPARE(plan({QStringLiteral("list")}).exitCode, 0);
        QCOMPARE(digest(d), before);
        QVERIFY(QFile::setPermissions(d, QFile::ReadOwner | QFile::WriteOwner));
    }

    // catalog trend: the seed catalog's price history gives a yearly change with its 90 % interval.
    void trendOfTheSeedCatalog()
    {
        const QString d = doc(QStringLiteral("trend.mltco"));
        CliRun r = cli({QStringLiteral("catalog"), QStringLiteral("trend"), QStringLiteral("--pricing"), QStringLiteral("on_demand"),
                        QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--document"), d});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QVERIFY(o.value(QStringLiteral("points")).toInt() >= 3);
        const QJsonArray ci = o.value(QStringLiteral("ci90")).toArray();
        QCOMPARE(ci.size(), 2);
        const double change = o.value(QStringLiteral("annual_change")).toDouble();
        QVERIFY(ci.at(0).toDouble() <= change && change <= ci.at(1).toDouble());
        r = cli({QStringLiteral("catalog"), QStringLiteral("trend"), QStringLiteral("--document"), d});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("a year (90 % interval")), qPrintable(r.out));
        QCOMPARE(cli({QStringLiteral("catalog"), QStringLiteral("trend"), QStringLiteral("--pricing"), QStringLiteral("cheap"),
                      QStringLiteral("--document"), d}).exitCode, 2);
        r = cli({QStringLiteral("catalog"), QStringLiteral("trend"), QStringLiteral("--provider"), QStringLiteral("nobody"),
                 QStringLiteral("--document"), d});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains(QStringLiteral("no price in the catalog matches")));
    }

    void concurrentImportsAllLand()
    {
        // Two processes import 20 files each into one document at the same time: writers take turns (BEGIN
        // IMMEDIATE with a busy timeout), so all 40 batches land; none fails with "database is locked".
        const QString d = doc(QStringLiteral("concurrent.mltco"));
        QCOMPARE(cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("--document"), d}).exitCode, 0);
        const QString dir = m_home.filePath(QStringLiteral("concurrent"));
        QVERIFY(QDir().mkpath(dir));
        for (int i = 0; i < 40; ++i)
            writeFile(QStringLiteral("%1/%2.csv").arg(dir).arg(i),
                      QStringLiteral("provider,instance_type,region,pricing_model,price,observed_at,gpu,gpu_count\n"
                                     "acme,box-%1,eu-1,on_demand,%2,2025-01-28,A100 40GB,1\n")
                          .arg(i)
                          .arg(1.0 + i / 100.0)
                          .toUtf8());
        QList<QProcess *> writers;
        for (int w = 0; w < 2; ++w) {
            auto *p = new QProcess(this);
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(QStringLiteral("HOME"), m_home.path());
            env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path() + QStringLiteral("/.local/share"));
            p->setProcessEnvironment(env);
            // Each writer imports its own 20 files one after another; the two run side by side.
            p->start(QStringLiteral("bash"),
                     {QStringLiteral("-c"),
                      QStringLiteral("for i in $(seq %1 2 39); do \"$0\" catalog import --format csv \"$1/$i.csv\" "
                                     "--document \"$2\" > /dev/null || exit 1; done")
                          .arg(w),
                      QStringLiteral(MLTCO_BIN_DIR "/mltco-cli"), dir, d});
            writers << p;
        }
        for (QProcess *p : writers) {
            QVERIFY(p->waitForFinished(240000));
            QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
        }
        const CliRun list = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("prices"),
                                 QStringLiteral("--provider"), QStringLiteral("acme"), QStringLiteral("--format"),
                                 QStringLiteral("json"), QStringLiteral("--document"), d});
        QCOMPARE(list.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(list.out.toUtf8()).array().size(), 40);
    }

    void skypilotLambdaFileImports()
    {
        const QString d = doc(QStringLiteral("lambda.mltco"));
        const QString file = QStringLiteral(MLTCO_SHARED_DIR "/data/skypilot-v8-lambda-vms.csv");
        CliRun r = cli({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("skypilot"),
                        file, QStringLiteral("--observed-at"), QStringLiteral("2025-06-01"), QStringLiteral("--document"), d});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("lambda:")), qPrintable(r.out + r.err));
        CliRun list = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("prices"), QStringLiteral("--provider"),
                           QStringLiteral("lambda"), QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--document"), d});
        const QJsonArray rows = QJsonDocument::fromJson(list.out.toUtf8()).array();
        int imported = 0;
        for (const QJsonValue &v : rows)
            if (v.toObject().value(QLatin1String("observed_at")).toString() == QLatin1String("2025-06-01"))
                ++imported;
        QCOMPARE(imported, 408);
    }

    void awsPriceListImportsOnDemandAtItsPublicationDate()
    {
        // Observed on the file's Publication Date unless told otherwise; a file with a bad row leaves the document
        // as it was, with the row's line.
        const QString d = doc(QStringLiteral("aws.mltco"));
        const QString file = QStringLiteral(MLTCO_TEST_DATA_DIR "/import/aws-pricelist-ec2-2025.csv");
        CliRun r = cli({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                        QStringLiteral("aws-pricelist"), file, QStringLiteral("--document"), d});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("observed 2025-09-12")), qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("aws: 7 price points")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("3 reserved terms")), qPrintable(r.out));
        CliRun list = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("prices"),
                           QStringLiteral("--provider"), QStringLiteral("aws"), QStringLiteral("--format"),
                           QStringLiteral("json"), QStringLiteral("--document"), d});
        int imported = 0;
        for (const QJsonValue &v : QJsonDocument::fromJson(list.out.toUtf8()).array()) {
            const QJsonObject o = v.toObject();
            if (o.value(QLatin1String("observed_at")).toString() != QLatin1String("2025-09-12"))
                continue;
            ++imported;
            const QString purchase = o.value(QLatin1String("purchase_option")).toString();
            if (o.value(QLatin1String("pricing")).toString() == QLatin1String("on_demand")) {
                QVERIFY(purchase.isEmpty());
                QVERIFY(o.value(QLatin1String("upfront")).isNull());
                QVERIFY(o.value(QLatin1String("amount")).toDouble() > 0); // the Capacity Block's 0.00 is not a price
                if (o.value(QLatin1String("instance")).toString() == QLatin1String("p4d.24xlarge"))
                    QCOMPARE(o.value(QLatin1String("amount")).toDouble(), 32.7726);
            } else if (purchase == QLatin1String("all_upfront")) {
                QCOMPARE(o.value(QLatin1String("pricing")).toString(), QStringLiteral("reserved_3y"));
                QCOMPARE(o.value(QLatin1String("amount")).toDouble(), 0.0);
                QCOMPARE(o.value(QLatin1String("upfront")).toDouble(), 294558.0);
                QCOMPARE(o.value(QLatin1String("per_hour")).toDouble(), 294558.0 / 26280);
                QCOMPARE(o.value(QLatin1String("currency")).toString(), QStringLiteral("USD"));
            }
        }
        QCOMPARE(imported, 7);

        const QByteArray before = digest(d);
        QFile in(file);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bad = in.readAll();
        bad.replace("\"12.2400000000\",\"USD\"", "\"12.2400000000\",\"usd\"");
        const QString badFile = doc(QStringLiteral("aws-bad-currency.csv"));
        writeFile(badFile, bad);
        r = cli({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                 QStringLiteral("aws-pricelist"), badFile, QStringLiteral("--document"), d});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("aws-bad-currency.csv:15: Currency \"usd\" is not a currency code")),
                 qPrintable(r.err));
        QCOMPARE(digest(d), before);
    }
    void azureRetailPagesImportAsOneAndARefusedPageChangesNothing()
    {
        const QString d = doc(QStringLiteral("azure.mltco"));
        const QString pages = QStringLiteral(MLTCO_TEST_DATA_DIR "/import/azure-retail-pages");
        CliRun r = cli({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                        QStringLiteral("azure-retail"), pages, QStringLiteral("--document"), d});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("Imported azure-retail-pages (each price dated by the feed")),
                 qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("azure: 5 price points")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("Standard_NC8ads_A10_v4")), qPrintable(r.out));

        const QString file = QStringLiteral(MLTCO_TEST_DATA_DIR "/import/azure-retail-vms.json");
        r = cli({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                 QStringLiteral("azure-retail"), file, QStringLiteral("--gpu-only"), QStringLiteral("--observed-at"),
                 QStringLiteral("2025-11-20"), QStringLiteral("--document"), d});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("(observed 2025-11-20)")), qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("azure: 4 price points")), qPrintable(r.out));
        CliRun list = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("prices"),
                           QStringLiteral("--provider"), QStringLiteral("azure"), QStringLiteral("--format"),
                           QStringLiteral("json"), QStringLiteral("--document"), d});
        int dated = 0;
        for (const QJsonValue &v : QJsonDocument::fromJson(list.out.toUtf8()).array())
            if (v.toObject().value(QLatin1String("observed_at")).toString() == QLatin1String("2025-11-20"))
                ++dated;
        QCOMPARE(dated, 4);

        const QByteArray before = digest(d);
        r = cli({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                 QStringLiteral("azure-retail"), QStringLiteral(MLTCO_TEST_DATA_DIR "/import/azure-retail-eur.json"),
                 QStringLiteral("--document"), d});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("azure-retail-eur.json: Items[1]: currencyCode is EUR")),
                 qPrintable(r.err));
        QCOMPARE(digest(d), before);
        r = cli({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                 QStringLiteral("aws-pricelist"), pages, QStringLiteral("--document"), d});
        QCOMPARE(r.exitCode, 1); // only Azure's pages come as a folder
    }

    void spareCoresDatabaseImportsWithItsLicence()
    {
        const QString d = doc(QStringLiteral("sparecores.mltco"));
        const QString db = doc(QStringLiteral("sc-data-all.db"));
        const QString error =
            mltco::testing::buildDatabase(QStringLiteral(MLTCO_TEST_DATA_DIR "/import/sparecores-servers.sql"), db);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        CliRun r =
            cli({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                 QStringLiteral("sparecores"), db, QStringLiteral("--gpu-only"), QStringLiteral("--document"), d});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("newest 2025-04-11")), qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("aws: 4 price points")), qPrintable(r.out));
        // One of a kind is said in the singular, here and in the import's other counts.
        QVERIFY2(r.out.contains(QStringLiteral("gcp: 1 price point\n")), qPrintable(r.out));
        QVERIFY2(!r.out.contains(QRegularExpression(QStringLiteral("\\b1 [a-zA-Z -]+s\\b[ ,.(\n]"))), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("CC BY-SA 4.0")), qPrintable(r.out));
        // The licence is on every imported price (its note) and on the import's source.
        sqlite3 *handle = nullptr;
        QCOMPARE(sqlite3_open_v2(QFile::encodeName(d).constData(), &handle, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
        sqlite3_stmt *stmt = nullptr;
        QCOMPARE(
            sqlite3_prepare_v2(handle,
                               "SELECT COUNT(*), SUM(pp.note LIKE '%CC BY-SA 4.0%'), MIN(s.note) FROM price_point pp "
                               "JOIN import_batch b ON b.id = pp.batch_id JOIN source s ON s.id = pp.source_id "
                               "WHERE b.format = 'sparecores'",
                               -1, &stmt, nullptr),
            SQLITE_OK);
        QCOMPARE(sqlite3_step(stmt), SQLITE_ROW);
        const int prices = sqlite3_column_int(stmt, 0), licensed = sqlite3_column_int(stmt, 1);
        const QString sourceNote = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(stmt, 2)));
        sqlite3_finalize(stmt);
        sqlite3_close(handle);
        QCOMPARE(prices, 5);
        QCOMPARE(licensed, 5);
        QCOMPARE(sourceNote, QStringLiteral("Licence: CC BY-SA 4.0"));

        // ... and the listing shows it beside each of those prices, and nothing beside the seed's.
        CliRun listed = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("prices"),
                             QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--document"), d});
        QCOMPARE(listed.exitCode, 0);
        int withLicence = 0, without = 0;
        for (const QJsonValue &v : QJsonDocument::fromJson(listed.out.toUtf8()).array()) {
            const QJsonObject o = v.toObject();
            if (o.value(QLatin1String("source")).toString().startsWith(QLatin1String("import:"))) {
                QCOMPARE(o.value(QLatin1String("licence")).toString(), QStringLiteral("CC BY-SA 4.0"));
                ++withLicence;
            } else {
                QCOMPARE(o.value(QLatin1String("licence")).toString(), QString());
                ++without;
            }
        }
        QCOMPARE(withLicence, 5);
        QVERIFY(without > 0);

        const QByteArray before = digest(d);
        const QString notSqlite = doc(QStringLiteral("not-sparecores.db"));
        writeFile(notSqlite, "vendor_id,server_id\n");
        r = cli({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                 QStringLiteral("sparecores"), notSqlite, QStringLiteral("--document"), d});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QStringLiteral("it is not an SQLite database")), qPrintable(r.err));
        QCOMPARE(digest(d), before);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestCliCatalog)
#include "tst_cli_catalog.moc"

// Every write to a document on a disk that fills up while it is written: an import, an exchange-rate import, a
// plan save, a bill import, a copy to a new file and a catalog edit. Each must fail in words naming the full disk,
// exit 1 (the CLI), leave the document intact with exactly what it held before, and leave no temporary, journal or
// write-ahead file behind once the space is back.
//
// The test makes its own small file system (tmpfs), which needs root; CI runs as root. Without it the test skips.

#include "models/catalog/catalogeditor.h"
#include "models/store/document.h"

#include "tests/cli/clirunner.h"
#include "tests/support/testmain.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QStorageInfo>
#include <QTemporaryDir>
#include <QTest>

#include <functional>
#include <utility>

using namespace mltco;

namespace {

constexpr qint64 kFileSystemKb = 4096;

/// The document's whole content in SQL, and whether SQLite finds it intact, read by the sqlite3 program (a reader
/// apart from mltco).
struct Content final
{
    QString integrity;
    QByteArray dump;
};

Content contentOf(const QString &path)
{
    Content c;
    QProcess check;
    check.start(QStringLiteral("sqlite3"), {QStringLiteral("-readonly"), path, QStringLiteral("PRAGMA integrity_check")});
    if (check.waitForFinished(60000))
        c.integrity = QString::fromUtf8(check.readAllStandardOutput()).trimmed();
    QProcess dump;
    dump.start(QStringLiteral("sqlite3"), {QStringLiteral("-readonly"), path, QStringLiteral(".dump")});
    if (dump.waitForFinished(60000))
        c.dump = dump.readAllStandardOutput();
    return c;
}

/// Fills the file system holding `dir` until `leftKb` KiB are free (a file of zeros: tmpfs keeps no sparse room).
bool fillUntil(const QString &dir, qint64 leftKb)
{
    QStorageInfo disk(dir);
    disk.refresh();
    qint64 toWrite = disk.bytesAvailable() - leftKb * 1024;
    if (toWrite <= 0)
        return true;
    QFile filler(dir + QStringLiteral("/filler"));
    if (!filler.open(QIODevice::WriteOnly))
        return false;
    const QByteArray zeros(64 * 1024, '\0');
    while (toWrite > 0) {
        const qint64 n = std::min<qint64>(toWrite, zeros.size());
        if (filler.write(zeros.constData(), n) != n)
            return false;
        toWrite -= n;
    }
    return filler.flush();
}

} // namespace

class TestCliFullDisk : public QObject
{
    Q_OBJECT

    QTemporaryDir m_home;
    QTemporaryDir m_mountPoint;
    QString m_dir;      // the small file system
    QString m_doc;      // the document on it
    QString m_template; // a new document on the ordinary disk, copied onto the small one for each try
    Content m_before;   // what it holds
    bool m_mounted = false;

    CliRun cli(const QStringList &args) { return runCli(args, m_home.path()); }

    void unmount()
    {
        if (m_mounted)
            QProcess::execute(QStringLiteral("umount"), {m_dir});
        m_mounted = false;
    }

    /// A fresh small file system holding the document (unless `withDocument` is false), filled until `leftKb` KiB
    /// are free.
    bool prepare(qint64 leftKb, bool withDocument = true)
    {
        unmount();
        QProcess mount;
        mount.start(QStringLiteral("mount"), {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                                              QStringLiteral("size=%1k").arg(kFileSystemKb), QStringLiteral("tmpfs"),
                                              m_dir});
        if (!mount.waitForFinished(10000) || mount.exitStatus() != QProcess::NormalExit || mount.exitCode() != 0)
            return false;
        m_mounted = true;
        return (!withDocument || QFile::copy(m_template, m_doc)) && fillUntil(m_dir, leftKb);
    }

    /// The space back, the document opened and closed once by mltco, and then intact with no other file beside it.
    /// `unchanged`: with exactly what it held before.
    void verifyDocument(bool unchanged)
    {
        QVERIFY(QFile::remove(m_dir + QStringLiteral("/filler")));
        const CliRun reopen = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("providers"),
                                   QStringLiteral("--document"), m_doc});
        QVERIFY2(reopen.exitCode == 0, qPrintable(reopen.err));
        const QStringList left = QDir(m_dir).entryList(QDir::Files | QDir::Hidden | QDir::System);
        QCOMPARE(left, QStringList{QFileInfo(m_doc).fileName()});
        const Content after = contentOf(m_doc);
        QCOMPARE(after.integrity, QStringLiteral("ok"));
        if (unchanged)
            QVERIFY2(after.dump == m_before.dump, "the document's content changed");
    }

    QString diskFullWords() const
    {
        return QStringLiteral("the disk holding \"%1\" is full").arg(QDir::toNativeSeparators(m_dir));
    }

    /// What one try came to: done, refused while opening, or refused while writing.
    enum class Outcome { Done, RefusedAtOpen, RefusedAtWrite };

    /// Tries `write` with 0, 32, 64 … `toKb` KiB left (a page of a document is 32 KiB): every try either succeeds or is refused in words naming the
    /// full disk and leaves the document as it was; at least one is refused while writing (not only at opening),
    /// and with the most room left the write succeeds.
    void sweep(const std::function<std::pair<Outcome, QString>()> &write, qint64 toKb, bool mustSucceedAtEnd)
    {
        int refusedAtWrite = 0;
        Outcome last = Outcome::Done;
        for (qint64 left = 0; left <= toKb; left += 32) {
            QVERIFY(prepare(left));
            const auto [outcome, said] = write();
            last = outcome;
            if (outcome != Outcome::Done) {
                QVERIFY2(said.contains(diskFullWords()), qPrintable(QStringLiteral("%1 KiB left: %2").arg(left).arg(said)));
                // In words only: the statement that hit the full disk is nothing the reader can act on.
                static const QRegularExpression sql(QStringLiteral(
                    "\\b(SELECT|INSERT INTO|DELETE FROM|UPDATE \\w+ SET|CREATE (TABLE|INDEX)|DROP (TABLE|INDEX)|PRAGMA)\\b"));
                QVERIFY2(!said.contains(sql), qPrintable(QStringLiteral("%1 KiB left: %2").arg(left).arg(said)));
            }
            if (outcome == Outcome::RefusedAtWrite)
                ++refusedAtWrite;
            verifyDocument(outcome != Outcome::Done);
            if (QTest::currentTestFailed()) {
                qWarning("with %lld KiB left", left);
                return;
            }
        }
        QVERIFY2(refusedAtWrite > 0, "no try ran out of room while writing");
        if (mustSucceedAtEnd)
            QVERIFY2(last == Outcome::Done, "the write does not fit even in the most room tried");
    }

    void sweepCommand(const QStringList &args, qint64 toKb, bool mustSucceedAtEnd)
    {
        sweep(
            [&] {
                const CliRun r = cli(args + QStringList{QStringLiteral("--document"), m_doc});
                if (r.exitCode == 0)
                    return std::pair{Outcome::Done, r.err};
                if (r.exitCode != 1)
                    return std::pair{Outcome::RefusedAtWrite, QStringLiteral("exit code %1: %2").arg(r.exitCode).arg(r.err)};
                return std::pair{r.err.contains(QStringLiteral("Cannot open")) ? Outcome::RefusedAtOpen
                                                                               : Outcome::RefusedAtWrite,
                                 r.err};
            },
            toKb, mustSucceedAtEnd);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        QVERIFY(m_mountPoint.isValid());
        m_dir = m_mountPoint.path();
        m_doc = m_dir + QStringLiteral("/plans.mltco");
        m_template = m_home.filePath(QStringLiteral("template.mltco"));
        const CliRun made = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("providers"),
                                 QStringLiteral("--document"), m_template});
        QVERIFY2(made.exitCode == 0, qPrintable(made.err));
        m_before = contentOf(m_template);
        QCOMPARE(m_before.integrity, QStringLiteral("ok"));
        if (!prepare(0))
            QSKIP("making a small file system needs root (mount -t tmpfs); CI runs as root");
    }

    void cleanupTestCase() { unmount(); }

    void aCatalogImport()
    {
        sweepCommand({QStringLiteral("catalog"), QStringLiteral("import"), QStringLiteral("--format"),
                      QStringLiteral("skypilot"), QStringLiteral(MLTCO_SOURCE_DIR "/tests/data/import/skypilot-v8-gcp-vms.csv")},
                     384, true);
    }

    void anExchangeRateImport()
    {
        // Every rate the ECB published since 1999: far more than the small disk holds.
        sweepCommand({QStringLiteral("fx"), QStringLiteral("import"),
                      QStringLiteral(MLTCO_SOURCE_DIR "/tests/data/fx/eurofxref-hist.zip")},
                     64, false);
    }

    void aPlanSave()
    {
        sweepCommand({QStringLiteral("plan"), QStringLiteral("save"),
                      QStringLiteral(MLTCO_SOURCE_DIR "/resources/plans/growing-team.json")},
                     160, true);
    }

    void aBillImport()
    {
        sweepCommand({QStringLiteral("actuals"), QStringLiteral("import"),
                      QStringLiteral(MLTCO_SOURCE_DIR "/tests/data/actuals/focus-1.2-gcp-five-months.csv")},
                     544, true);
    }

    void aCatalogEdit()
    {
        // The editor the Catalog page uses: deleting every price is one transaction, refused whole.
        sweep(
            [&] {
                auto doc = store::Document::openExisting(m_doc);
                if (!doc)
                    return std::pair{Outcome::RefusedAtOpen, doc.error().message};
                catalog::CatalogEditor editor((*doc)->database());
                QList<qint64> ids;
                for (const catalog::PriceRecord &p : editor.prices())
                    ids << p.id;
                const auto removed = editor.remove(catalog::CatalogTable::PricePoint, ids);
                if (removed)
                    return std::pair{Outcome::Done, QString()};
                // Refused whole: every price is still there.
                if (editor.prices().size() != ids.size())
                    return std::pair{Outcome::RefusedAtWrite, QStringLiteral("some prices were deleted after all")};
                return std::pair{Outcome::RefusedAtWrite, removed.error().message};
            },
            192, true);
    }

    void aCopyToAFullDiskLeavesNoFile()
    {
        // The copy is written beside its name and renamed when whole: on a full disk there is no file by that name,
        // and the message names the file asked for, not the temporary one. With room enough it is whole. (Its log
        // used to be deleted before SQLite's checkpoint at closing, which a full disk had stopped: a copy missing
        // its last pages was renamed into place.)
        const QString copy = m_dir + QStringLiteral("/copy.mltco");
        int refused = 0;
        // Every 24 KiB from none to more than twice the document's size: room for its log but not for the
        // checkpoint is among them.
        for (qint64 left = 0; left <= 1632; left += 96) {

            QVERIFY(prepare(left, false));
            const CliRun r = cli({QStringLiteral("store"), QStringLiteral("copy"), m_template, copy});
            QVERIFY2(QFile::remove(m_dir + QStringLiteral("/filler")), "the filler is gone");
            const QStringList files = QDir(m_dir).entryList(QDir::Files | QDir::Hidden | QDir::System);
            if (r.exitCode == 0) {
                QCOMPARE(files, QStringList{QStringLiteral("copy.mltco")});
                const Content copied = contentOf(copy);
                QCOMPARE(copied.integrity, QStringLiteral("ok"));
                QVERIFY2(copied.dump == m_before.dump, qPrintable(QStringLiteral("%1 KiB left: the copy differs").arg(left)));
                continue;
            }
            ++refused;
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains(diskFullWords()) &&
                         r.err.contains(QStringLiteral("Cannot save to \"%1\"").arg(QDir::toNativeSeparators(copy))) &&
                         r.err.contains(QStringLiteral("Nothing was written under that name.")) &&
                         !r.err.contains(QStringLiteral(".copying-")),
                     qPrintable(QStringLiteral("%1 KiB left: %2").arg(left).arg(r.err)));
            QVERIFY2(files.isEmpty(), qPrintable(files.join(QStringLiteral(", "))));
        }
        QVERIFY(refused >= 3);
        QVERIFY2(QFile::exists(copy), "with 1632 KiB free the copy is made");
        QCOMPARE(contentOf(m_template).dump, m_before.dump);
    }

    void aNewDocumentOnAFullDiskLeavesNoFile()
    {
        // A new document is built under a temporary name and renamed when whole.
        const QString made = m_dir + QStringLiteral("/new.mltco");
        int refused = 0;
        for (qint64 left = 0; left <= 1632; left += 96) {

            QVERIFY(prepare(left, false));
            const CliRun r = cli({QStringLiteral("catalog"), QStringLiteral("list"), QStringLiteral("providers"),
                                  QStringLiteral("--document"), made});
            QVERIFY(QFile::remove(m_dir + QStringLiteral("/filler")));
            const QStringList files = QDir(m_dir).entryList(QDir::Files | QDir::Hidden | QDir::System);
            if (r.exitCode == 0) {
                QCOMPARE(files, QStringList{QStringLiteral("new.mltco")});
                const Content content = contentOf(made);
                QCOMPARE(content.integrity, QStringLiteral("ok"));
                QVERIFY2(content.dump == m_before.dump, qPrintable(QStringLiteral("%1 KiB left: not the seed").arg(left)));
                continue;
            }
            ++refused;
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains(diskFullWords()) && r.err.contains(QStringLiteral("Cannot create")),
                     qPrintable(QStringLiteral("%1 KiB left: %2").arg(left).arg(r.err)));
            QVERIFY2(files.isEmpty(), qPrintable(files.join(QStringLiteral(", "))));
        }
        QVERIFY(refused >= 2);
        QVERIFY(QFile::exists(made));
    }

    void saveAsOnAFullDiskLeavesNoFile()
    {
        // Save As (VACUUM INTO a temporary name, then a rename): the disk named is the target's, not the document's.
        auto doc = store::Document::openExisting(m_template);
        QVERIFY2(doc, doc ? "" : qPrintable(doc.error().message));
        const QString target = m_dir + QStringLiteral("/saved.mltco");
        int refused = 0;
        for (qint64 left : {0, 64, 128, 2048}) {
            QVERIFY(prepare(left, false));
            const Status saved = (*doc)->copyTo(target);
            QVERIFY(QFile::remove(m_dir + QStringLiteral("/filler")));
            const QStringList files = QDir(m_dir).entryList(QDir::Files | QDir::Hidden | QDir::System);
            if (saved) {
                QCOMPARE(files, QStringList{QStringLiteral("saved.mltco")});
                QCOMPARE(contentOf(target).integrity, QStringLiteral("ok"));
                continue;
            }
            ++refused;
            QVERIFY2(saved.error().message.contains(diskFullWords()), qPrintable(saved.error().message));
            QVERIFY2(files.isEmpty(), qPrintable(files.join(QStringLiteral(", "))));
        }
        QVERIFY(refused >= 2);
        QVERIFY(QFile::exists(target));
    }
};

MLTCO_TEST_GUILESS_MAIN(TestCliFullDisk)
#include "tst_cli_fulldisk.moc"

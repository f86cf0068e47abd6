// The window on a document whose disk fills up (docs/data-safety.md, "A full disk while writing a document"): a plan
// edit that cannot be saved is said in a dialog in words ("the disk holding … is full"), the edit stays in the
// window, unsaved, and is saved by the next edit once there is room; the document stays whole. A small file system of
// the test's own (tmpfs, which needs root, as CI runs; skipped otherwise).
#include "models/store/document.h"
#include "models/store/planstore.h"
#include "tests/support/testmain.h"
#include "ui/core/planeditor.h"
#include "ui/mainwindow.h"
#include "uitestutil.h"

#include <QDir>
#include <QMessageBox>
#include <QProcess>
#include <QScopeGuard>
#include <QStorageInfo>
#include <QTimer>

using namespace mltco;

namespace {

/// Fills the file system holding `dir` until nothing is free (a file of zeros: tmpfs keeps no sparse room).
bool fill(const QString &dir)
{
    QFile filler(dir + QStringLiteral("/filler"));
    if (!filler.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return false;
    const QByteArray zeros(64 * 1024, '\0');
    while (filler.write(zeros) == zeros.size()) {
    }
    for (const QByteArray one(1, '\0'); filler.write(one) == 1;) {
    }
    return true;
}

QString sqliteSays(const QString &path, const QString &what)
{
    QProcess p;
    p.start(QStringLiteral("sqlite3"), {QStringLiteral("-readonly"), path, what});
    return p.waitForFinished(60000) ? QString::fromUtf8(p.readAllStandardOutput()).trimmed() : QString();
}

} // namespace

class TestFullDiskWindow final : public QObject
{
    Q_OBJECT

private slots:
    void anEditOnAFullDiskIsSaidKeptAndSavedLater()
    {
        QStandardPaths::setTestModeEnabled(true);
        QTemporaryDir mountPoint;
        QVERIFY(mountPoint.isValid());
        const QString dir = mountPoint.path();
        QProcess mount;
        mount.start(QStringLiteral("mount"), {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                                              QStringLiteral("size=4096k"), QStringLiteral("tmpfs"), dir});
        if (!mount.waitForFinished(10000) || mount.exitStatus() != QProcess::NormalExit || mount.exitCode() != 0)
            QSKIP("making a small file system needs root (mount -t tmpfs); CI runs as root");
        const auto unmount = qScopeGuard([&dir] { QProcess::execute(QStringLiteral("umount"), {dir}); });
        const QString path = dir + QStringLiteral("/full.mltco");

        auto window = windowOn(path);
        QVERIFY(window);
        const int start = window->editor()->plan().workload.engineers;
        QVERIFY(fill(dir));

        // The error dialog, whenever one opens: its words kept, then closed as a user would.
        QStringList said;
        QTimer answer;
        connect(&answer, &QTimer::timeout, this, [&said] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                said << box->objectName() + QStringLiteral(": ") + box->text();
                box->accept();
            }
        });
        answer.start(20);

        // Edits until one cannot be saved: the log file may hold a few in the room it already has.
        int edits = 0;
        while (said.isEmpty() && edits < 300) {
            ++edits;
            window->editor()->setWorkloadValue(tco::ParamId::Engineers, start + edits);
        }
        QVERIFY2(!said.isEmpty(), "every edit was saved on a full disk");
        const QString words = said.first();
        QVERIFY2(words.startsWith(QStringLiteral("errorDialog: ")), qPrintable(words));
        QVERIFY2(words.contains(QStringLiteral("the disk holding \"%1\" is full").arg(QDir::toNativeSeparators(dir))),
                 qPrintable(words));
        QVERIFY(window->editor()->hasUnsavedChanges());
        QCOMPARE(window->editor()->plan().workload.engineers, start + edits); // kept in the window

        // Room again: the next edit saves, and the document holds it, whole.
        QVERIFY(QFile::remove(dir + QStringLiteral("/filler")));
        said.clear();
        window->editor()->setWorkloadValue(tco::ParamId::Engineers, start + edits + 1);
        QVERIFY2(said.isEmpty(), qPrintable(said.join(QLatin1Char('\n'))));
        QVERIFY(!window->editor()->hasUnsavedChanges());
        window.reset();
        answer.stop();
        // Closed: nothing beside the document (no log, no index, no lock). Read after, since a read-only reader
        // that closes last leaves its own.
        const QStringList left = QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System);
        QCOMPARE(left, QStringList{QStringLiteral("full.mltco")});
        QCOMPARE(sqliteSays(path, QStringLiteral("PRAGMA integrity_check")), QStringLiteral("ok"));
        QVERIFY2(sqliteSays(path, QStringLiteral("SELECT json FROM plan"))
                     .contains(QStringLiteral("\"engineers\": %1").arg(start + edits + 1)),
                 "the saved plan is not the last edit");
    }
};

MLTCO_TEST_MAIN(TestFullDiskWindow)
#include "tst_fulldiskwindow.moc"

// Test helper for tst_crashsafety: commits batches of 10 rows in a loop, printing the committed row
// count after each commit, until it is killed.
#include "models/store/document.h"
#include "models/store/sqlutil.h"
#include "models/store/transaction.h"

#include <QCoreApplication>
#include <QTextStream>

using namespace mltco;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    if (argc < 2)
        return 2;
    auto doc = store::Document::open(QString::fromLocal8Bit(argv[1]));
    if (!doc)
        return 1;
    const QSqlDatabase db = (*doc)->database();
    QTextStream out(stdout);
    qint64 next = *store::queryInt(db, QStringLiteral("SELECT COALESCE(MAX(id), 0) FROM provider")) + 1;
    for (;;) {
        store::Transaction tx(db);
        for (int i = 0; i < 10; ++i, ++next) {
            if (!store::exec(db, QStringLiteral("INSERT INTO provider (id, name, display_name, kind) VALUES (?, ?, ?, 'gpu_cloud')"),
                             {next, QStringLiteral("p%1").arg(next), QString(500, QLatin1Char('x'))}))
                return 1;
        }
        if (!tx.commit())
            return 1;
        out << next - 1 << Qt::endl;
    }
}

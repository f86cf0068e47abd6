#include "models/catalog/importers/csvreader.h"
#include "tests/support/testmain.h"

#include <QBuffer>
#include <QTest>

using mltco::catalog::CsvReader;
using mltco::catalog::isValidUtf8;

namespace {

struct Read final
{
    QList<int> lines;
    QList<QByteArrayList> records;
    QStringList errors; ///< "line: message"
};

Read readAll(const QByteArray &bytes)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    CsvReader reader(buffer);
    Read read;
    for (;;) {
        const auto status = reader.next();
        if (status == CsvReader::Status::End || status == CsvReader::Status::ReadError)
            break;
        if (status == CsvReader::Status::SyntaxError) {
            read.errors << QStringLiteral("%1: %2").arg(reader.line()).arg(reader.errorString());
            continue;
        }
        QByteArrayList fields;
        for (qsizetype i = 0; i < reader.fieldCount(); ++i)
            fields << reader.field(i).toByteArray();
        read.lines << reader.line();
        read.records << fields;
    }
    return read;
}

} // namespace

class TestCsvReader final : public QObject
{
    Q_OBJECT

private slots:
    void recordsCarryTheLineTheyStartOn_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QList<int>>("lines");
        QTest::newRow("LF") << QByteArray("a,b\n1,2\n3,4\n") << QList<int>{1, 2, 3};
        QTest::newRow("CRLF") << QByteArray("a,b\r\n1,2\r\n3,4\r\n") << QList<int>{1, 2, 3};
        QTest::newRow("no final newline") << QByteArray("a,b\n1,2") << QList<int>{1, 2};
        QTest::newRow("blank lines skipped") << QByteArray("a,b\n\n1,2\r\n\r\n  \n3,4\n") << QList<int>{1, 3, 6};
        QTest::newRow("quoted newline") << QByteArray("a,b\n\"x\ny\",2\n3,4\n") << QList<int>{1, 2, 4};
        QTest::newRow("quoted CRLF newlines")
            << QByteArray("a,b\r\n\"x\r\ny\r\nz\",2\r\n3,4\r\n") << QList<int>{1, 2, 5};
        QTest::newRow("quoted field starting on an empty line")
            << QByteArray("a,b\n1,\"\n\nend\"\n5,6\n") << QList<int>{1, 2, 5};
        QTest::newRow("BOM") << QByteArray("\xEF\xBB\xBF"
                                           "a,b\n1,2\n")
                             << QList<int>{1, 2};
    }
    void recordsCarryTheLineTheyStartOn()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QList<int>, lines);
        const Read read = readAll(bytes);
        QVERIFY2(read.errors.isEmpty(), qPrintable(read.errors.join(u'\n')));
        QCOMPARE(read.lines, lines);
    }

    void fieldsFollowRfc4180()
    {
        const Read read = readAll("\xEF\xBB\xBF"
                                  "name,note\r\n\"a,b\",\"say \"\"hi\"\"\"\r\n  plain  ,\"x\r\ny\"\r\n,\r\n");
        QCOMPARE(read.records.size(), 4);
        QCOMPARE(read.records[0], (QByteArrayList{"name", "note"})); // BOM gone
        QCOMPARE(read.records[1], (QByteArrayList{"a,b", "say \"hi\""}));
        QCOMPARE(read.records[2], (QByteArrayList{"plain", "x\r\ny"}));
        QCOMPARE(read.records[3], (QByteArrayList{"", ""}));
    }

    void malformedRecordIsReportedAndReadingGoesOn()
    {
        const Read read = readAll("a,b\n1,2\n3,\"x\"y\n5,6\n7,8\"\n9,10\n");
        QCOMPARE(read.lines, (QList<int>{1, 2, 4, 6}));
        QCOMPARE(read.errors.size(), 2);
        QVERIFY(read.errors[0].startsWith(QStringLiteral("3: malformed quoting")));
        QVERIFY(read.errors[1].startsWith(QStringLiteral("5: malformed quoting")));
    }

    void malformedRecordAfterMultiLineFieldKeepsItsStartLine()
    {
        const Read read = readAll("a,b\n\"one\ntwo\",2\n\"three\nfour\"x,3\n5,6\n");
        QCOMPARE(read.lines, (QList<int>{1, 2, 6}));
        QCOMPARE(read.errors.size(), 1);
        QVERIFY2(read.errors[0].startsWith(QStringLiteral("4: malformed quoting")), qPrintable(read.errors[0]));
    }

    void unterminatedQuoteIsAnError()
    {
        const Read read = readAll("a,b\n1,2\n3,\"open\n4,5\n");
        QCOMPARE(read.lines, (QList<int>{1, 2}));
        QCOMPARE(read.errors.size(), 1);
        QVERIFY(read.errors[0].startsWith(QStringLiteral("3: unterminated quoted field")));
    }

    void emptyInputHasNoRecords()
    {
        QVERIFY(readAll({}).records.isEmpty());
        QVERIFY(readAll("\xEF\xBB\xBF").records.isEmpty());
        QVERIFY(readAll("\r\n\n").records.isEmpty());
    }

    void recordsSpanningReadChunksStayWhole()
    {
        // The reader reads 1 MiB at a time: records and a quoted newline straddle the boundaries.
        QByteArray bytes("id,text\n");
        const QByteArray filler(100, 'x');
        int rows = 0;
        while (bytes.size() < 3 * 1024 * 1024) {
            ++rows;
            bytes += QByteArray::number(rows) + ",\"" + filler + "\n" + filler + "\"\n";
        }
        const Read read = readAll(bytes);
        QVERIFY(read.errors.isEmpty());
        QCOMPARE(read.records.size(), rows + 1);
        for (int i = 1; i <= rows; ++i) {
            QCOMPARE(read.lines[i], 2 * i);
            QCOMPARE(read.records[i][0], QByteArray::number(i));
            QCOMPARE(read.records[i][1].size(), 201);
        }
    }

    void validatesUtf8_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("valid");
        QTest::newRow("ascii") << QByteArray("plain text, long enough to use the fast path") << true;
        QTest::newRow("umlaut") << QByteArray("M\xC3\xBCnchen") << true;
        QTest::newRow("euro") << QByteArray("\xE2\x82\xAC 5") << true;
        QTest::newRow("emoji") << QByteArray("\xF0\x9F\x9A\x80") << true;
        QTest::newRow("latin-1 byte") << QByteArray("M\xFCnchen") << false;
        QTest::newRow("lone continuation") << QByteArray("a\x80") << false;
        QTest::newRow("overlong slash") << QByteArray("\xC0\xAF") << false;
        QTest::newRow("overlong 3 bytes") << QByteArray("\xE0\x80\xAF") << false;
        QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80") << false;
        QTest::newRow("past U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << false;
        QTest::newRow("truncated") << QByteArray("abc\xE2\x82") << false;
        QTest::newRow("bad after fast path") << QByteArray("12345678\xFF") << false;
    }
    void validatesUtf8()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, valid);
        QCOMPARE(isValidUtf8(bytes), valid);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestCsvReader)
#include "tst_csvreader.moc"

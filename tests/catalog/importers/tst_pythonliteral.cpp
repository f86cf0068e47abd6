#include "models/catalog/importers/pythonliteral.h"
#include "tests/support/testmain.h"

#include <QTest>
#include <QVariantList>
#include <QVariantMap>

using mltco::catalog::parsePythonLiteral;

class TestPythonLiteral final : public QObject
{
    Q_OBJECT

private slots:
    void parsesSkyPilotGpuInfo()
    {
        const auto value = parsePythonLiteral(
            u"{'Gpus': [{'Name': 'A100', 'Manufacturer': 'NVIDIA', 'Count': 8.0, 'MemoryInfo': {'SizeInMiB': 40960}}], "
            u"'TotalGpuMemoryInMiB': 40960}");
        QVERIFY2(value, value ? "" : qPrintable(value.error().message));
        const QVariantMap map = value->toMap();
        QCOMPARE(map.value(QStringLiteral("TotalGpuMemoryInMiB")).typeId(), QMetaType::LongLong);
        QCOMPARE(map.value(QStringLiteral("TotalGpuMemoryInMiB")).toLongLong(), 40960);
        const QVariantList gpus = map.value(QStringLiteral("Gpus")).toList();
        QCOMPARE(gpus.size(), 1);
        const QVariantMap gpu = gpus.first().toMap();
        QCOMPARE(gpu.value(QStringLiteral("Name")).toString(), QStringLiteral("A100"));
        QCOMPARE(gpu.value(QStringLiteral("Count")).typeId(), QMetaType::Double);
        QCOMPARE(gpu.value(QStringLiteral("Count")).toDouble(), 8.0);
        QCOMPARE(gpu.value(QStringLiteral("MemoryInfo")).toMap().value(QStringLiteral("SizeInMiB")).toInt(), 40960);
    }

    void parsesScalars_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QVariant>("expected");
        QTest::newRow("True") << QStringLiteral("True") << QVariant(true);
        QTest::newRow("False") << QStringLiteral("False") << QVariant(false);
        QTest::newRow("int") << QStringLiteral("42") << QVariant(qlonglong(42));
        QTest::newRow("negative int") << QStringLiteral("-7") << QVariant(qlonglong(-7));
        QTest::newRow("zero") << QStringLiteral("0") << QVariant(qlonglong(0));
        QTest::newRow("float") << QStringLiteral("0.125") << QVariant(0.125);
        QTest::newRow("exponent") << QStringLiteral("1.5e3") << QVariant(1500.0);
        QTest::newRow("negative exponent") << QStringLiteral("-2E-2") << QVariant(-0.02);
        QTest::newRow("leading dot") << QStringLiteral(".5") << QVariant(0.5);
        QTest::newRow("single quotes") << QStringLiteral("'it'") << QVariant(QStringLiteral("it"));
        QTest::newRow("double quotes") << QStringLiteral("\"it's\"") << QVariant(QStringLiteral("it's"));
        QTest::newRow("escapes") << QStringLiteral("'a\\'b\\\\c\\n\\t\\x41\\u00e9'")
                                 << QVariant(QStringLiteral("a'b\\c\n\tA\u00e9"));
        QTest::newRow("unicode text") << QStringLiteral("'M\u00fcnchen'") << QVariant(QStringLiteral("M\u00fcnchen"));
        QTest::newRow("u prefix") << QStringLiteral("u'x'") << QVariant(QStringLiteral("x"));
        QTest::newRow("raw string") << QStringLiteral("r'a\\d'") << QVariant(QStringLiteral("a\\d"));
        QTest::newRow("parenthesised value") << QStringLiteral("(3)") << QVariant(qlonglong(3));
        QTest::newRow("blanks around") << QStringLiteral("  'x'\t") << QVariant(QStringLiteral("x"));
    }
    void parsesScalars()
    {
        QFETCH(QString, text);
        QFETCH(QVariant, expected);
        const auto value = parsePythonLiteral(text);
        QVERIFY2(value, value ? "" : qPrintable(value.error().message));
        QCOMPARE(value->typeId(), expected.typeId());
        QCOMPARE(*value, expected);
    }

    void noneIsANullValue()
    {
        const auto value = parsePythonLiteral(u"{'Name': None}");
        QVERIFY(value);
        const QVariant name = value->toMap().value(QStringLiteral("Name"));
        QCOMPARE(name.typeId(), QMetaType::Nullptr);
        QVERIFY(name.isNull());
    }

    void parsesContainers()
    {
        const auto value =
            parsePythonLiteral(u"{'t': (1, 'a',), 'one': (5,), 'empty': (), 'l': [True, None,], 'd': {},}");
        QVERIFY2(value, value ? "" : qPrintable(value.error().message));
        const QVariantMap map = value->toMap();
        QCOMPARE(map.value(QStringLiteral("t")).toList(), (QVariantList{qlonglong(1), QStringLiteral("a")}));
        QCOMPARE(map.value(QStringLiteral("one")).toList(), (QVariantList{qlonglong(5)}));
        QVERIFY(map.value(QStringLiteral("empty")).toList().isEmpty());
        QCOMPARE(map.value(QStringLiteral("empty")).typeId(), QMetaType::QVariantList);
        QCOMPARE(map.value(QStringLiteral("l")).toList().size(), 2);
        QCOMPARE(map.value(QStringLiteral("d")).typeId(), QMetaType::QVariantMap);
    }

    void repeatedKeyKeepsTheLastValue()
    {
        const auto value = parsePythonLiteral(u"{'a': 1, 'a': 2}");
        QVERIFY(value);
        QCOMPARE(value->toMap().value(QStringLiteral("a")).toInt(), 2);
    }

    void rejectsWhatIsNotAPythonLiteral_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        const auto row = [](const char *name, const QString &text, const QString &message) {
            QTest::newRow(name) << text << message;
        };
        row("empty", QString(), QStringLiteral("expected a value, found the end of the text at column 1"));
        row("JSON true", QStringLiteral("{'a': true}"),
            QStringLiteral("unknown name 'true' (only True, False and None are allowed) at column 7"));
        row("JSON null", QStringLiteral("null"),
            QStringLiteral("unknown name 'null' (only True, False and None are allowed) at column 1"));
        row("missing colon", QStringLiteral("{'a' 1}"), QStringLiteral("expected ':' after a dict key at column 6"));
        row("missing comma", QStringLiteral("[1 2]"), QStringLiteral("expected ',' or ']' in a list at column 4"));
        row("unterminated dict", QStringLiteral("{'a': 1"),
            QStringLiteral("unterminated dict: expected ',' or '}' at column 8"));
        row("unterminated string", QStringLiteral("{'a: 1}"), QStringLiteral("unterminated string at column 2"));
        row("non-string key", QStringLiteral("{1: 'a'}"), QStringLiteral("dict keys must be strings at column 2"));
        row("trailing text", QStringLiteral("{} x"), QStringLiteral("unexpected text after the value at column 4"));
        row("call", QStringLiteral("float('inf')"),
            QStringLiteral("unknown name 'float' (only True, False and None are allowed) at column 1"));
        row("set", QStringLiteral("{1, 2}"), QStringLiteral("dict keys must be strings at column 2"));
        row("bytes", QStringLiteral("b'x'"), QStringLiteral("string prefix 'b' is not supported at column 1"));
        row("triple quotes", QStringLiteral("'''x'''"),
            QStringLiteral("triple-quoted strings are not supported at column 1"));
        row("underscore digits", QStringLiteral("1_000"),
            QStringLiteral("only plain decimal numbers are supported at column 2"));
        row("hex", QStringLiteral("0x10"), QStringLiteral("only plain decimal numbers are supported at column 2"));
        row("leading zero", QStringLiteral("012"), QStringLiteral("integers may not start with 0 at column 1"));
        row("huge int", QStringLiteral("99999999999999999999"), QStringLiteral("integer too large at column 1"));
        row("bad exponent", QStringLiteral("1e"), QStringLiteral("malformed number at column 1"));
        row("bad escape", QStringLiteral("'\\x4'"),
            QStringLiteral("bad \\x escape: expected 2 hex digits at column 5"));
        row("line break in string", QStringLiteral("'a\nb'"), QStringLiteral("line break inside a string at column 3"));
        row("implicit concatenation", QStringLiteral("'a' 'b'"),
            QStringLiteral("unexpected text after the value at column 5"));
        row("stray character", QStringLiteral("{'a': @}"), QStringLiteral("unexpected character '@' at column 7"));
        row("too deep", QString(70, u'[') + QString(70, u']'),
            QStringLiteral("nested deeper than 64 levels at column 66"));
    }
    void rejectsWhatIsNotAPythonLiteral()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const auto value = parsePythonLiteral(text);
        QVERIFY(!value);
        QCOMPARE(value.error().message, QStringLiteral("invalid Python literal: ") + message);
    }
};

MLTCO_TEST_GUILESS_MAIN(TestPythonLiteral)
#include "tst_pythonliteral.moc"

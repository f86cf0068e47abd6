#pragma once

#include <QByteArrayView>
#include <QString>

#include <memory>

class QIODevice;

namespace mltco::catalog {

/// True when `data` is well-formed UTF-8: no overlong forms, no surrogates, nothing past U+10FFFF.
bool isValidUtf8(QByteArrayView data);

/// Reads RFC 4180 records from a device, one at a time, each with the physical line (1-based) on which
/// it starts. libcsv does the tokenising (quotes, doubled quotes, separators and line breaks inside
/// quoted fields); this class adds what libcsv does not know: line numbers, a UTF-8 byte-order mark,
/// and recovery after a malformed record so that later records are still checked.
///
/// Input is fed to libcsv one physical line at a time, so when a record begins the reader knows the
/// line it begins on, even after quoted fields that span lines and with CRLF endings. Blank lines are
/// skipped. Fields are raw bytes (not yet decoded); they stay valid until the next call to next().
class CsvReader final
{
public:
    enum class Status {
        Record,      ///< a record is available through line(), fieldCount() and field()
        SyntaxError, ///< the record starting at line() is malformed; errorString() says how
        End,         ///< no more input
        ReadError,   ///< the device failed; errorString() says why
    };

    explicit CsvReader(QIODevice &in);
    ~CsvReader();
    CsvReader(const CsvReader &) = delete;
    CsvReader &operator=(const CsvReader &) = delete;

    Status next();

    int line() const;
    qsizetype fieldCount() const;
    QByteArrayView field(qsizetype index) const;
    /// Every field of the current record back to back, for checks that look at the whole record.
    QByteArrayView recordBytes() const;
    QString errorString() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace mltco::catalog

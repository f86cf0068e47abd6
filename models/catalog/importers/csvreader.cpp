#include "models/catalog/importers/csvreader.h"

#include <QIODevice>

#include <cstring>
#include <csv.h>
#include <string>
#include <utility>
#include <vector>

namespace mltco::catalog {

bool isValidUtf8(QByteArrayView data)
{
    const auto *p = reinterpret_cast<const unsigned char *>(data.data());
    const auto *end = p + data.size();
    while (p < end) {
        // Price files are almost all ASCII: skip it eight bytes at a time.
        if (end - p >= 8) {
            quint64 word;
            std::memcpy(&word, p, sizeof word);
            if ((word & 0x8080808080808080ULL) == 0) {
                p += 8;
                continue;
            }
        }
        const unsigned char c = *p;
        if (c < 0x80) {
            ++p;
            continue;
        }
        int length = 0;
        unsigned char min = 0x80;
        unsigned char max = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            length = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            length = 3;
            if (c == 0xE0)
                min = 0xA0; // overlong
            else if (c == 0xED)
                max = 0x9F; // UTF-16 surrogates
        } else if (c >= 0xF0 && c <= 0xF4) {
            length = 4;
            if (c == 0xF0)
                min = 0x90; // overlong
            else if (c == 0xF4)
                max = 0x8F; // past U+10FFFF
        } else {
            return false;
        }
        if (end - p < length)
            return false;
        if (p[1] < min || p[1] > max)
            return false;
        for (int i = 2; i < length; ++i)
            if (p[i] < 0x80 || p[i] > 0xBF)
                return false;
        p += length;
    }
    return true;
}

namespace {

constexpr qint64 kChunkSize = 1 << 20;
constexpr unsigned char kOptions = CSV_STRICT | CSV_STRICT_FINI;
// libcsv grows a field's buffer by a fixed block (128 bytes by default): a 10 MB field meant 80,000
// reallocations, each a full copy wherever realloc cannot grow in place (under AddressSanitizer, minutes).
// 64 KiB blocks make that 160.
constexpr std::size_t kFieldBlock = 64 * 1024;

void startParser(csv_parser &parser)
{
    csv_init(&parser, kOptions);
    csv_set_blk_size(&parser, kFieldBlock);
}

struct Record final
{
    int line = 0; ///< 0 while no byte of the record has been seen
    std::string data;
    std::vector<std::pair<std::size_t, std::size_t>> fields; ///< offset and length in data

    void clear()
    {
        line = 0;
        data.clear();
        fields.clear();
    }
};

bool hasContent(const char *p, std::size_t n)
{
    // libcsv skips lines made only of blanks and line breaks without reporting a record.
    for (std::size_t i = 0; i < n; ++i)
        if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r' && p[i] != '\n')
            return true;
    return false;
}

} // namespace

struct CsvReader::Impl final
{
    explicit Impl(QIODevice &device) : in(device)
    {
        startParser(parser);
        records.resize(2);
    }
    ~Impl() { csv_free(&parser); }

    Record &building() { return records[count]; }

    static void onField(void *s, std::size_t len, void *self)
    {
        auto *d = static_cast<Impl *>(self);
        Record &r = d->building();
        if (r.line == 0)
            r.line = d->lineNo;
        r.fields.emplace_back(r.data.size(), len);
        r.data.append(static_cast<const char *>(s), len);
    }

    static void onRecord(int, void *self)
    {
        auto *d = static_cast<Impl *>(self);
        if (d->building().line == 0)
            d->building().line = d->lineNo;
        ++d->count;
        if (d->records.size() <= d->count)
            d->records.resize(d->count + 1);
        d->building().clear();
    }

    void feedLine(const char *p, std::size_t n)
    {
        ++lineNo;
        if (lineNo == 1 && n >= 3 && std::memcmp(p, "\xEF\xBB\xBF", 3) == 0) {
            p += 3;
            n -= 3;
        }
        if (building().line == 0 && hasContent(p, n))
            building().line = lineNo;
        const std::size_t done = csv_parse(&parser, p, n, &Impl::onField, &Impl::onRecord, this);
        if (done < n)
            failRecord(QStringLiteral("malformed quoting: a quote inside an unquoted field, or text after "
                                      "a closing quote (write a quote inside a quoted field as \"\")"));
    }

    void failRecord(const QString &why)
    {
        hasError = true;
        errorLine = building().line != 0 ? building().line : lineNo;
        error = why;
        // libcsv cannot resume inside a broken record: start afresh on the next line.
        csv_free(&parser);
        startParser(parser);
        building().clear();
    }

    void finish()
    {
        finished = true;
        if (csv_fini(&parser, &Impl::onField, &Impl::onRecord, this) != 0)
            failRecord(QStringLiteral("unterminated quoted field: a field opened with \" is never closed"));
    }

    /// Feeds the next physical line; false when the input is exhausted (or unreadable).
    bool feedNextLine()
    {
        for (;;) {
            if (pos < chunk.size()) {
                const char *begin = chunk.constData() + pos;
                const auto available = static_cast<std::size_t>(chunk.size() - pos);
                const auto *newline = static_cast<const char *>(std::memchr(begin, '\n', available));
                if (newline) {
                    const auto length = static_cast<std::size_t>(newline - begin) + 1;
                    pos += static_cast<qsizetype>(length);
                    if (carry.empty()) {
                        feedLine(begin, length);
                    } else {
                        carry.append(begin, length);
                        feedLine(carry.data(), carry.size());
                        carry.clear();
                    }
                    return true;
                }
                carry.append(begin, available);
                pos = chunk.size();
            }
            if (atEof) {
                if (carry.empty())
                    return false;
                feedLine(carry.data(), carry.size());
                carry.clear();
                return true;
            }
            chunk.resize(kChunkSize);
            const qint64 got = in.read(chunk.data(), kChunkSize);
            if (got < 0) {
                readFailed = true;
                error = in.errorString();
                chunk.clear();
                pos = 0;
                return false;
            }
            chunk.resize(got);
            pos = 0;
            if (got == 0)
                atEof = true;
        }
    }

    QIODevice &in;
    csv_parser parser{};
    QByteArray chunk;
    qsizetype pos = 0;
    std::string carry; ///< the start of a line whose end is in a later chunk
    int lineNo = 0;
    bool atEof = false;
    bool finished = false;
    bool readFailed = false;

    // Completed records are records[head, count); the record being built is records[count].
    // Usually one line completes at most one record; a queue covers lone-CR line endings.
    std::vector<Record> records;
    std::size_t head = 0;
    std::size_t count = 0;
    const Record *current = nullptr;

    bool hasError = false;
    int errorLine = 0;
    QString error;
};

CsvReader::CsvReader(QIODevice &in) : d(std::make_unique<Impl>(in)) {}

CsvReader::~CsvReader() = default;

CsvReader::Status CsvReader::next()
{
    for (;;) {
        if (d->head < d->count) {
            d->current = &d->records[d->head++];
            return Status::Record;
        }
        d->current = nullptr;
        if (d->hasError) {
            d->hasError = false;
            return Status::SyntaxError;
        }
        if (d->readFailed)
            return Status::ReadError;
        if (d->finished)
            return Status::End;
        if (d->count > 0) {
            // Every completed record was handed out: reuse their buffers.
            std::swap(d->records[0], d->records[d->count]);
            d->head = d->count = 0;
        }
        if (!d->feedNextLine() && !d->readFailed)
            d->finish();
    }
}

int CsvReader::line() const
{
    if (d->current)
        return d->current->line;
    return d->errorLine;
}

qsizetype CsvReader::fieldCount() const
{
    return d->current ? static_cast<qsizetype>(d->current->fields.size()) : 0;
}

QByteArrayView CsvReader::field(qsizetype index) const
{
    const auto &[offset, length] = d->current->fields[static_cast<std::size_t>(index)];
    return QByteArrayView(d->current->data.data() + offset, static_cast<qsizetype>(length));
}

QByteArrayView CsvReader::recordBytes() const
{
    if (!d->current)
        return {};
    return QByteArrayView(d->current->data.data(), static_cast<qsizetype>(d->current->data.size()));
}

QString CsvReader::errorString() const
{
    return d->error;
}

} // namespace mltco::catalog

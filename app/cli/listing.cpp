#include "listing.h"

#include "models/common/jsonstreamwriter.h"
#include "models/common/numbertext.h"
#include "models/report/csvexport.h"

#include <QHash>
#include <QIODevice>
#include <QJsonValue>

#include <algorithm>
#include <cstring>
#include <numeric>

namespace mltco::cli {
namespace {

// Writes through a 64 KiB buffer; remembers a failed write.
class Output final
{
public:
    explicit Output(QIODevice &device) : m_device(device) { m_buffer.reserve(kBlock + 1024); }
    ~Output() { flush(); }
    QByteArray &buffer() { return m_buffer; }
    void maybeFlush()
    {
        if (m_buffer.size() >= kBlock)
            flush();
    }
    void flush()
    {
        if (!m_buffer.isEmpty() && m_device.write(m_buffer) != m_buffer.size())
            m_failed = true;
        m_buffer.clear();
    }
    bool ok() const { return !m_failed; }

private:
    static constexpr qsizetype kBlock = 64 * 1024;
    QIODevice &m_device;
    QByteArray m_buffer;
    bool m_failed = false;
};

// QString::number(v, 'g', 12), remembered per value: a price list repeats a few thousand amounts a million times.
class NumberText final
{
public:
    QByteArrayView operator()(double v)
    {
        quint64 bits = 0;
        std::memcpy(&bits, &v, sizeof bits);
        auto it = m_cache.constFind(bits);
        if (it == m_cache.constEnd()) {
            if (m_cache.size() > 100000)
                m_cache.clear();
            it = m_cache.insert(bits, QString::number(v, 'g', 12).toLatin1());
        }
        return *it;
    }

private:
    QHash<quint64, QByteArray> m_cache;
};

// Width as QString counts it (UTF-16 units): every UTF-8 sequence is one, a four-byte one (outside the BMP) two.
qsizetype textWidth(QByteArrayView utf8)
{
    qsizetype width = 0;
    for (const char c : utf8) {
        const auto u = static_cast<unsigned char>(c);
        if ((u & 0xc0) != 0x80)
            width += u >= 0xf0 ? 2 : 1;
    }
    return width;
}

QByteArrayView cellText(const Cell &cell, NumberText &numbers)
{
    switch (cell.kind) {
    case Cell::Kind::Text:
        return cell.text;
    case Cell::Kind::Number:
        return numbers(cell.number);
    case Cell::Kind::Null:
        break;
    }
    return {};
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// One aligned line: cells left-justified to their widths, two spaces apart, the line trimmed at both ends.
void appendTableLine(QByteArray &out, const std::vector<QByteArrayView> &cells, const QList<qsizetype> &width)
{
    const qsizetype start = out.size();
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i > 0)
            out += "  ";
        out += cells[i];
        const qsizetype pad = width[static_cast<qsizetype>(i)] - textWidth(cells[i]);
        if (pad > 0)
            out.append(pad, ' ');
    }
    qsizetype end = out.size();
    while (end > start && isSpace(out[end - 1]))
        --end;
    qsizetype first = start;
    while (first < end && isSpace(out[first]))
        ++first;
    if (first > start)
        out.remove(start, first - start);
    out.truncate(end - (first - start));
    out += '\n';
}

} // namespace

bool writeListing(QIODevice &device, const QString &format, const QStringList &header, const RowSource &rows,
                  const std::function<bool()> &complete)
{
    NumberText numbers;
    if (format == QLatin1String("json")) {
        // QJsonObject's key order, which the listing's JSON has always had.
        QList<qsizetype> order(header.size());
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) { return header[a] < header[b]; });
        std::vector<QByteArray> keys;
        for (const QString &h : header)
            keys.push_back(h.toUtf8());
        JsonStreamWriter json(device);
        json.beginArray();
        rows(false, [&](const Row &cells) {
            json.beginObject();
            for (qsizetype i : order) {
                const QByteArray &key = keys[static_cast<std::size_t>(i)];
                json.key(std::string_view(key.constData(), static_cast<std::size_t>(key.size())));
                const Cell cell =
                    static_cast<std::size_t>(i) < cells.size() ? cells[static_cast<std::size_t>(i)] : Cell{};
                if (cell.kind == Cell::Kind::Text)
                    json.utf8Value(cell.text);
                else if (cell.kind == Cell::Kind::Number)
                    json.value(cell.number);
                else
                    json.null();
            }
            json.endObject();
        });
        json.endArray();
        return json.finish().isOk();
    }
    Output out(device);
    if (format == QLatin1String("csv")) {
        for (qsizetype i = 0; i < header.size(); ++i) {
            if (i > 0)
                out.buffer() += ',';
            out.buffer() += report::csvField(header[i]).toUtf8();
        }
        out.buffer() += "\r\n";
        rows(false, [&](const Row &cells) {
            for (std::size_t i = 0; i < cells.size(); ++i) {
                if (i > 0)
                    out.buffer() += ',';
                report::appendCsvField(out.buffer(), cellText(cells[i], numbers));
            }
            out.buffer() += "\r\n";
            out.maybeFlush();
        });
        out.flush();
        return out.ok();
    }
    QList<qsizetype> width;
    std::vector<QByteArray> headerText;
    for (const QString &h : header) {
        width << h.size();
        headerText.push_back(h.toUtf8());
    }
    rows(true, [&](const Row &cells) {
        for (std::size_t i = 0; i < cells.size() && static_cast<qsizetype>(i) < width.size(); ++i)
            width[static_cast<qsizetype>(i)] =
                std::max(width[static_cast<qsizetype>(i)], textWidth(cellText(cells[i], numbers)));
    });
    if (!complete())
        return true;
    std::vector<QByteArrayView> line(headerText.begin(), headerText.end());
    appendTableLine(out.buffer(), line, width);
    std::vector<QByteArray> rules;
    for (qsizetype w : std::as_const(width))
        rules.emplace_back(w, '-');
    line.assign(rules.begin(), rules.end());
    appendTableLine(out.buffer(), line, width);
    rows(false, [&](const Row &cells) {
        line.clear();
        for (const Cell &cell : cells)
            line.push_back(cellText(cell, numbers));
        appendTableLine(out.buffer(), line, width);
        out.maybeFlush();
    });
    out.flush();
    return out.ok();
}

void sinkValues(const RowSink &sink, const QList<QJsonValue> &values)
{
    std::vector<QByteArray> texts;
    texts.reserve(static_cast<std::size_t>(values.size()));
    Row row;
    for (const QJsonValue &v : values) {
        if (v.isDouble()) {
            row.push_back(Cell::ofNumber(v.toDouble()));
        } else if (v.isNull()) {
            row.push_back(Cell{});
        } else {
            texts.push_back(v.toString().toUtf8());
            row.push_back(Cell::ofText(texts.back()));
        }
    }
    sink(row);
}

} // namespace mltco::cli

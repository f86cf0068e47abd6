#include "models/catalog/importers/importhelpers.h"

#include <QHash>

#include <algorithm>

#include "models/catalog/importers/csvreader.h"

#include "models/catalog/importers/importdata.h"

#include <array>
#include <charconv>
#include <cmath>

namespace mltco::catalog::import {

RowErrors::RowErrors(const QString &fileName, const QString &record)
    : m_fileName(displayFileName(fileName)), m_record(record)
{}

void RowErrors::add(int line, const QString &reason)
{
    ++m_count;
    if (m_details.size() < kMaxImportErrors)
        m_details << QStringLiteral("%1:%2: %3").arg(m_fileName).arg(line).arg(reason);
}

void RowErrors::add(const QString &where, const QString &reason)
{
    ++m_count;
    if (m_details.size() < kMaxImportErrors)
        m_details << QStringLiteral("%1: %2: %3").arg(m_fileName, where, reason);
}

Error RowErrors::toError() const
{
    Error error;
    error.message =
        m_count == 1 ? QStringLiteral("%1 was rejected: 1 %2 is invalid. Nothing was imported; fix the %2 listed "
                                      "below and import the file again.")
                           .arg(m_fileName, m_record)
                     : QStringLiteral("%1 was rejected: %2 %3s are invalid. Nothing was imported; fix the %3s listed "
                                      "below and import the file again.")
                           .arg(m_fileName)
                           .arg(m_count)
                           .arg(m_record);
    error.details = m_details;
    if (m_count > m_details.size()) {
        const int more = m_count - static_cast<int>(m_details.size());
        error.details << (more == 1 ? QStringLiteral("... and 1 more invalid %1").arg(m_record)
                                    : QStringLiteral("... and %1 more invalid %2s").arg(more).arg(m_record));
    }
    return error;
}

QString displayFileName(const QString &fileName)
{
    return fileName.isEmpty() ? QStringLiteral("input") : fileName;
}

std::optional<QString> binaryKind(QByteArrayView start)
{
    const auto startsWith = [&start](QByteArrayView magic) { return start.startsWith(magic); };
    if (startsWith("PK\x03\x04") || startsWith("PK\x05\x06"))
        return QStringLiteral("it is a ZIP archive, not a CSV file (an Excel .xlsx workbook is one too): unpack it, "
                              "or save the sheet as CSV");
    if (startsWith("\x1f\x8b"))
        return QStringLiteral("it is a gzip-compressed file, not a CSV file: unpack it first");
    if (startsWith(QByteArrayView("SQLite format 3\0", 16)))
        return QStringLiteral("it is an SQLite database, not a CSV file (a .mltco document, or Spare Cores' database: "
                              "--format sparecores)");
    if (startsWith("%PDF-"))
        return QStringLiteral("it is a PDF, not a CSV file");
    if (startsWith("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"))
        return QStringLiteral("it is an old Excel or Office file (.xls), not a CSV file: save the sheet as CSV");
    if (startsWith("\x89PNG") || startsWith("\xff\xd8\xff"))
        return QStringLiteral("it is a picture, not a CSV file");
    return std::nullopt;
}

std::optional<Error> readHeaderRecord(CsvReader &reader, const QString &fileName, const QString &emptyFile,
                                      const QString &notA)
{
    const auto refuse = [&](int line, const QString &reason) {
        return fileError(fileName, line, notA.isEmpty() ? reason : QStringLiteral("%1 (%2)").arg(notA, reason));
    };
    // Not text at all: what it is instead, and no line (it is the whole file).
    const auto notText = [&](const QString &kind) {
        return fileError(fileName, 0, notA.isEmpty() ? kind : QStringLiteral("%1: %2").arg(notA, kind));
    };
    switch (reader.next()) {
    case CsvReader::Status::End:
        return fileError(fileName, 1, QStringLiteral("the file is empty (%1)").arg(emptyFile));
    case CsvReader::Status::ReadError:
        return fileError(fileName, 1, QStringLiteral("the file could not be read (%1)").arg(reader.errorString()));
    case CsvReader::Status::SyntaxError:
        if (std::optional<QString> kind = binaryKind(reader.recordBytes()))
            return notText(*kind);
        return refuse(reader.line(), QStringLiteral("bad header: %1").arg(reader.errorString()));
    case CsvReader::Status::Record:
        break;
    }
    if (std::optional<QString> kind = binaryKind(reader.recordBytes()))
        return notText(*kind);
    if (!isValidUtf8(reader.recordBytes()))
        return refuse(reader.line(), QStringLiteral("invalid UTF-8 in the header (save the file as UTF-8)"));
    return std::nullopt;
}

std::optional<Error> placeColumn(std::span<int> columns, int column, qsizetype position, const QString &name,
                                 const QString &fileName, int line)
{
    const auto at = static_cast<std::size_t>(column);
    if (columns[at] >= 0)
        return fileError(fileName, line,
                         QStringLiteral("duplicate column \"%1\" (columns %2 and %3)").arg(name).arg(columns[at] + 1).arg(position + 1));
    columns[at] = static_cast<int>(position);
    return std::nullopt;
}

QStringList missingColumns(std::span<const int> columns, std::span<const char *const> names, int required)
{
    QStringList missing;
    for (int c = 0; c < required; ++c)
        if (columns[static_cast<std::size_t>(c)] < 0)
            missing << QString::fromLatin1(names[static_cast<std::size_t>(c)]);
    return missing;
}

std::optional<Error> readRecords(CsvReader &reader, const QString &fileName, RowErrors &errors, int &rowsRead,
                                 const std::function<std::optional<QString>()> &readRow)
{
    for (;;) {
        const auto status = reader.next();
        if (status == CsvReader::Status::End)
            break;
        if (status == CsvReader::Status::ReadError)
            return fileError(fileName, reader.line(), QStringLiteral("the file could not be read (%1)").arg(reader.errorString()));
        ++rowsRead;
        if (status == CsvReader::Status::SyntaxError) {
            errors.add(reader.line(), reader.errorString());
            continue;
        }
        if (auto reason = readRow())
            errors.add(reader.line(), *reason);
    }
    if (errors.isEmpty() && rowsRead == 0)
        return fileError(fileName, 1, QStringLiteral("the file has a header but no data rows"));
    return std::nullopt;
}

Error fileError(const QString &fileName, int line, const QString &reason)
{
    const QString name = displayFileName(fileName);
    return Error{QStringLiteral("%1 was rejected: %2. Nothing was imported.").arg(name, reason),
                 {line > 0 ? QStringLiteral("%1:%2: %3").arg(name).arg(line).arg(reason)
                           : QStringLiteral("%1: %2").arg(name, reason)}}; // the whole file, not one of its lines
}

Number parseNonNegative(QByteArrayView field)
{
    const QByteArrayView t = field.trimmed();
    if (t.isEmpty())
        return {NumberStatus::Empty, 0};
    const char *first = t.data();
    const char *last = t.data() + t.size();
    if (*first == '+' && t.size() > 1 && first[1] != '-')
        ++first; // from_chars refuses a leading plus, which a spreadsheet may write
    double value = 0;
    const auto [end, ec] = std::from_chars(first, last, value, std::chars_format::general);
    if (end != last || ec == std::errc::invalid_argument)
        return {NumberStatus::NotANumber, 0};
    if (ec == std::errc::result_out_of_range) {
        // Too large is infinite; too small (1e-999) is zero, which the callers treat as missing.
        const QByteArrayView rest(first, last - first);
        const bool tiny = rest.contains("e-") || rest.contains("E-");
        if (!tiny)
            return {NumberStatus::Infinite, 0};
        value = 0;
    }
    if (std::isnan(value))
        return {NumberStatus::NaN, value};
    if (std::isinf(value))
        return {NumberStatus::Infinite, value};
    if (value < 0)
        return {NumberStatus::Negative, value};
    return {NumberStatus::Ok, value == 0 ? 0.0 : value}; // no negative zero
}

QString numberProblem(const QString &column, QByteArrayView field, NumberStatus status)
{
    const QString shown = QString::fromUtf8(field.trimmed());
    switch (status) {
    case NumberStatus::NotANumber:
        return QStringLiteral("%1 \"%2\" is not a number").arg(column, shown);
    case NumberStatus::NaN:
        return QStringLiteral("%1 is NaN (not a number)").arg(column);
    case NumberStatus::Infinite:
        return QStringLiteral("%1 \"%2\" is infinite").arg(column, shown);
    case NumberStatus::Negative:
        return QStringLiteral("%1 %2 is negative").arg(column, shown);
    case NumberStatus::Empty:
        return QStringLiteral("missing required field %1").arg(column);
    case NumberStatus::Ok:
        break;
    }
    return {};
}

std::optional<QString> textProblem(const QString &column, QByteArrayView field, int maxLength, bool lineBreaksAllowed)
{
    // On the bytes (UTF-8, checked before): this runs for several fields of every row of a million-row file,
    // so a QString is made only to word a problem. Printable ASCII, nearly every field, holds nothing to refuse.
    if (field.size() <= maxLength &&
        std::all_of(field.begin(), field.end(), [](char c) { return c >= 0x20 && c < 0x7f; }))
        return std::nullopt;
    qsizetype characters = 0;
    for (qsizetype i = 0; i < field.size(); ++i) {
        const auto byte = static_cast<unsigned char>(field[i]);
        if ((byte & 0xc0) != 0x80)
            ++characters; // not a continuation byte: a character starts here
        const bool lineBreak = byte == '\n' || byte == '\r' || byte == '\t';
        const bool c0 = byte < 0x20 && !(lineBreaksAllowed && lineBreak);
        const bool c1 = byte == 0xc2 && i + 1 < field.size() && static_cast<unsigned char>(field[i + 1]) >= 0x80 &&
                        static_cast<unsigned char>(field[i + 1]) <= 0x9f;
        const bool separator = byte == 0xe2 && i + 2 < field.size() && static_cast<unsigned char>(field[i + 1]) == 0x80 &&
                               (static_cast<unsigned char>(field[i + 2]) == 0xa8 ||
                                static_cast<unsigned char>(field[i + 2]) == 0xa9);
        if (c0 || byte == 0x7f || c1 || separator) {
            const char32_t code = c1 ? static_cast<unsigned char>(field[i + 1])
                                  : separator ? (static_cast<unsigned char>(field[i + 2]) == 0xa8 ? 0x2028 : 0x2029)
                                              : byte;
            return QStringLiteral("%1 holds the control character U+%2 at character %3; %4")
                .arg(column, QString::number(code, 16).toUpper().rightJustified(4, QLatin1Char('0')))
                .arg(characters)
                .arg(lineBreaksAllowed ? QStringLiteral("notes are printable text")
                                       : QStringLiteral("names are one line of printable text"));
        }
        // Characters that print as nothing and can make two names look alike, or text read backwards: zero-width
        // spaces and joiners, bidirectional overrides and isolates, the byte order mark (which a UTF-8 reader also
        // drops, so a name made of it would become empty).
        if ((byte == 0xe2 || byte == 0xef) && i + 2 < field.size()) {
            const char32_t code = (char32_t(byte & 0x0f) << 12) | (char32_t(static_cast<unsigned char>(field[i + 1]) & 0x3f) << 6) |
                                  char32_t(static_cast<unsigned char>(field[i + 2]) & 0x3f);
            if (isInvisibleFormat(code))
                return QStringLiteral("%1 holds the invisible character U+%2 at character %3; %4")
                    .arg(column, QString::number(code, 16).toUpper())
                    .arg(characters)
                    .arg(lineBreaksAllowed ? QStringLiteral("notes are printable text")
                                           : QStringLiteral("names are one line of printable text"));
        }
    }
    if (characters > maxLength)
        return QStringLiteral("%1 is %2 characters long; at most %3 are allowed").arg(column).arg(characters).arg(maxLength);
    return std::nullopt;
}

std::optional<QString> rangeProblem(const QString &column, double value, double min, double max, const QString &unit)
{
    if (value >= min && value <= max)
        return std::nullopt;
    const auto number = [](double v) { return QString::number(v, 'g', 10); };
    return QStringLiteral("%1 %2 %3 is not plausible: allowed %4 to %5 %3")
        .arg(column, number(value), unit, number(min), number(max));
}

std::optional<QDate> parseIsoDate(QByteArrayView field)
{
    const QByteArrayView t = field.trimmed();
    if (t.size() != 10 || t[4] != '-' || t[7] != '-')
        return std::nullopt;
    const auto digits = [&t](int from, int count) {
        int value = 0;
        for (int i = from; i < from + count; ++i) {
            if (t[i] < '0' || t[i] > '9')
                return -1;
            value = value * 10 + (t[i] - '0');
        }
        return value;
    };
    const int year = digits(0, 4);
    const int month = digits(5, 2);
    const int day = digits(8, 2);
    if (year < 0 || month < 0 || day < 0)
        return std::nullopt;
    const QDate date(year, month, day);
    if (!date.isValid())
        return std::nullopt;
    return date;
}

QString text(QByteArrayView field)
{
    return QString::fromUtf8(field.trimmed());
}

namespace {

struct KnownProvider final
{
    const char *key;
    const char *displayName;
    ProviderKind kind;
};

// Kinds follow model.md §2: the big general clouds are hyperscalers, GPU specialists are GPU clouds,
// and sites that resell other people's machines are marketplaces.
constexpr std::array<KnownProvider, 23> kProviders{{
    {"aws", "Amazon Web Services", ProviderKind::Hyperscaler},
    {"gcp", "Google Cloud", ProviderKind::Hyperscaler},
    {"azure", "Microsoft Azure", ProviderKind::Hyperscaler},
    {"oci", "Oracle Cloud Infrastructure", ProviderKind::Hyperscaler},
    {"ibm", "IBM Cloud", ProviderKind::Hyperscaler},
    {"lambda", "Lambda (Lambda Labs)", ProviderKind::GpuCloud},
    {"coreweave", "CoreWeave", ProviderKind::GpuCloud},
    {"runpod", "RunPod", ProviderKind::GpuCloud},
    {"paperspace", "Paperspace", ProviderKind::GpuCloud},
    {"fluidstack", "FluidStack", ProviderKind::GpuCloud},
    {"cudo", "Cudo Compute", ProviderKind::GpuCloud},
    {"do", "DigitalOcean", ProviderKind::GpuCloud},
    {"nebius", "Nebius", ProviderKind::GpuCloud},
    {"hyperbolic", "Hyperbolic", ProviderKind::GpuCloud},
    {"hyperstack", "Hyperstack", ProviderKind::GpuCloud},
    {"jarvislabs", "JarvisLabs", ProviderKind::GpuCloud},
    {"linode", "Linode (Akamai)", ProviderKind::GpuCloud},
    {"scaleway", "Scaleway", ProviderKind::GpuCloud},
    {"ovhcloud", "OVHcloud", ProviderKind::GpuCloud},
    {"seeweb", "Seeweb", ProviderKind::GpuCloud},
    {"vast", "Vast.ai", ProviderKind::Marketplace},
    {"shadeform", "Shadeform", ProviderKind::Marketplace},
    {"on_prem", "On-premises (own servers)", ProviderKind::OnPrem},
}};

} // namespace

ProviderInfo providerInfo(const QString &key)
{
    for (const auto &p : kProviders)
        if (key == QLatin1String(p.key))
            return {Provider{key, QString::fromLatin1(p.displayName), p.kind}, true};
    return {Provider{key, key, ProviderKind::GpuCloud}, false};
}

double plausible::maxHourlyPrice(double accelerators, double scale)
{
    return kMaxHourlyPrice * scale * std::max(1.0, accelerators);
}

QString plausible::perHourUnit(const QString &currency, double accelerators)
{
    return accelerators > 1 ? QStringLiteral("%1/hour for %2 accelerators").arg(currency).arg(accelerators)
                            : currency + QStringLiteral("/hour");
}

double plausible::currencyScale(const QString &currency)
{
    // Powers of ten at or above the units per US dollar (the ECB's rates of 2026 crossed through the euro).
    static const QHash<QString, double> kScale = {
        {QStringLiteral("JPY"), 1e3}, {QStringLiteral("KRW"), 1e4}, {QStringLiteral("IDR"), 1e5},
        {QStringLiteral("HUF"), 1e3}, {QStringLiteral("ISK"), 1e3}, {QStringLiteral("INR"), 1e2},
        {QStringLiteral("PHP"), 1e2}, {QStringLiteral("THB"), 1e2}, {QStringLiteral("CZK"), 1e2},
        {QStringLiteral("TRY"), 1e2}, {QStringLiteral("ZAR"), 1e2}, {QStringLiteral("RUB"), 1e2},
        {QStringLiteral("MXN"), 1e2}, {QStringLiteral("TWD"), 1e2}, {QStringLiteral("CLP"), 1e4},
        {QStringLiteral("COP"), 1e4}, {QStringLiteral("VND"), 1e5}, {QStringLiteral("SEK"), 10},
        {QStringLiteral("NOK"), 10},  {QStringLiteral("DKK"), 10},  {QStringLiteral("CNY"), 10},
        {QStringLiteral("HKD"), 10},  {QStringLiteral("PLN"), 10},  {QStringLiteral("BRL"), 10},
        {QStringLiteral("ILS"), 10},  {QStringLiteral("MYR"), 10},  {QStringLiteral("RON"), 10},
        {QStringLiteral("BGN"), 10},  {QStringLiteral("AED"), 10},  {QStringLiteral("SAR"), 10},
        {QStringLiteral("ARS"), 1e4},
    };
    return kScale.value(currency, 1.0);
}

} // namespace mltco::catalog::import

#include "models/catalog/importers/genericcsvimporter.h"

#include "models/catalog/importers/csvreader.h"
#include "models/catalog/importers/importhelpers.h"
#include "models/common/currency.h"
#include "models/common/numbertext.h"

#include <QHash>
#include <QIODevice>

#include <algorithm>
#include <array>
#include <string>
#include <unordered_map>
#include <vector>

namespace mltco::catalog {
namespace {

using namespace import;

enum Column : int {
    ProviderCol,
    InstanceCol,
    RegionCol,
    PricingCol,
    PriceCol,
    ObservedAtCol,
    // optional from here on
    ZoneCol,
    UnitCol,
    KindCol,
    GpuCol,
    GpuCountCol,
    VcpusCol,
    MemoryCol,
    NoteCol,
    CurrencyCol,
    ColumnCount,
};
constexpr int kRequiredColumns = ZoneCol;

constexpr std::array<const char *, ColumnCount> kColumnNames{
    "provider", "instance_type", "region", "pricing_model", "price", "observed_at", "zone",
    "unit",     "provider_kind", "gpu",    "gpu_count",     "vcpus", "memory_gb",   "note",
    "currency",
};

struct ProviderState final
{
    std::string keyUtf8;
    std::optional<ProviderKind> kind; ///< as the file gives it
    int kindLine = 0;
};

struct InstanceEntry final
{
    qsizetype index = 0; ///< in ImportData::instances
    int gpuLine = 0;     ///< line that gave each spec, 0 while none did
    int countLine = 0;
    int vcpusLine = 0;
    int memoryLine = 0;
};

struct SvHash final
{
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};
template <typename T> using ByteMap = std::unordered_map<std::string, T, SvHash, std::equal_to<>>;

std::string_view view(QByteArrayView bytes)
{
    return {bytes.data(), static_cast<std::size_t>(bytes.size())};
}

bool equalsIgnoringCase(QByteArrayView a, const char *b)
{
    return qstrnicmp(a.data(), a.size(), b, -1) == 0;
}

class GenericCsvParser final
{
public:
    GenericCsvParser(QIODevice &in, const ImportOptions &options, PriceSink *sink)
        : m_reader(in), m_options(options), m_errors(options.fileName), m_sink(sink)
    {
        m_columns.fill(-1);
        const QStringList keys = pricingModelKeys();
        Q_ASSERT(keys.size() == qsizetype(m_pricingKeys.size()));
        for (qsizetype i = 0; i < keys.size(); ++i)
            m_pricingKeys[std::size_t(i)] = {keys[i].toLatin1(), *pricingModelFromKey(keys[i])};
        m_pricingKeyList = keys.join(QStringLiteral(", "));
        for (int c = 0; c < ColumnCount; ++c)
            m_columnNames[std::size_t(c)] = QString::fromLatin1(kColumnNames[std::size_t(c)]);
    }

    Expected<ImportData> run();

private:
    std::optional<Error> readHeader();
    std::optional<QString> readRow();
    std::optional<QString> readProvider(qsizetype &index, int line);
    std::optional<QString> readInstance(qsizetype provider, qsizetype &index, int line);
    std::optional<QString> readSpec(InstanceEntry &entry, int line);

    QByteArrayView cell(Column column) const
    {
        const int index = m_columns[column];
        return index < 0 ? QByteArrayView() : m_reader.field(index).trimmed();
    }

    CsvReader m_reader;
    const ImportOptions &m_options;
    RowErrors m_errors;
    PriceSink *m_sink = nullptr;
    ImportData m_data;
    std::array<int, ColumnCount> m_columns{};
    std::array<QString, ColumnCount> m_columnNames; ///< kColumnNames, made once rather than for every row
    qsizetype m_headerSize = 0;
    QStringList m_ignoredColumns;

    std::array<std::pair<QByteArray, PricingModel>, 8> m_pricingKeys;
    QString m_pricingKeyList;
    StringPool m_strings;
    ByteMap<qsizetype> m_providerBySpelling; ///< as written in the file, to an index in ImportData::providers
    QHash<QString, qsizetype> m_providerByKey;
    std::vector<ProviderState> m_providerStates; ///< parallel to ImportData::providers
    ByteMap<InstanceEntry> m_instances;
    std::string m_key; ///< reused composite key: provider key, unit separator, instance name
    QByteArray m_lastDateText;
    QDate m_lastDate;
    QByteArray m_lastCurrencyText; ///< the last row's currency cell, and what it read as
    QString m_lastCurrency = QStringLiteral("USD");
    int m_missingPrices = 0;
    int m_defaultedDates = 0;
};

Expected<ImportData> GenericCsvParser::run()
{
    m_data.format = QStringLiteral("csv");
    if (auto error = readHeader())
        return *error;

    if (auto error = readRecords(m_reader, m_options.fileName, m_errors, m_data.rowsRead, [this] { return readRow(); }))
        return *error;

    if (!m_errors.isEmpty())
        return m_errors.toError();

    if (m_missingPrices > 0)
        m_data.notes << QStringLiteral("%1 of %2 no price (empty or 0); %3 kept as missing, never as free.")
                            .arg(QString::number(m_missingPrices),
                                 countOf(m_data.rowsRead, u"row has", m_missingPrices == 1 ? u"rows has" : u"rows have"),
                                 m_missingPrices == 1 ? u"it is" : u"they are");
    if (m_defaultedDates > 0)
        m_data.notes << QStringLiteral("%1 no observed_at; %2 the import date %3.")
                            .arg(countOf(m_defaultedDates, u"row has", u"rows have"),
                                 m_defaultedDates == 1 ? u"it takes" : u"they take",
                                 m_options.observedAt.toString(Qt::ISODate));
    if (!m_ignoredColumns.isEmpty())
        m_data.notes << QStringLiteral("Columns mltco does not know were ignored: %1.")
                            .arg(m_ignoredColumns.join(QStringLiteral(", ")));
    for (qsizetype i = 0; i < m_data.providers.size(); ++i) {
        const QString &key = m_data.providers[i].name;
        if (m_providerStates[std::size_t(i)].kind || providerInfo(key).known)
            continue;
        m_data.notes << QStringLiteral("Provider \"%1\" has no provider_kind; it is taken to be a GPU cloud.").arg(key);
    }
    return std::move(m_data);
}

std::optional<Error> GenericCsvParser::readHeader()
{
    const QString &file = m_options.fileName;
    if (auto error = readHeaderRecord(m_reader, file, QStringLiteral("a header line naming the columns is required")))
        return error;
    const int line = m_reader.line();

    m_headerSize = m_reader.fieldCount();
    for (qsizetype i = 0; i < m_headerSize; ++i) {
        const QString name = text(m_reader.field(i)).toLower();
        if (name.isEmpty())
            continue; // a trailing separator in the header names nothing
        int column = -1;
        for (int c = 0; c < ColumnCount; ++c)
            if (name == QLatin1String(kColumnNames[c]))
                column = c;
        if (column < 0) {
            m_ignoredColumns << name;
            continue;
        }
        if (auto error = placeColumn(m_columns, column, i, name, file, line))
            return error;
    }

    const QStringList missing = missingColumns(m_columns, kColumnNames, kRequiredColumns);
    if (missing.size() == kRequiredColumns) {
        QStringList required;
        for (int c = 0; c < kRequiredColumns; ++c)
            required << QString::fromLatin1(kColumnNames[c]);
        return fileError(file, line,
                         QStringLiteral("missing header: the first line must name the columns (%1)")
                             .arg(required.join(QStringLiteral(", "))));
    }
    if (!missing.isEmpty())
        return fileError(file, line,
                         missing.size() == 1
                             ? QStringLiteral("missing required column %1").arg(missing.first())
                             : QStringLiteral("missing required columns %1").arg(missing.join(QStringLiteral(", "))));
    return std::nullopt;
}

std::optional<QString> GenericCsvParser::readRow()
{
    const int line = m_reader.line();
    if (m_reader.fieldCount() != m_headerSize)
        return QStringLiteral("wrong column count: expected %1 fields as in the header, found %2")
            .arg(m_headerSize)
            .arg(m_reader.fieldCount());
    if (!isValidUtf8(m_reader.recordBytes()))
        return QStringLiteral("invalid UTF-8 (save the file as UTF-8)");

    for (int c = 0; c < kRequiredColumns; ++c)
        if (c != PriceCol && c != ObservedAtCol && cell(Column(c)).isEmpty())
            return QStringLiteral("missing required field %1").arg(QLatin1String(kColumnNames[c]));

    for (const Column c : {ProviderCol, InstanceCol, RegionCol, ZoneCol, GpuCol}) {
        if (auto problem = textProblem(m_columnNames[c], cell(c)))
            return problem;
    }
    if (auto problem = textProblem(QStringLiteral("note"), cell(NoteCol), plausible::kNoteLength, true))
        return problem;

    PricePoint point;
    const QByteArrayView pricing = cell(PricingCol);
    bool pricingFound = false;
    for (const auto &[key, model] : m_pricingKeys) {
        if (equalsIgnoringCase(pricing, key.constData())) {
            point.pricing = model;
            pricingFound = true;
            break;
        }
    }
    if (!pricingFound)
        return QStringLiteral("unknown pricing model \"%1\" (allowed: %2)").arg(text(pricing), m_pricingKeyList);

    const Number price = parseNonNegative(cell(PriceCol));
    if (price.status != NumberStatus::Ok && price.status != NumberStatus::Empty)
        return numberProblem(QStringLiteral("price"), cell(PriceCol), price.status);
    if (price.status == NumberStatus::Ok && price.value > 0)
        point.amount = price.value;
    else
        ++m_missingPrices;

    const QByteArrayView dateText = cell(ObservedAtCol);
    if (dateText.isEmpty()) {
        if (!m_options.observedAt.isValid())
            return QStringLiteral("missing required field observed_at (and the import gives no date for it)");
        point.observedAt = m_options.observedAt;
        ++m_defaultedDates;
    } else if (dateText == m_lastDateText) {
        point.observedAt = m_lastDate; // most files carry one date on every row
    } else {
        const auto date = parseIsoDate(dateText);
        if (!date)
            return QStringLiteral("bad date \"%1\" in observed_at (expected YYYY-MM-DD)").arg(text(dateText));
        m_lastDateText = dateText.toByteArray();
        m_lastDate = *date;
        point.observedAt = *date;
    }

    const QByteArrayView unit = cell(UnitCol);
    if (unit.isEmpty())
        point.unit = point.pricing == PricingModel::Monthly ? PriceUnit::Month : PriceUnit::Hour;
    else if (equalsIgnoringCase(unit, "hour"))
        point.unit = PriceUnit::Hour;
    else if (equalsIgnoringCase(unit, "month"))
        point.unit = PriceUnit::Month;
    else
        return QStringLiteral("unknown unit \"%1\" (allowed: hour, month)").arg(text(unit));
    qsizetype provider = 0;
    if (auto reason = readProvider(provider, line))
        return reason;
    qsizetype instance = 0;
    if (auto reason = readInstance(provider, instance, line))
        return reason;

    // A price in any currency (ISO 4217, model.md §13); a file without the column is in US dollars.
    if (const QByteArrayView currency = cell(CurrencyCol).trimmed(); currency != m_lastCurrencyText) {
        const QString code = currency.isEmpty() ? QStringLiteral("USD") : text(currency);
        if (!isCurrencyCode(code))
            return QStringLiteral("currency \"%1\" is not a currency code (three capital letters, as USD or EUR)")
                .arg(code.left(20));
        m_lastCurrencyText = currency.toByteArray();
        m_lastCurrency = code;
    }
    point.currency = m_lastCurrency;
    const QString &cur = m_lastCurrency;

    if (point.amount) {
        // Judged per GPU-hour (docs/import-formats.md, "Plausible values"): the bound grows with the instance's GPUs,
        // so a 16-GPU node is held to what one of its GPUs may cost. A monthly price is held to the same hourly
        // bounds at 730 hours a month. A refused row refuses the file, so the provider and instance just read
        // never reach a document.
        const double gpus = std::max(1.0, m_data.instances[instance].gpuCount);
        const double maxHourly = plausible::maxHourlyPrice(gpus, plausible::currencyScale(cur));
        const double perHour = point.unit == PriceUnit::Month ? *point.amount / kHoursPerMonth : *point.amount;
        // The words are made only for a price refused (formatting a number on every row cost a tenth of the parse).
        const auto per = [gpus] { return gpus > 1 ? QStringLiteral(" for %1 GPUs").arg(gpus) : QString(); };
        if (perHour < plausible::kMinHourlyPrice || !(perHour <= maxHourly))
            return point.unit == PriceUnit::Month
                       ? *rangeProblem(QStringLiteral("price"), *point.amount, plausible::kMinHourlyPrice * kHoursPerMonth,
                                       maxHourly * kHoursPerMonth, cur + QStringLiteral("/month") + per())
                       : *rangeProblem(QStringLiteral("price"), *point.amount, plausible::kMinHourlyPrice, maxHourly,
                                       cur + QStringLiteral("/hour") + per());
    }

    point.provider = m_data.providers[provider].name;
    point.instance = m_data.instances[instance].name;
    point.region = m_strings.intern(cell(RegionCol));
    if (const QByteArrayView zone = cell(ZoneCol); !zone.isEmpty())
        point.zone = m_strings.intern(zone);
    if (const QByteArrayView note = cell(NoteCol); !note.isEmpty())
        point.note = QString::fromUtf8(note);
    if (!m_errors.isEmpty())
        return std::nullopt; // a rejected file needs no output
    if (m_sink)
        m_sink->add(std::move(point), m_data);
    else
        m_data.prices.append(std::move(point));
    return std::nullopt;
}

std::optional<QString> GenericCsvParser::readProvider(qsizetype &index, int line)
{
    const QByteArrayView raw = cell(ProviderCol);
    if (auto it = m_providerBySpelling.find(view(raw)); it != m_providerBySpelling.end()) {
        index = it->second;
    } else {
        // "AWS" and "aws" are one provider, keyed in lower case.
        const QString key = text(raw).toLower();
        index = m_providerByKey.value(key, -1);
        if (index < 0) {
            index = m_data.providers.size();
            ProviderInfo info = providerInfo(key);
            if (!info.known)
                info.provider.displayName = text(raw); // keep the spelling the file uses
            m_data.providers.append(info.provider);
            m_providerStates.push_back(ProviderState{key.toStdString(), std::nullopt, 0});
            m_providerByKey.insert(key, index);
        }
        m_providerBySpelling.emplace(std::string(view(raw)), index);
    }

    const QByteArrayView kindText = cell(KindCol);
    if (kindText.isEmpty())
        return std::nullopt;
    const auto kind = providerKindFromKey(text(kindText).toLower());
    if (!kind)
        return QStringLiteral("unknown provider_kind \"%1\" (allowed: hyperscaler, gpu_cloud, marketplace, on_prem)")
            .arg(text(kindText));
    ProviderState &state = m_providerStates[std::size_t(index)];
    if (!state.kind) {
        state.kind = kind;
        state.kindLine = line;
        m_data.providers[index].kind = *kind;
    } else if (*state.kind != *kind) {
        return QStringLiteral("provider_kind %1 conflicts with %2 given for provider \"%3\" on line %4")
            .arg(providerKindKey(*kind), providerKindKey(*state.kind), m_data.providers[index].name)
            .arg(state.kindLine);
    }
    return std::nullopt;
}

std::optional<QString> GenericCsvParser::readInstance(qsizetype provider, qsizetype &index, int line)
{
    const QByteArrayView name = cell(InstanceCol);
    m_key.assign(m_providerStates[std::size_t(provider)].keyUtf8);
    m_key += '\x1f';
    m_key.append(name.data(), static_cast<std::size_t>(name.size()));
    auto it = m_instances.find(m_key);
    if (it == m_instances.end()) {
        InstanceType instance;
        instance.provider = m_data.providers[provider].name;
        instance.name = m_strings.intern(name);
        InstanceEntry entry;
        entry.index = m_data.instances.size();
        m_data.instances.append(instance);
        it = m_instances.emplace(m_key, entry).first;
    }
    index = it->second.index;
    return readSpec(it->second, line);
}

std::optional<QString> GenericCsvParser::readSpec(InstanceEntry &entry, int line)
{
    InstanceType &instance = m_data.instances[entry.index];
    if (const QByteArrayView gpu = cell(GpuCol); !gpu.isEmpty()) {
        const QString &name = m_strings.intern(gpu);
        if (entry.gpuLine == 0) {
            instance.gpu = name;
            entry.gpuLine = line;
        } else if (instance.gpu != name) {
            return QStringLiteral("gpu \"%1\" conflicts with \"%2\" given for %3 on line %4")
                .arg(name, instance.gpu, instance.name)
                .arg(entry.gpuLine);
        }
    }
    const struct
    {
        Column column;
        double InstanceType::*field;
        int InstanceEntry::*line;
        double max;
        const char *unit;
    } specs[] = {
        {GpuCountCol, &InstanceType::gpuCount, &InstanceEntry::countLine, plausible::kMaxGpuCount, "GPUs"},
        {VcpusCol, &InstanceType::vcpus, &InstanceEntry::vcpusLine, plausible::kMaxVcpus, "vCPUs"},
        {MemoryCol, &InstanceType::memoryGb, &InstanceEntry::memoryLine, plausible::kMaxMemoryGb, "GB"},
    };
    for (const auto &spec : specs) {
        const QByteArrayView raw = cell(spec.column);
        if (raw.isEmpty())
            continue;
        const QString &column = m_columnNames[spec.column];
        const Number number = parseNonNegative(raw);
        if (number.status != NumberStatus::Ok)
            return numberProblem(column, raw, number.status);
        if (!(number.value >= 0 && number.value <= spec.max))
            return rangeProblem(column, number.value, 0, spec.max, QString::fromLatin1(spec.unit));
        if (entry.*spec.line == 0) {
            instance.*spec.field = number.value;
            entry.*spec.line = line;
        } else if (instance.*spec.field != number.value) {
            return QStringLiteral("%1 %2 conflicts with %3 given for %4 on line %5")
                .arg(column, text(raw), QString::number(instance.*spec.field), instance.name)
                .arg(entry.*spec.line);
        }
    }
    return std::nullopt;
}

} // namespace

Expected<ImportData> parseGenericCsv(QIODevice &in, const ImportOptions &options, PriceSink *sink)
{
    return GenericCsvParser(in, options, sink).run();
}

} // namespace mltco::catalog

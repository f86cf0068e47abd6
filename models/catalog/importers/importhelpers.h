#pragma once

#include "models/catalog/types.h"
#include "models/common/expected.h"
#include "models/common/stringpool.h"
#include "models/common/text.h"

#include <QByteArrayView>
#include <QDate>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

// Pieces shared by the price-file parsers (genericcsvimporter, skypilotimporter).
namespace mltco::catalog {
class CsvReader;
}

namespace mltco::catalog::import {

/// Collects one `file:line: reason` per rejected row; keeps the first kMaxImportErrors messages and
/// counts the rest, so a file with a million bad rows still yields a readable error.
class RowErrors final
{
public:
    /// `record` names what is refused in the summary ("row", or "item" for a JSON feed's items).
    explicit RowErrors(const QString &fileName, const QString &record = QStringLiteral("row"));

    void add(int line, const QString &reason);
    /// For records without a line: `where` says which one ("Items[12]", a row's key).
    void add(const QString &where, const QString &reason);
    int count() const { return m_count; }
    bool isEmpty() const { return m_count == 0; }
    /// "<file> was rejected: N rows are invalid ..." with the collected messages as details.
    Error toError() const;

private:
    QString m_fileName;
    QString m_record;
    QStringList m_details;
    int m_count = 0;
};

/// The name used in messages for the file being read ("input" when the caller gave none).
QString displayFileName(const QString &fileName);

/// An error for a problem with the whole file (empty, bad header) found at `line`; 0 when no line is meant (a file
/// that is not text at all).
Error fileError(const QString &fileName, int line, const QString &reason);

/// What a file that is plainly not text is, from its first bytes (a ZIP archive or .xlsx workbook, gzip, an SQLite
/// database, a PDF, an old Office file, a picture), in words that say what to do; nullopt for anything else.
std::optional<QString> binaryKind(QByteArrayView start);

/// Reads the header record: an Error for an empty or unreadable file, a malformed header or invalid
/// UTF-8 (`emptyFile` says what the file should start with). On success the reader holds the header.
/// With `notA` ("it is not a FOCUS cost export"), a header that is not text or not CSV is refused as that, the reason
/// in brackets: a garbage file is called what it is not.
std::optional<Error> readHeaderRecord(CsvReader &reader, const QString &fileName, const QString &emptyFile,
                                      const QString &notA = {});

/// Records that known column `column` stands at `position` of the header; an Error when the header
/// names it twice. `columns` holds a position per known column, -1 while unseen.
std::optional<Error> placeColumn(std::span<int> columns, int column, qsizetype position, const QString &name,
                                 const QString &fileName, int line);

/// The names of the first `required` known columns that the header lacks.
QStringList missingColumns(std::span<const int> columns, std::span<const char *const> names, int required);

/// Reads every record after the header: counts them in `rowsRead`, and collects the reader's syntax
/// errors and `readRow`'s reasons (nullopt = the row is fine) in `errors` with their line numbers.
/// Returns an Error only when the file could not be read or has a header but no data rows.
std::optional<Error> readRecords(CsvReader &reader, const QString &fileName, RowErrors &errors, int &rowsRead,
                                 const std::function<std::optional<QString>()> &readRow);

enum class NumberStatus { Ok, Empty, NotANumber, NaN, Infinite, Negative };

struct Number final
{
    NumberStatus status = NumberStatus::Empty;
    double value = 0;
};

/// Parses a decimal number the C locale's way (never the user's locale), blanks trimmed.
/// Rejects NaN, infinities and negative values with their own status, so messages can say which.
Number parseNonNegative(QByteArrayView text);

/// The row-error reason for a number that did not parse, e.g. `price "abc" is not a number`.
QString numberProblem(const QString &column, QByteArrayView text, NumberStatus status);

/// Plausible values of imported columns (docs/import-formats.md, "Plausible values"): a row outside them is a
/// typing or export error, refused with its line and column rather than stored as a price or a machine.
namespace plausible {
inline constexpr int kNameLength = 200;         ///< provider, instance type, region, zone, GPU names
inline constexpr int kNoteLength = 2000;
inline constexpr double kMinHourlyPrice = 0.0001; ///< USD per hour (a monthly price is compared per 730 h)
inline constexpr double kMaxHourlyPrice = 10000;
inline constexpr double kMaxGpuCount = 1024;
inline constexpr double kMaxVcpus = 4096;
inline constexpr double kMaxMemoryGb = 65536;
/// The price bounds above are in US dollars; a price in another currency is held to them scaled by the order of
/// magnitude of that currency's units per dollar (1 for EUR, GBP, CHF; 10 for SEK; 1,000 for JPY; 100,000 for IDR),
/// so a yen price of ¥1,500,000 an hour is as implausible as $10,000. A plausibility check, not a conversion.
double currencyScale(const QString &currency);
/// The highest plausible price an hour of a machine with `accelerators` GPUs or TPU chips (a machine without any
/// counts as one), in a currency of plausibility `scale`: a price is judged by what one accelerator-hour costs, so a
/// 16-GPU node or a TPU pod of thousands of chips imports and a typing error on a one-GPU machine does not.
double maxHourlyPrice(double accelerators, double scale = 1.0);
/// The unit a refusal quotes: "USD/hour", or "USD/hour for 16 accelerators".
QString perHourUnit(const QString &currency, double accelerators);
} // namespace plausible

using mltco::isInvisibleFormat; ///< models/common/text.h

/// Why a name or note field is refused: longer than `maxLength` characters, or holding a control character
/// (NUL, ESC, DEL, C1 such as U+009B, a line break or tab in a name) or an invisible format character
/// (isInvisibleFormat()). nullopt when it is fine.
std::optional<QString> textProblem(const QString &column, QByteArrayView field, int maxLength = plausible::kNameLength,
                                   bool lineBreaksAllowed = false);
/// Why a value is refused as implausible ("price 1e+308 USD/hour is outside 0.0001 to 10000 USD/hour"); nullopt
/// when it lies in [min, max].
std::optional<QString> rangeProblem(const QString &column, double value, double min, double max, const QString &unit);

/// Parses exactly YYYY-MM-DD.
std::optional<QDate> parseIsoDate(QByteArrayView text);

/// The text of a field, trimmed of blanks, as a QString (fields are checked to be UTF-8 beforehand).
QString text(QByteArrayView field);

using mltco::StringPool; ///< models/common/stringpool.h

/// Providers the importers know by key: display name and kind (docs/import-formats.md lists them).
/// Unknown keys get the key as display name and ProviderKind::GpuCloud, with `known` false.
struct ProviderInfo final
{
    Provider provider;
    bool known = false;
};
ProviderInfo providerInfo(const QString &key);

} // namespace mltco::catalog::import

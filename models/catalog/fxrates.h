#pragma once

#include "models/common/expected.h"

#include <QDate>
#include <QSqlDatabase>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <vector>

namespace mltco::catalog {

/// One row of the rate table (model.md §13): units of `currency` per 1 EUR on `day`, as the European Central Bank
/// publishes its reference rates, with where the figure came from.
struct FxQuote final
{
    QString currency; ///< ISO 4217 code, never "EUR" (1 by definition)
    QDate day;
    double perEur = 0.0;
    QString source; ///< source key: "import:<sha256>" for an ECB file, "fx:<citation>" for a rate typed in
};

/// A rate between two currencies: units of `to` per 1 `from`.
struct FxRate final
{
    double rate = 1.0;
    QDate rateDate;  ///< the day of the rate used; for a cross rate the older of its two days; a month's average: the
                     ///< last day averaged
    QString source;  ///< the source keys used, "a" or "a + b"; empty when no table was needed (EUR to EUR, X to X)
    int days = 1;    ///< how many ECB days a month's average took
};

/// A rate older than this many calendar days before the date asked is no rate (model.md §13, clarification): a
/// weekend or a holiday takes the previous ECB day, a discontinued currency is refused.
inline constexpr int kMaxRateAgeDays = 14;

/// Exchange rates in memory, by currency and day, with the lookups of model.md §13: the latest rate on or before a
/// date, crosses through EUR, a month's average.
class RateTable final
{
public:
    /// Adds (or replaces) the rate of `currency` on `day`.
    void add(const QString &currency, const QDate &day, double perEur, const QString &source);

    /// Units of `to` per 1 `from` on `date`: each side's latest rate on or before it, at most kMaxRateAgeDays old.
    /// An error names the currency and the date (and its last quoted day when it is too old), never a silent 1.
    Expected<FxRate> rate(const QString &from, const QString &to, const QDate &date) const;
    /// The mean, over the ECB days of `month` on which both currencies are quoted, of the day's rate (units of `to`
    /// per 1 `from`).
    Expected<FxRate> monthAverage(const QString &from, const QString &to, int year, int month) const;

    bool isEmpty() const { return m_series.empty(); }
    /// The currencies with at least one rate, in alphabetical order (EUR is not one of them).
    QStringList currencies() const;
    /// How many rates the table holds.
    qsizetype size() const;

private:
    struct Point
    {
        QDate day;
        double perEur;
        int source; ///< index into m_sources
    };
    struct Leg
    {
        double perEur;
        QDate day;
        int source; ///< -1 for EUR
    };
    Expected<Leg> leg(const QString &currency, const QDate &date) const;
    QString sources(int a, int b) const;

    std::map<QString, std::vector<Point>> m_series; ///< each sorted by day
    QStringList m_sources;
};

/// A rate's source as people read it: "ECB" for rates imported from the European Central Bank's files (source keys
/// "import:<sha256>"), the key itself otherwise ("fx:<citation>" for a rate typed in, "plan fx_rates").
inline QString rateSourceLabel(const QString &key)
{
    return key.startsWith(QLatin1String("import:")) ? QStringLiteral("ECB") : key;
}

/// The rate table of a document: every currency, or only those named.
Expected<RateTable> readRateTable(const QSqlDatabase &db, const QStringList &currencies = {});

/// What writeRates did: rows added, rows whose rate changed, rows already there with the same rate.
struct FxWriteResult final
{
    qint64 added = 0;
    qint64 changed = 0;
    qint64 unchanged = 0;
};

/// The source a set of rates is written under (created when the document has no source with its key).
struct FxSource final
{
    QString key;       ///< "import:<sha256>" or "fx:<citation>"
    QString kind;      ///< "import" or "user"
    QString title;
    QString reference; ///< file name, or the citation
    QString sha256;    ///< of an imported file
};

/// Writes `quotes` under `source` in the caller's transaction (the caller begins and commits it): a day's rate that
/// is already there is replaced by the newer source's figure when it differs. Rates are checked first (a code of
/// three capital letters and not EUR, a valid day, a finite rate above 0); a bad one is refused with its position.
Expected<FxWriteResult> writeRates(const QSqlDatabase &db, const FxSource &source, const std::vector<FxQuote> &quotes);

/// One rate typed in by a person, with where it came from: its own transaction, refused in words when the rate, the
/// code, the day or the citation is not valid.
Expected<FxWriteResult> addRateByHand(const QSqlDatabase &db, const FxQuote &quote, const QString &citation);

/// What the rate table holds for one currency.
struct FxCurrencySpan final
{
    QString currency;
    qint64 days = 0;
    QDate first, last;
};
/// Every currency of the rate table with its number of days and its first and last, by code; and in `sources` how many
/// sources the rates come from. Counted by the database: the rates themselves are not read.
Expected<std::vector<FxCurrencySpan>> rateSpans(const QSqlDatabase &db, qint64 *sources = nullptr);

/// The stored rates of `currency` (every currency when empty) between `from` and `to` (either may be null), by
/// currency then day, handed to `visit` one at a time (a listing never holds them all); `visit` returns false to stop.
Status visitRates(const QSqlDatabase &db, const QString &currency, const QDate &from, const QDate &to,
                  const std::function<bool(const FxQuote &)> &visit);

} // namespace mltco::catalog

#include "models/catalog/fxrates.h"

#include "models/store/location.h"
#include "models/store/pgcopy.h"

#include "models/common/currency.h"
#include "models/store/sqlutil.h"
#include "models/store/transaction.h"

#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>
#include <cmath>

namespace mltco::catalog {
namespace {

constexpr int kRowsPerStatement = 200;
/// From this many rates a team store's rates go through COPY (upsertThroughCopy).
constexpr std::size_t kCopyRows = 2000;

QString isoDay(const QDate &day)
{
    return day.toString(Qt::ISODate);
}

QString quoteProblem(const FxQuote &q)
{
    if (!isCurrencyCode(q.currency))
        return QStringLiteral("\"%1\" is not a currency code (three capital letters, as USD)").arg(q.currency);
    if (q.currency == QLatin1String("EUR"))
        return QStringLiteral("EUR needs no rate: the table holds units of each currency per 1 EUR");
    if (!q.day.isValid() || q.day.year() < 1900 || q.day.year() > 9999)
        return QStringLiteral("the day of the %1 rate is not a valid date").arg(q.currency);
    if (!std::isfinite(q.perEur) || q.perEur <= 0.0)
        return QStringLiteral("the %1 rate of %2 must be a number above 0 (units of %1 per 1 EUR)")
            .arg(q.currency, isoDay(q.day));
    return {};
}

QString upsertSql(int rows)
{
    QStringList values;
    values.reserve(rows);
    for (int i = 0; i < rows; ++i)
        values << QStringLiteral("(?, ?, ?, ?)");
    return QStringLiteral("INSERT INTO fx_rate (currency, day, per_eur, source_id) VALUES %1 "
                          "ON CONFLICT (currency, day) DO UPDATE SET per_eur = excluded.per_eur, "
                          "source_id = excluded.source_id WHERE fx_rate.per_eur <> excluded.per_eur")
        .arg(values.join(QStringLiteral(", ")));
}

/// Upserts `quotes` in multi-row INSERT statements; `affected` counts the rows added or changed.
Status upsertInStatements(const QSqlDatabase &db, qint64 sourceId, const std::vector<FxQuote> &quotes, qint64 &affected)
{
    QSqlQuery full(db);
    if (quotes.size() >= kRowsPerStatement && !full.prepare(upsertSql(kRowsPerStatement)))
        return Error{QStringLiteral("Could not write the exchange rates: %1").arg(store::errorInWords(db, full.lastError())), {}};
    for (std::size_t start = 0; start < quotes.size(); start += kRowsPerStatement) {
        const std::size_t end = std::min(quotes.size(), start + kRowsPerStatement);
        QSqlQuery tail(db);
        QSqlQuery &q = end - start == kRowsPerStatement ? full : tail;
        if (&q == &tail && !tail.prepare(upsertSql(static_cast<int>(end - start))))
            return Error{QStringLiteral("Could not write the exchange rates: %1").arg(store::errorInWords(db, tail.lastError())), {}};
        int position = 0;
        for (std::size_t i = start; i < end; ++i) {
            q.bindValue(position++, quotes[i].currency);
            q.bindValue(position++, isoDay(quotes[i].day));
            q.bindValue(position++, quotes[i].perEur);
            q.bindValue(position++, sourceId);
        }
        if (!q.exec())
            return Error{QStringLiteral("Could not write the exchange rates: %1").arg(store::errorInWords(db, q.lastError())), {}};
        affected += std::max(0, q.numRowsAffected());
    }
    return {};
}

/// PostgreSQL: COPY `quotes` into a temporary table (dropped with the transaction), then the same rule as upsertSql()
/// in two set-based statements: the rates whose figure changed are updated, the new ones inserted. (One INSERT … ON
/// CONFLICT of the same rows took twice as long: it probed the unique index for each row before inserting it.) No
/// other writer adds rates in between: mltco's writers take the store's write lock, and the UNIQUE (currency, day)
/// would refuse the second anyway. The rows added or changed.
Expected<qint64> upsertThroughCopy(const QSqlDatabase &db, qint64 sourceId, const std::vector<FxQuote> &quotes)
{
    for (const char *sql : {"DROP TABLE IF EXISTS fx_rate_incoming",
                            "CREATE TEMPORARY TABLE fx_rate_incoming (currency TEXT NOT NULL, day TEXT NOT NULL, "
                            "per_eur DOUBLE PRECISION NOT NULL) ON COMMIT DROP"}) {
        if (Status s = store::execPlain(db, QString::fromLatin1(sql)); !s)
            return Error{QStringLiteral("Could not write the exchange rates: %1").arg(s.error().message), {}};
    }
    Expected<std::unique_ptr<store::PgCopyIn>> copy =
        store::PgCopyIn::start(db, QStringLiteral("fx_rate_incoming"),
                               {QStringLiteral("currency"), QStringLiteral("day"), QStringLiteral("per_eur")});
    if (!copy)
        return copy.error();
    for (const FxQuote &q : quotes) {
        (*copy)->addText(q.currency.toLatin1());
        (*copy)->addText(isoDay(q.day).toLatin1());
        (*copy)->addDouble(q.perEur);
        if (Status s = (*copy)->endRow(); !s)
            return s.error();
    }
    if (Status s = (*copy)->finish(); !s)
        return s.error();
    qint64 affected = 0;
    for (const char *sql :
         {"UPDATE fx_rate f SET per_eur = n.per_eur, source_id = ? FROM fx_rate_incoming n "
          "WHERE f.currency = n.currency AND f.day = n.day AND f.per_eur <> n.per_eur",
          "INSERT INTO fx_rate (currency, day, per_eur, source_id) SELECT n.currency, n.day, n.per_eur, ? "
          "FROM fx_rate_incoming n WHERE NOT EXISTS (SELECT 1 FROM fx_rate f WHERE f.currency = n.currency "
          "AND f.day = n.day)"}) {
        QSqlQuery q(db);
        if (!q.prepare(QString::fromLatin1(sql)))
            return Error{QStringLiteral("Could not write the exchange rates: %1").arg(store::errorInWords(db, q.lastError())), {}};
        q.addBindValue(sourceId);
        if (!q.exec())
            return Error{QStringLiteral("Could not write the exchange rates: %1").arg(store::errorInWords(db, q.lastError())), {}};
        affected += std::max(0, q.numRowsAffected());
    }
    if (Status s = store::execPlain(db, QStringLiteral("DROP TABLE fx_rate_incoming")); !s)
        return Error{QStringLiteral("Could not write the exchange rates: %1").arg(s.error().message), {}};
    return affected;
}

} // namespace

void RateTable::add(const QString &currency, const QDate &day, double perEur, const QString &source)
{
    qsizetype sourceIndex = m_sources.indexOf(source);
    if (sourceIndex < 0) {
        sourceIndex = m_sources.size();
        m_sources << source;
    }
    std::vector<Point> &series = m_series[currency];
    const Point point{day, perEur, static_cast<int>(sourceIndex)};
    // Rates arrive by day from the document; anything else is placed where it belongs.
    if (series.empty() || series.back().day < day) {
        series.push_back(point);
        return;
    }
    const auto at = std::lower_bound(series.begin(), series.end(), day,
                                     [](const Point &p, const QDate &d) { return p.day < d; });
    if (at != series.end() && at->day == day)
        *at = point;
    else
        series.insert(at, point);
}

Expected<RateTable::Leg> RateTable::leg(const QString &currency, const QDate &date) const
{
    if (currency == QLatin1String("EUR"))
        return Leg{1.0, date, -1};
    const auto found = m_series.find(currency);
    if (found == m_series.end() || found->second.empty())
        return Error{QStringLiteral("There is no exchange rate for %1: the rate table has none (import the European "
                                    "Central Bank's rates with `mltco-cli fx import eurofxref-hist.zip`, or enter one "
                                    "by hand).")
                         .arg(currency),
                     {}};
    const std::vector<Point> &series = found->second;
    const auto after = std::upper_bound(series.begin(), series.end(), date,
                                        [](const QDate &d, const Point &p) { return d < p.day; });
    if (after == series.begin())
        return Error{QStringLiteral("There is no exchange rate for %1 on or before %2: its first rate is of %3.")
                         .arg(currency, isoDay(date), isoDay(series.front().day)),
                     {}};
    const Point &p = *(after - 1);
    if (p.day.daysTo(date) > kMaxRateAgeDays)
        return Error{QStringLiteral("There is no exchange rate for %1 on %2: its last rate before that is of %3, more "
                                    "than %4 days earlier (a currency no longer quoted?).")
                         .arg(currency, isoDay(date), isoDay(p.day))
                         .arg(kMaxRateAgeDays),
                     {}};
    return Leg{p.perEur, p.day, p.source};
}

QString RateTable::sources(int a, int b) const
{
    QStringList keys;
    for (int index : {a, b}) {
        if (index >= 0 && !keys.contains(m_sources.value(index)))
            keys << m_sources.value(index);
    }
    return keys.join(QStringLiteral(" + "));
}

Expected<FxRate> RateTable::rate(const QString &from, const QString &to, const QDate &date) const
{
    if (from == to)
        return FxRate{1.0, date, {}, 1};
    Expected<Leg> a = leg(from, date);
    if (!a)
        return a.error();
    Expected<Leg> b = leg(to, date);
    if (!b)
        return b.error();
    // Units of `to` per 1 EUR over units of `from` per 1 EUR: units of `to` per 1 `from`.
    return FxRate{b->perEur / a->perEur, std::min(a->day, b->day), sources(a->source, b->source), 1};
}

Expected<FxRate> RateTable::monthAverage(const QString &from, const QString &to, int year, int month) const
{
    const QDate first(year, month, 1);
    if (!first.isValid())
        return Error{QStringLiteral("%1-%2 is not a month").arg(year).arg(month), {}};
    const QDate last = first.addMonths(1).addDays(-1);
    const QString monthText = first.toString(QStringLiteral("yyyy-MM"));
    if (from == to)
        return FxRate{1.0, last, {}, 0};
    // The days of the month on which every non-EUR side is quoted, with their rates.
    const auto inMonth = [&](const QString &currency) -> Expected<std::map<QDate, std::pair<double, int>>> {
        std::map<QDate, std::pair<double, int>> out;
        if (currency == QLatin1String("EUR"))
            return out;
        const auto found = m_series.find(currency);
        if (found == m_series.end())
            return Error{QStringLiteral("There is no exchange rate for %1: the rate table has none (import the "
                                        "European Central Bank's rates with `mltco-cli fx import eurofxref-hist.zip`).")
                             .arg(currency),
                         {}};
        for (const Point &p : found->second) {
            if (p.day >= first && p.day <= last)
                out.emplace(p.day, std::make_pair(p.perEur, p.source));
        }
        return out;
    };
    Expected<std::map<QDate, std::pair<double, int>>> a = inMonth(from);
    if (!a)
        return a.error();
    Expected<std::map<QDate, std::pair<double, int>>> b = inMonth(to);
    if (!b)
        return b.error();
    const bool fromEur = from == QLatin1String("EUR");
    const bool toEur = to == QLatin1String("EUR");
    const std::map<QDate, std::pair<double, int>> &days = fromEur ? *b : *a;
    double sum = 0.0;
    int count = 0;
    QDate lastDay;
    int sourceA = -1, sourceB = -1;
    for (const auto &[day, quote] : days) {
        double rateFrom = 1.0, rateTo = 1.0;
        if (!fromEur) {
            rateFrom = quote.first;
            sourceA = quote.second;
        }
        if (toEur) {
            rateTo = 1.0;
        } else if (fromEur) {
            rateTo = quote.first;
            sourceB = quote.second;
        } else {
            const auto other = b->find(day);
            if (other == b->end())
                continue;
            rateTo = other->second.first;
            sourceB = other->second.second;
        }
        sum += rateTo / rateFrom;
        ++count;
        lastDay = day;
    }
    if (count == 0)
        return Error{QStringLiteral("There is no exchange rate from %1 to %2 in %3: the rate table has no day of that "
                                    "month quoting %4.")
                         .arg(from, to, monthText,
                              fromEur || toEur ? (fromEur ? to : from) : QStringLiteral("both")),
                     {}};
    return FxRate{sum / count, lastDay, sources(sourceA, sourceB), count};
}

QStringList RateTable::currencies() const
{
    QStringList out;
    for (const auto &[currency, series] : m_series) {
        if (!series.empty())
            out << currency;
    }
    return out;
}

qsizetype RateTable::size() const
{
    qsizetype n = 0;
    for (const auto &[currency, series] : m_series)
        n += static_cast<qsizetype>(series.size());
    return n;
}

Status visitRates(const QSqlDatabase &db, const QString &currency, const QDate &from, const QDate &to,
                  const std::function<bool(const FxQuote &)> &visit)
{
    QString sql = QStringLiteral("SELECT r.currency, r.day, r.per_eur, s.key FROM fx_rate r JOIN source s ON s.id = "
                                 "r.source_id WHERE r.currency >= ? AND r.currency <= ? AND r.day >= ? AND r.day <= ? "
                                 "ORDER BY r.currency, r.day");
    Expected<QSqlQuery> q =
        store::exec(db, sql,
                    {currency.isEmpty() ? QStringLiteral("AAA") : currency,
                     currency.isEmpty() ? QStringLiteral("ZZZ") : currency,
                     from.isValid() ? isoDay(from) : QStringLiteral("0000-00-00"),
                     to.isValid() ? isoDay(to) : QStringLiteral("9999-99-99")},
                    QStringLiteral("Reading the exchange rates"));
    if (!q)
        return q.error();
    while (q->next()) {
        FxQuote quote{q->value(0).toString(), QDate::fromString(q->value(1).toString(), Qt::ISODate),
                      q->value(2).toDouble(), q->value(3).toString()};
        if (!quote.day.isValid() || !(quote.perEur > 0.0))
            return store::damage(QStringLiteral("an exchange rate of %1 has the day \"%2\" or the rate %3")
                                     .arg(quote.currency, q->value(1).toString(), q->value(2).toString()));
        if (!visit(quote))
            return {};
    }
    if (q->lastError().isValid())
        return Error{QStringLiteral("Reading the exchange rates: %1").arg(q->lastError().text()), {}};
    return {};
}

Expected<std::vector<FxCurrencySpan>> rateSpans(const QSqlDatabase &db, qint64 *sources)
{
    Expected<QSqlQuery> q = store::exec(
        db, QStringLiteral("SELECT currency, count(*), min(day), max(day) FROM fx_rate GROUP BY currency ORDER BY currency"),
        {}, QStringLiteral("Counting the exchange rates"));
    if (!q)
        return q.error();
    std::vector<FxCurrencySpan> out;
    while (q->next())
        out.push_back(FxCurrencySpan{q->value(0).toString(), q->value(1).toLongLong(),
                                     QDate::fromString(q->value(2).toString(), Qt::ISODate),
                                     QDate::fromString(q->value(3).toString(), Qt::ISODate)});
    if (q->lastError().isValid())
        return Error{QStringLiteral("Counting the exchange rates: %1").arg(q->lastError().text()), {}};
    if (sources) {
        const Expected<qint64> n = store::queryInt(db, QStringLiteral("SELECT count(DISTINCT source_id) FROM fx_rate"));
        if (!n)
            return n.error();
        *sources = *n;
    }
    return out;
}

Expected<RateTable> readRateTable(const QSqlDatabase &db, const QStringList &currencies)
{
    RateTable table;
    Status s = visitRates(db, {}, {}, {}, [&](const FxQuote &q) {
        if (currencies.isEmpty() || currencies.contains(q.currency))
            table.add(q.currency, q.day, q.perEur, q.source);
        return true;
    });
    if (!s)
        return s.error();
    return table;
}

Expected<FxWriteResult> writeRates(const QSqlDatabase &db, const FxSource &source, const std::vector<FxQuote> &quotes)
{
    for (std::size_t i = 0; i < quotes.size(); ++i) {
        if (const QString problem = quoteProblem(quotes[i]); !problem.isEmpty())
            return Error{QStringLiteral("Rate %1 of %2 was refused: %3.").arg(i + 1).arg(quotes.size()).arg(problem),
                         {}};
    }
    Expected<QSqlQuery> sourceRow = store::exec(
        db,
        QStringLiteral("INSERT INTO source (key, kind, title, reference, sha256) VALUES (?, ?, ?, ?, ?) "
                       "ON CONFLICT(key) DO UPDATE SET title = excluded.title RETURNING id"),
        {source.key, source.kind, source.title, source.reference,
         source.sha256.isEmpty() ? QVariant(QMetaType(QMetaType::QString)) : QVariant(source.sha256)},
        QStringLiteral("Recording the rates' source"));
    if (!sourceRow)
        return sourceRow.error();
    const qint64 sourceId = store::insertedId(*sourceRow);
    sourceRow->finish();

    const Expected<qint64> before = store::queryInt(db, QStringLiteral("SELECT count(*) FROM fx_rate"));
    if (!before)
        return before.error();
    qint64 affected = 0;
    if (store::backendOf(db) == store::Backend::PostgreSql && quotes.size() >= kCopyRows) {
        // On a team store a whole ECB history (217,555 rates) goes through COPY into a temporary table and one
        // upsert from it: one round trip per megabyte instead of one statement per 200 rates.
        Expected<qint64> copied = upsertThroughCopy(db, sourceId, quotes);
        if (!copied)
            return copied.error();
        affected = *copied;
    } else if (Status s = upsertInStatements(db, sourceId, quotes, affected); !s) {
        return s.error();
    }
    const Expected<qint64> after = store::queryInt(db, QStringLiteral("SELECT count(*) FROM fx_rate"));
    if (!after)
        return after.error();
    FxWriteResult result;
    result.added = *after - *before;
    result.changed = std::max<qint64>(0, affected - result.added);
    result.unchanged = static_cast<qint64>(quotes.size()) - result.added - result.changed;
    return result;
}

Expected<FxWriteResult> addRateByHand(const QSqlDatabase &db, const FxQuote &quote, const QString &citation)
{
    const QString cited = citation.simplified();
    if (cited.isEmpty())
        return Error{QStringLiteral("A rate typed in needs its source: where the figure comes from (a bank's "
                                    "statement, a published rate and its date)."),
                     {}};
    if (const QString problem = quoteProblem(quote); !problem.isEmpty())
        return Error{QStringLiteral("The rate was not added: %1.").arg(problem), {}};
    store::Transaction tx(db);
    if (!tx.isActive())
        return Error{QStringLiteral("Could not start writing the rate: %1").arg(tx.errorString()), {}};
    Expected<FxWriteResult> result =
        writeRates(db, FxSource{QStringLiteral("fx:") + cited, QStringLiteral("user"), cited, cited, {}}, {quote});
    if (!result)
        return result;
    if (!tx.commit())
        return Error{QStringLiteral("The rate could not be saved: %1. Nothing was added.").arg(tx.errorString()), {}};
    return result;
}

} // namespace mltco::catalog

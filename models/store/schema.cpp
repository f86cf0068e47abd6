#include "models/store/schema.h"

#include "models/store/dialect.h"
#include "models/store/sqlutil.h"
#include "models/store/transaction.h"

#include <QStringList>

#include <array>
#include <optional>

namespace mltco::store {
namespace {

// Version 1: the catalog (sources, providers, GPUs with throughput figures, instance types, the
// price history with its import batches) and the plans. A price observation is never updated:
// a new observation is a new row. amount NULL = the source said the price is missing.
// The price_point CHECKs are written as OR chains, not IN lists: SQLite evaluates a CHECK's IN list
// through a temporary b-tree built again for every inserted row, which made bulk imports 4x slower.
const char *const kSchemaV1[] = {
    R"(CREATE TABLE source (
        id INTEGER PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('seed','datasheet','vendor','import','assumption','user')),
        title TEXT NOT NULL,
        reference TEXT NOT NULL DEFAULT '',
        published_on TEXT,
        sha256 TEXT,
        note TEXT NOT NULL DEFAULT ''))",
    R"(CREATE TABLE provider (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        display_name TEXT NOT NULL DEFAULT '',
        kind TEXT NOT NULL CHECK (kind IN ('hyperscaler','gpu_cloud','marketplace','on_prem'))))",
    R"(CREATE TABLE gpu (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        vendor TEXT NOT NULL DEFAULT '',
        architecture TEXT NOT NULL DEFAULT '',
        year INTEGER,
        memory_gb REAL,
        tdp_w REAL,
        speedup REAL CHECK (speedup IS NULL OR speedup > 0),
        speedup_source_id INTEGER REFERENCES source(id),
        source_id INTEGER REFERENCES source(id)))",
    R"(CREATE TABLE throughput (
        id INTEGER PRIMARY KEY,
        gpu_id INTEGER NOT NULL REFERENCES gpu(id) ON DELETE CASCADE,
        metric TEXT NOT NULL,
        tflops REAL NOT NULL CHECK (tflops > 0),
        gpu_count INTEGER NOT NULL DEFAULT 1 CHECK (gpu_count >= 1),
        source_id INTEGER NOT NULL REFERENCES source(id)))",
    R"(CREATE TABLE instance_type (
        id INTEGER PRIMARY KEY,
        provider_id INTEGER NOT NULL REFERENCES provider(id),
        name TEXT NOT NULL,
        gpu_id INTEGER REFERENCES gpu(id),
        gpu_count REAL NOT NULL DEFAULT 0 CHECK (gpu_count >= 0),
        vcpus REAL NOT NULL DEFAULT 0,
        memory_gb REAL NOT NULL DEFAULT 0,
        list_price REAL CHECK (list_price IS NULL OR list_price > 0),
        source_id INTEGER REFERENCES source(id),
        UNIQUE (provider_id, name)))",
    R"(CREATE TABLE import_batch (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES source(id),
        format TEXT NOT NULL,
        file_name TEXT NOT NULL,
        sha256 TEXT NOT NULL,
        observed_at TEXT NOT NULL,
        imported_at TEXT NOT NULL,
        rows_added INTEGER NOT NULL,
        UNIQUE (sha256, observed_at)))",
    R"(CREATE TABLE price_point (
        id INTEGER PRIMARY KEY,
        instance_type_id INTEGER NOT NULL REFERENCES instance_type(id),
        region TEXT NOT NULL,
        zone TEXT NOT NULL DEFAULT '',
        pricing_model TEXT NOT NULL CHECK (pricing_model = 'on_demand' OR pricing_model = 'spot'
            OR pricing_model = 'preemptible' OR pricing_model = 'reserved_1y' OR pricing_model = 'reserved_3y'
            OR pricing_model = 'savings_plan_1y' OR pricing_model = 'savings_plan_3y' OR pricing_model = 'monthly'),
        amount REAL CHECK (amount IS NULL OR amount > 0),
        unit TEXT NOT NULL CHECK (unit = 'hour' OR unit = 'month'),
        observed_at TEXT NOT NULL,
        source_id INTEGER NOT NULL REFERENCES source(id),
        batch_id INTEGER REFERENCES import_batch(id),
        note TEXT NOT NULL DEFAULT ''))",   kCreatePricePointIndex,
    R"(CREATE TABLE plan (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        position INTEGER NOT NULL DEFAULT 0,
        json TEXT NOT NULL,
        updated_at TEXT NOT NULL))",
    R"(CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL))",
};

// Version 2: a price point says how a reservation is paid. purchase_option and offering_class are '' for every
// price that is not a reserved or savings-plan term; upfront is the lump sum paid at the start of the term, present
// exactly for Partial and All Upfront; All Upfront's hourly charge is 0, a real price (amount 0 is allowed only
// there). A CHECK passes when it comes out NULL, so the upfront's is written to come out true or false. SQLite
// cannot change a CHECK in place, so the table is built again and the rows copied (ids kept).
const char *const kSchemaV2[] = {
    R"(CREATE TABLE price_point_v2 (
        id INTEGER PRIMARY KEY,
        instance_type_id INTEGER NOT NULL REFERENCES instance_type(id),
        region TEXT NOT NULL,
        zone TEXT NOT NULL DEFAULT '',
        pricing_model TEXT NOT NULL CHECK (pricing_model = 'on_demand' OR pricing_model = 'spot'
            OR pricing_model = 'preemptible' OR pricing_model = 'reserved_1y' OR pricing_model = 'reserved_3y'
            OR pricing_model = 'savings_plan_1y' OR pricing_model = 'savings_plan_3y' OR pricing_model = 'monthly'),
        amount REAL CHECK (amount IS NULL OR amount > 0 OR (amount = 0 AND purchase_option = 'all_upfront')),
        unit TEXT NOT NULL CHECK (unit = 'hour' OR unit = 'month'),
        observed_at TEXT NOT NULL,
        source_id INTEGER NOT NULL REFERENCES source(id),
        batch_id INTEGER REFERENCES import_batch(id),
        note TEXT NOT NULL DEFAULT '',
        purchase_option TEXT NOT NULL DEFAULT '' CHECK (purchase_option = '' OR ((purchase_option = 'no_upfront'
            OR purchase_option = 'partial_upfront' OR purchase_option = 'all_upfront') AND (pricing_model = 'reserved_1y'
            OR pricing_model = 'reserved_3y' OR pricing_model = 'savings_plan_1y' OR pricing_model = 'savings_plan_3y'))),
        offering_class TEXT NOT NULL DEFAULT '' CHECK (offering_class = '' OR ((offering_class = 'standard'
            OR offering_class = 'convertible') AND purchase_option <> '')),
        upfront REAL CHECK ((upfront IS NULL AND purchase_option <> 'partial_upfront' AND purchase_option <> 'all_upfront')
            OR (upfront IS NOT NULL AND upfront > 0
                AND (purchase_option = 'partial_upfront' OR purchase_option = 'all_upfront')))))",
    R"(INSERT INTO price_point_v2 (id, instance_type_id, region, zone, pricing_model, amount, unit, observed_at,
        source_id, batch_id, note)
        SELECT id, instance_type_id, region, zone, pricing_model, amount, unit, observed_at, source_id, batch_id, note
        FROM price_point)",
    "DROP TABLE price_point",
    "ALTER TABLE price_point_v2 RENAME TO price_point",
    kCreatePricePointIndex,
};

// Version 3: actual spend read from bills (FOCUS cost exports). A bill is one imported file; its rows are kept as
// monthly sums per provider, service, instance type and pricing category (the bill's own rows are not stored:
// thousands a day). Costs may be negative (a correction, a refund). bill_period records which billing account and
// month each bill covers with its own charges, not its corrections: the UNIQUE constraint refuses a second bill
// for a period already imported, so a month is never counted twice.
const char *const kSchemaV3[] = {
    R"(CREATE TABLE bill (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES source(id),
        file_name TEXT NOT NULL,
        sha256 TEXT NOT NULL UNIQUE,
        focus_version TEXT NOT NULL DEFAULT '',
        currency TEXT NOT NULL CHECK (currency = 'USD'),
        imported_at TEXT NOT NULL,
        rows_read INTEGER NOT NULL CHECK (rows_read >= 0),
        rows_used INTEGER NOT NULL CHECK (rows_used >= 0 AND rows_used <= rows_read)))",
    R"(CREATE TABLE bill_period (
        bill_id INTEGER NOT NULL REFERENCES bill(id) ON DELETE CASCADE,
        provider TEXT NOT NULL,
        billing_account TEXT NOT NULL,
        month TEXT NOT NULL CHECK (@MONTH(month)@),
        PRIMARY KEY (provider, billing_account, month)))",
    R"(CREATE TABLE actual_cost (
        id INTEGER PRIMARY KEY,
        bill_id INTEGER NOT NULL REFERENCES bill(id) ON DELETE CASCADE,
        month TEXT NOT NULL CHECK (@MONTH(month)@),
        provider TEXT NOT NULL,
        service TEXT NOT NULL,
        instance_type TEXT NOT NULL,
        pricing_category TEXT NOT NULL CHECK (pricing_category = 'standard' OR pricing_category = 'dynamic'
            OR pricing_category = 'committed' OR pricing_category = 'other' OR pricing_category = 'unspecified'),
        effective_cost REAL NOT NULL,
        billed_cost REAL NOT NULL,
        gpu_hours REAL NOT NULL,
        rows INTEGER NOT NULL CHECK (rows > 0),
        UNIQUE (bill_id, month, provider, service, instance_type, pricing_category)))",
    "CREATE INDEX actual_cost_month ON actual_cost (month, provider, service, instance_type, pricing_category)",
    "CREATE INDEX bill_period_bill ON bill_period (bill_id)",
};

// Version 4: a plan's revision, raised by every save. A save names the revision it started from and is refused when
// the stored one has moved on (someone else saved meanwhile), so nobody overwrites another's edit unseen. On
// PostgreSQL this step also adds the triggers that notify other users' windows of changes (dialect.cpp).
const char *const kSchemaV4[] = {
    "ALTER TABLE plan ADD COLUMN revision INTEGER NOT NULL DEFAULT 1 CHECK (revision >= 1)",
};

// Version 5: money in several currencies (model.md §13). Exchange rates in the European Central Bank's layout (units
// of a currency per 1 EUR on a day, with their source; EUR itself is 1 and never stored). A price point says its
// currency (every earlier one was USD). A bill may be in any currency: SQLite cannot drop the old CHECK, so the bill
// and the two tables that refer to it are built again and their rows copied with their ids, children dropped before
// their parent so that no cascade runs.
const char *const kSchemaV5[] = {
    R"(CREATE TABLE fx_rate (
        id INTEGER PRIMARY KEY,
        currency TEXT NOT NULL CHECK (@CODE(currency)@ AND currency <> 'EUR'),
        day TEXT NOT NULL CHECK (@DAY(day)@),
        per_eur REAL NOT NULL CHECK (per_eur > 0),
        source_id INTEGER NOT NULL REFERENCES source(id),
        UNIQUE (currency, day)))",
    "ALTER TABLE price_point ADD COLUMN currency TEXT NOT NULL DEFAULT 'USD' CHECK (@CODE(currency)@)",
    R"(CREATE TABLE bill_v5 (
        id INTEGER PRIMARY KEY,
        source_id INTEGER NOT NULL REFERENCES source(id),
        file_name TEXT NOT NULL,
        sha256 TEXT NOT NULL UNIQUE,
        focus_version TEXT NOT NULL DEFAULT '',
        currency TEXT NOT NULL CHECK (@CODE(currency)@),
        imported_at TEXT NOT NULL,
        rows_read INTEGER NOT NULL CHECK (rows_read >= 0),
        rows_used INTEGER NOT NULL CHECK (rows_used >= 0 AND rows_used <= rows_read)))",
    R"(INSERT INTO bill_v5 (id, source_id, file_name, sha256, focus_version, currency, imported_at, rows_read, rows_used)
        SELECT id, source_id, file_name, sha256, focus_version, currency, imported_at, rows_read, rows_used FROM bill)",
    R"(CREATE TABLE bill_period_v5 (
        bill_id INTEGER NOT NULL REFERENCES bill_v5(id) ON DELETE CASCADE,
        provider TEXT NOT NULL,
        billing_account TEXT NOT NULL,
        month TEXT NOT NULL CHECK (@MONTH(month)@),
        PRIMARY KEY (provider, billing_account, month)))",
    R"(INSERT INTO bill_period_v5 (bill_id, provider, billing_account, month)
        SELECT bill_id, provider, billing_account, month FROM bill_period)",
    R"(CREATE TABLE actual_cost_v5 (
        id INTEGER PRIMARY KEY,
        bill_id INTEGER NOT NULL REFERENCES bill_v5(id) ON DELETE CASCADE,
        month TEXT NOT NULL CHECK (@MONTH(month)@),
        provider TEXT NOT NULL,
        service TEXT NOT NULL,
        instance_type TEXT NOT NULL,
        pricing_category TEXT NOT NULL CHECK (pricing_category = 'standard' OR pricing_category = 'dynamic'
            OR pricing_category = 'committed' OR pricing_category = 'other' OR pricing_category = 'unspecified'),
        effective_cost REAL NOT NULL,
        billed_cost REAL NOT NULL,
        gpu_hours REAL NOT NULL,
        rows INTEGER NOT NULL CHECK (rows > 0),
        UNIQUE (bill_id, month, provider, service, instance_type, pricing_category)))",
    R"(INSERT INTO actual_cost_v5 (id, bill_id, month, provider, service, instance_type, pricing_category,
        effective_cost, billed_cost, gpu_hours, rows)
        SELECT id, bill_id, month, provider, service, instance_type, pricing_category, effective_cost, billed_cost,
        gpu_hours, rows FROM actual_cost)",
    "DROP TABLE actual_cost",
    "DROP TABLE bill_period",
    "DROP TABLE bill",
    "ALTER TABLE bill_v5 RENAME TO bill",
    "ALTER TABLE bill_period_v5 RENAME TO bill_period",
    "ALTER TABLE actual_cost_v5 RENAME TO actual_cost",
    "CREATE INDEX actual_cost_month ON actual_cost (month, provider, service, instance_type, pricing_category)",
    "CREATE INDEX bill_period_bill ON bill_period (bill_id)",
};

// Version 6: the whole bill at a glance, and the provider's own amounts in the pricing currency. Every row of an imported bill, summed by calendar month, provider, FOCUS
// ServiceCategory and how it counts (GPU spend held against a plan, GPU spend the catalog cannot size, not GPU, or a
// Tax, Credit or Adjustment row), so the share of the bill a plan covers can be shown. Bills imported before have no
// such sums (their files are not kept); the app says so.
const char *const kSchemaV6[] = {
    R"(CREATE TABLE bill_charge (
        id INTEGER PRIMARY KEY,
        bill_id INTEGER NOT NULL REFERENCES bill(id) ON DELETE CASCADE,
        month TEXT NOT NULL CHECK (@MONTH(month)@),
        provider TEXT NOT NULL,
        service_category TEXT NOT NULL,
        charge_kind TEXT NOT NULL CHECK (charge_kind = 'gpu' OR charge_kind = 'gpu_unsized'
            OR charge_kind = 'not_gpu' OR charge_kind = 'tax_credit_adjustment'),
        effective_cost REAL NOT NULL,
        billed_cost REAL NOT NULL,
        rows INTEGER NOT NULL CHECK (rows > 0),
        UNIQUE (bill_id, month, provider, service_category, charge_kind)))",
    "CREATE INDEX bill_charge_month ON bill_charge (month, provider, service_category)",
    // The provider's own amount of a GPU sum in the currency it priced the rows in (FOCUS 1.2 PricingCurrency), which
    // a plan in that currency takes instead of converting the bill (model.md §13); '' and NULL when the bill has none.
    "ALTER TABLE actual_cost ADD COLUMN pricing_currency TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE actual_cost ADD COLUMN pricing_effective_cost REAL",
};

// Version 7: where an import came from. A price file or rate file fetched from an address (mltco-cli catalog update,
// fx update, Catalog › Update prices…) keeps the address, the server's ETag and Last-Modified (asked again with
// If-None-Match / If-Modified-Since) and when it was retrieved; a file imported from disk keeps '' there.
const char *const kSchemaV7[] = {
    "ALTER TABLE import_batch ADD COLUMN origin TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE import_batch ADD COLUMN etag TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE import_batch ADD COLUMN last_modified TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE import_batch ADD COLUMN retrieved_at TEXT",
    "CREATE INDEX import_batch_origin ON import_batch (origin, imported_at)",
};

// Version 8 (a team store's only; a file is unchanged): a price's instance type, source and batch are proven once per
// statement rather than row by row. PostgreSQL checks a foreign key with a lookup and a row lock on the parent for every
// row: three per price, two thirds of a million-price import's time on the server. The constraints give way to
// statement-level triggers that prove every parent of the statement's rows at once (and refuse to delete or renumber a
// parent that prices still name), with the same SQLSTATE. See dialect.cpp.

// Version 9 (a team store's only): an exchange rate's source proven once per statement, as a price's parents are since
// version 8 (the foreign key's lookup and lock per rate were a quarter of the ECB history's import on the server).

Status runStep(const QSqlDatabase &db, int toVersion, const char *const *statements, std::size_t count,
               SchemaSteps steps)
{
    std::optional<Transaction> tx;
    if (steps == SchemaSteps::OwnTransactions)
        tx.emplace(db);
    if (tx && !tx->isActive())
        return Error{QStringLiteral("Could not start the upgrade to schema version %1: %2")
                         .arg(toVersion)
                         .arg(tx->errorString()),
                     {}};
    const Backend backend = backendOf(db);
    QStringList sql;
    for (std::size_t i = 0; i < count; ++i)
        sql << dialect::schemaStatement(statements[i], backend);
    sql << dialect::extraSchemaStatements(toVersion, backend);
    for (const QString &statement : std::as_const(sql)) {
        if (Status s = execPlain(db, statement); !s)
            return Error{
                QStringLiteral("Upgrade to schema version %1 failed: %2").arg(toVersion).arg(s.error().message), {}};
    }
    if (Status s = dialect::writeSchemaVersion(db, toVersion); !s)
        return s;
    if (tx && !tx->commit())
        return Error{
            QStringLiteral("Upgrade to schema version %1 could not be saved: %2").arg(toVersion).arg(tx->errorString()),
            {}};
    return {};
}

} // namespace

Status upgradeSchema(const QSqlDatabase &db, int fromVersion, SchemaSteps steps)
{
    for (int version = fromVersion; version < schemaVersionFor(backendOf(db)); ++version) {
        Status s;
        switch (version) {
        case 0:
            s = runStep(db, 1, kSchemaV1, std::size(kSchemaV1), steps);
            break;
        case 1:
            s = runStep(db, 2, kSchemaV2, std::size(kSchemaV2), steps);
            break;
        case 2:
            s = runStep(db, 3, kSchemaV3, std::size(kSchemaV3), steps);
            break;
        case 3:
            s = runStep(db, 4, kSchemaV4, std::size(kSchemaV4), steps);
            break;
        case 4:
            s = runStep(db, 5, kSchemaV5, std::size(kSchemaV5), steps);
            break;
        case 5:
            s = runStep(db, 6, kSchemaV6, std::size(kSchemaV6), steps);
            break;
        case 6:
            s = runStep(db, 7, kSchemaV7, std::size(kSchemaV7), steps);
            break;
        case 7:
            s = runStep(db, 8, nullptr, 0, steps); // dialect::extraSchemaStatements() holds the team store's part
            break;
        case 8:
            s = runStep(db, 9, nullptr, 0, steps); // likewise
            break;
        default:
            s = Error{QStringLiteral("No upgrade from schema version %1").arg(version), {}};
        }
        if (!s)
            return s;
    }
    return {};
}

} // namespace mltco::store

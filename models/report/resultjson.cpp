#include "models/report/resultjson.h"

#include "models/common/jsonstreamwriter.h"

#include <QJsonArray>

#include <algorithm>

namespace mltco::tco {

namespace {

QJsonValue optionalNumber(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

} // namespace

namespace {

// The figures of one month row that the JSON carries for a scenario, in key order (as QJsonObject sorts them):
// categories always, the fleet for kinds that have one, depreciation and gain for purchases, burst for hybrids.
struct MonthField final
{
    const char *key;
    double (*get)(const MonthRow &row);
    bool (*applies)(bool fleet, bool purchase, bool hybrid, bool instances);
};

bool always(bool, bool, bool, bool) { return true; }
bool forFleet(bool fleet, bool, bool, bool) { return fleet; }
bool forPurchase(bool, bool purchase, bool, bool) { return purchase; }
bool forHybrid(bool, bool, bool hybrid, bool) { return hybrid; }
bool forInstances(bool, bool, bool, bool instances) { return instances; }

template<Category c>
double categoryOf(const MonthRow &row)
{
    return row.at(c);
}

struct ScenarioShape final
{
    QString fleetKey;
    bool purchase = false;
    bool hybrid = false;    ///< a hybrid or a mix: burst figures
    bool instances = false; ///< reserved capacity in the month rows (model.md §11.2–3)

    explicit ScenarioShape(const EvaluatedScenario &scenario, const ScenarioResult &r)
        : fleetKey(scenario.fleetKey())
        , purchase(!r.cohorts.empty() || scenario.kind() == ScenarioKind::Purchase ||
                   scenario.baseKind == ScenarioKind::Purchase)
        , hybrid(isComposite(scenario.kind()))
        , instances(scenario.reportsInstances())
    {
    }

    /// The month keys of this scenario in sorted order, the fleet ("nodes" or "servers") in its place.
    std::vector<std::pair<QByteArray, double (*)(const MonthRow &)>> monthFields() const
    {
        static const MonthField fields[] = {
            {"burst", [](const MonthRow &r) { return r.burst; }, forHybrid},
            {"burst_gpu_hours", [](const MonthRow &r) { return r.burstGpuHours; }, forHybrid},
            {"capacity_gpu_hours", [](const MonthRow &r) { return r.capacity; }, always},
            {"capex", categoryOf<Category::Capex>, always},
            {"compute", categoryOf<Category::Compute>, always},
            {"demand_gpu_hours", [](const MonthRow &r) { return r.demand; }, always},
            {"depreciation", [](const MonthRow &r) { return r.depreciation; }, forPurchase},
            {"facilities", categoryOf<Category::Facilities>, always},
            {"failures", categoryOf<Category::Failures>, always},
            {"financing", categoryOf<Category::Financing>, always},
            {"fleet", [](const MonthRow &r) { return r.fleet; }, forFleet},
            {"gain", [](const MonthRow &r) { return r.gain; }, forPurchase},
            {"instances", [](const MonthRow &r) { return r.instances; }, forInstances},
            {"month", [](const MonthRow &r) { return static_cast<double>(r.month); }, always},
            {"overhead", categoryOf<Category::Overhead>, always},
            {"power", categoryOf<Category::Power>, always},
            {"resale", categoryOf<Category::Resale>, always},
            {"staff", categoryOf<Category::Staff>, always},
            {"tax", categoryOf<Category::Tax>, always},
            {"total", [](const MonthRow &r) { return r.total; }, always},
        };
        std::vector<std::pair<QByteArray, double (*)(const MonthRow &)>> out;
        for (const MonthField &f : fields) {
            if (!f.applies(!fleetKey.isEmpty(), purchase, hybrid, instances))
                continue;
            out.emplace_back(qstrcmp(f.key, "fleet") == 0 ? fleetKey.toLatin1() : QByteArray(f.key), f.get);
        }
        std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        return out;
    }
};

QJsonValue irrVersusToJson(const IrrVersus *versus)
{
    if (!versus)
        return QJsonValue(QJsonValue::Null);
    const auto &payback = versus->figures.paybackMonth;
    return QJsonObject{
        {QStringLiteral("cloud"), versus->cloud},
        {QStringLiteral("irr"), optionalNumber(versus->figures.irr)},
        {QStringLiteral("payback_month"), payback ? QJsonValue(*payback) : QJsonValue(QJsonValue::Null)},
    };
}

std::optional<IrrVersus> irrVersus(const PlanResult &result, std::size_t position)
{
    const std::optional<OwningVersusCloud> figures = owningVersusCloud(result, position);
    if (!figures)
        return std::nullopt;
    return IrrVersus{result.scenarios[static_cast<std::size_t>(figures->cloud)].name, *figures};
}

// Every key of a scenario's JSON but "months".
QJsonObject scenarioSummaryToJson(const EvaluatedScenario &scenario, const ScenarioResult &r,
                                  const IrrVersus *versus)
{
    const ScenarioShape shape(scenario, r);
    QJsonArray annual;
    for (const YearSum &year : r.years)
        annual.append(year.total);
    QJsonObject byCategory, npvByCategory;
    for (Category category : kCategories) {
        byCategory.insert(QLatin1String(categoryKey(category)), r.categoryTotal(category));
        npvByCategory.insert(QLatin1String(categoryKey(category)), r.categoryNpv(category));
    }
    QJsonObject object{
        {QStringLiteral("name"), scenario.name},
        {QStringLiteral("kind"), scenarioKindKey(scenario.kind())},
        {QStringLiteral("total"), r.total},
        {QStringLiteral("npv"), r.npv},
        {QStringLiteral("average_annual"), r.averageAnnual},
        {QStringLiteral("annual"), annual},
        {QStringLiteral("by_category"), byCategory},
        {QStringLiteral("npv_by_category"), npvByCategory},
        {QStringLiteral("served_gpu_hours"), r.served},
        {QStringLiteral("unmet_gpu_hours"), r.unmet},
        {QStringLiteral("utilization"), optionalNumber(r.utilization)},
        {QStringLiteral("cost_per_gpu_hour"), optionalNumber(r.costPerServedGpuHour)},
        {QStringLiteral("cost_per_million_tokens"), optionalNumber(r.costPerMillionTokens)},
        {QStringLiteral("demand_gpu_hours"), r.demand},
    };
    // The day of the catalog price the figures stand on; null when the plan states the rate (or buys servers).
    object.insert(QStringLiteral("price_observed_at"),
                  scenario.instance && scenario.instance->rateUsed && scenario.instance->observedAt.isValid()
                      ? QJsonValue(scenario.instance->observedAt.toString(Qt::ISODate))
                      : QJsonValue(QJsonValue::Null));
    if (!shape.fleetKey.isEmpty())
        object.insert(QStringLiteral("peak_") + shape.fleetKey, optionalNumber(r.peakFleet));
    if (shape.instances)
        object.insert(QStringLiteral("peak_instances"), optionalNumber(r.peakInstances));
    if (scenario.kind() == ScenarioKind::Purchase)
        object.insert(QStringLiteral("irr_vs"), irrVersusToJson(versus));
    if (const CloudInstance *instance = cloudInstance(scenario.scenario)) {
        // Where the speedup came from (model.md §10.8): the plan, a person (catalog) or the datasheets.
        object.insert(QStringLiteral("speedup"), instance->speedup);
        const bool fromCatalog = scenario.instance && scenario.instance->speedup &&
                                 scenario.instance->speedupOrigin != SpeedupOrigin::Plan;
        object.insert(QStringLiteral("speedup_origin"),
                      !fromCatalog ? QStringLiteral("plan")
                      : scenario.instance->speedupOrigin == SpeedupOrigin::Estimated ? QStringLiteral("estimated")
                                                                                     : QStringLiteral("catalog"));
        if (fromCatalog)
            object.insert(QStringLiteral("speedup_basis"), scenario.instance->speedupBasis);
    }
    if (shape.purchase) {
        object.insert(QStringLiteral("depreciation"), r.depreciation);
        object.insert(QStringLiteral("gains"), r.gains);
    }
    if (const auto *h = std::get_if<HybridScenario>(&scenario.scenario)) {
        object.insert(QStringLiteral("base"), h->base);
        object.insert(QStringLiteral("burst"), h->burst);
        object.insert(QStringLiteral("base_total"), r.total - r.burst);
        object.insert(QStringLiteral("burst_total"), r.burst);
        object.insert(QStringLiteral("burst_gpu_hours"), r.burstGpuHours);
    } else if (const auto *m = std::get_if<MixScenario>(&scenario.scenario)) {
        // What the layers cost together, what the burst bills for what they leave (or how much is left undone).
        object.insert(QStringLiteral("layers"), QJsonArray::fromStringList(m->layers));
        object.insert(QStringLiteral("burst"), m->burst.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(m->burst));
        object.insert(QStringLiteral("layers_total"), r.total - r.burst);
        object.insert(QStringLiteral("burst_total"), r.burst);
        object.insert(QStringLiteral("burst_gpu_hours"), m->burst.isEmpty() ? 0.0 : r.burstGpuHours);
    }
    return object;
}

// One scenario streamed: its summary's keys in order, the months array where "months" sorts among them.
void writeScenario(JsonStreamWriter &json, const EvaluatedScenario &scenario, const ScenarioResult &r,
                   const IrrVersus *versus)
{
    const QJsonObject summary = scenarioSummaryToJson(scenario, r, versus);
    const auto fields = ScenarioShape(scenario, r).monthFields();
    const QString monthsKey = QStringLiteral("months");
    bool monthsWritten = false;
    const auto writeMonths = [&] {
        json.key("months");
        json.beginArray();
        std::vector<std::string_view> keys;
        for (const auto &field : fields)
            keys.emplace_back(field.first.constData(), static_cast<std::size_t>(field.first.size()));
        const JsonStreamWriter::NumberObjectLayout layout = json.numberObjectLayout(keys);
        std::vector<double> values(fields.size());
        for (const MonthRow &row : r.months) {
            for (std::size_t f = 0; f < fields.size(); ++f)
                values[f] = fields[f].second(row);
            json.numberObject(layout, values.data());
        }
        json.endArray();
        monthsWritten = true;
    };
    json.beginObject();
    for (auto it = summary.begin(); it != summary.end(); ++it) {
        if (!monthsWritten && it.key() > monthsKey)
            writeMonths();
        json.key(it.key());
        json.value(it.value());
    }
    if (!monthsWritten)
        writeMonths();
    json.endObject();
}

} // namespace

QJsonObject scenarioResultToJson(const EvaluatedScenario &scenario, const IrrVersus *versus)
{
    const ScenarioResult &r = scenario.result;
    QJsonObject object = scenarioSummaryToJson(scenario, r, versus);
    const auto fields = ScenarioShape(scenario, r).monthFields();
    QJsonArray months;
    for (const MonthRow &row : r.months) {
        QJsonObject month;
        for (const auto &[key, get] : fields)
            month.insert(QLatin1String(key), get(row));
        months.append(month);
    }
    object.insert(QStringLiteral("months"), months);
    return object;
}

QJsonObject breakEvenToJson(const EvaluatedBreakEven &breakEven)
{
    if (const auto &fleet = breakEven.result.fleet) {
        // Against an elastic scenario: the four keys in the object itself (model.md §10.10, clarification 8).
        return QJsonObject{
            {QStringLiteral("purchase"), breakEven.request.purchase},
            {QStringLiteral("cloud"), breakEven.request.cloud},
            {QStringLiteral("servers"), QJsonValue(QJsonValue::Null)},
            {QStringLiteral("stays_cheaper"), QJsonValue(QJsonValue::Null)},
            {QStringLiteral("sweep"), QJsonValue(QJsonValue::Null)},
            {QStringLiteral("demand_scale"), fleet->demandScale},
            {QStringLiteral("demand_gpu_hours_per_month"), fleet->demandGpuHoursPerMonth},
            {QStringLiteral("utilization"), fleet->utilization},
            {QStringLiteral("reachable"), fleet->reachable},
            {QStringLiteral("purchase_total"), fleet->purchaseTotal},
            {QStringLiteral("cloud_fixed"), fleet->cloudFixed},
            {QStringLiteral("cloud_variable"), fleet->cloudVariable},
        };
    }
    QJsonArray sweep;
    for (const SweepPoint &point : breakEven.result.sweep)
        sweep.append(QJsonObject{
            {QStringLiteral("servers"), point.servers},
            {QStringLiteral("purchase_total"), point.purchaseTotal},
            {QStringLiteral("cloud_total"), point.cloudTotal},
            {QStringLiteral("cloud_instances"), point.cloudInstances},
        });
    const auto &servers = breakEven.result.servers;
    return QJsonObject{
        {QStringLiteral("purchase"), breakEven.request.purchase},
        {QStringLiteral("cloud"), breakEven.request.cloud},
        {QStringLiteral("servers"), servers ? QJsonValue(*servers) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("stays_cheaper"), breakEven.result.staysCheaper},
        {QStringLiteral("basis"), breakEvenBasisKey(breakEven.request.basis)},
        {QStringLiteral("sweep"), sweep},
    };
}

QJsonArray fxUsedToJson(const PlanResult &result)
{
    QJsonArray out;
    for (const FxUse &fx : result.fxUsed())
        out.append(QJsonObject{
            {QStringLiteral("currency"), fx.currency},
            {QStringLiteral("date"), fx.date.toString(Qt::ISODate)},
            {QStringLiteral("rate"), fx.rate},
            {QStringLiteral("source"), fx.source},
        });
    return out;
}

QJsonObject planResultToJson(const PlanResult &result)
{
    QJsonArray scenarios;
    for (std::size_t i = 0; i < result.scenarios.size(); ++i) {
        const std::optional<IrrVersus> versus = irrVersus(result, i);
        scenarios.append(scenarioResultToJson(result.scenarios[i], versus ? &*versus : nullptr));
    }
    QJsonArray breakeven;
    for (const EvaluatedBreakEven &b : result.breakeven)
        breakeven.append(breakEvenToJson(b));
    return QJsonObject{
        {QStringLiteral("plan"), result.plan},
        {QStringLiteral("currency"), result.currency},
        {QStringLiteral("fx_used"), fxUsedToJson(result)},
        {QStringLiteral("tax_rate"), result.workload.taxRate},
        {QStringLiteral("scenarios"), scenarios},
        {QStringLiteral("breakeven"), breakeven},
    };
}

Status writePlanResultJson(const PlanResult &plan, QIODevice &device)
{
    // planResultToJson's keys in QJsonObject's order: breakeven, currency, fx_used, plan, scenarios, tax_rate.
    JsonStreamWriter json(device);
    json.beginObject();
    json.key("breakeven");
    json.beginArray();
    for (const EvaluatedBreakEven &b : plan.breakeven)
        json.value(breakEvenToJson(b));
    json.endArray();
    json.key("currency");
    json.value(plan.currency);
    json.key("fx_used");
    json.value(fxUsedToJson(plan));
    json.key("plan");
    json.value(plan.plan);
    json.key("scenarios");
    json.beginArray();
    ScenarioResult result;
    MixScratch scratch;
    // The cheapest cloud option meeting the demand, which purchases are measured against (cheapestMeetingDemand's
    // choice, found here one scenario at a time): kept whole, the only result held while writing.
    std::optional<IrrVersus> versus;
    ScenarioResult cloud;
    const bool anyPurchase = std::any_of(plan.scenarios.begin(), plan.scenarios.end(), [](const EvaluatedScenario &s) {
        return s.kind() == ScenarioKind::Purchase;
    });
    for (std::size_t i = 0; anyPurchase && i < plan.scenarios.size(); ++i) {
        if (!isCloudKind(plan.scenarios[i].kind()))
            continue;
        evaluateScenario(plan, i, result, scratch);
        if (!result.hasUnmetDemand() && (!versus || result.total < cloud.total)) {
            versus = IrrVersus{plan.scenarios[i].name, {static_cast<int>(i), {}, {}}};
            std::swap(cloud, result);
        }
    }
    for (std::size_t i = 0; i < plan.scenarios.size() && json.ok(); ++i) {
        evaluateScenario(plan, i, result, scratch);
        if (versus && plan.scenarios[i].kind() == ScenarioKind::Purchase) {
            versus->figures.paybackMonth = breakEvenMonth(result, cloud);
            versus->figures.irr = owningReturn(result, cloud);
        }
        writeScenario(json, plan.scenarios[i], result,
                      versus && plan.scenarios[i].kind() == ScenarioKind::Purchase ? &*versus : nullptr);
    }
    json.endArray();
    json.key("tax_rate");
    json.value(plan.workload.taxRate);
    json.endObject();
    return json.finish();
}

} // namespace mltco::tco

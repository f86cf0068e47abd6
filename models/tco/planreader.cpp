#include "models/tco/planreader.h"

#include "models/catalog/importhelpers.h"
#include "models/catalog/types.h"
#include "models/common/parallel.h"
#include "models/tco/jsonkeys.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QJsonValue>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <future>
#include <optional>
#include <span>

namespace mltco::tco {

namespace {

QString quoted(const QString &text)
{
    return QLatin1Char('"') + text + QLatin1Char('"');
}

// "a dedicated scenario", "an elastic scenario".
QString aScenarioOfKind(ScenarioKind kind)
{
    const QString key = scenarioKindKey(kind);
    return (kind == ScenarioKind::Elastic ? QStringLiteral("an ") : QStringLiteral("a ")) + key +
           QStringLiteral(" scenario");
}

QString kindList()
{
    return scenarioKindKeys().join(QStringLiteral(", "));
}

// Line and column (1-based) of a byte offset, for JSON syntax errors.
QString position(const QByteArray &json, int offset)
{
    int line = 1;
    int column = 1;
    for (int i = 0; i < offset && i < json.size(); ++i) {
        if (json.at(i) == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return QStringLiteral("line %1, column %2").arg(line).arg(column);
}

/// Walks a plan object once, collecting every problem with its JSON path.
class PlanReader final
{
public:
    /// A long plan read on every core: the text of its "scenarios" list is cut into contiguous parts, each parsed
    /// and read by a reader of its own (one shared QJsonArray would make the cores queue on its reference count),
    /// and the rest of the plan, with an empty list in their place, is read as usual with the parts joined in. Every
    /// byte of the text is checked: by a parse, or by rootListSpans() as the white space and commas between the
    /// elements. nullopt when
    /// the plan is short, or when anything is wrong (not JSON, a key given twice, a problem in a part, a name
    /// given in two parts): the caller then reads the whole text as one, so that refusals and their order are
    /// those of one reader going from the top.
    static std::optional<Expected<Plan>> readInParts(const QByteArray &json)
    {
        constexpr std::size_t kMinPerPart = 2048;
        const std::optional<JsonListSpans> spans = rootListSpans(json, "scenarios");
        if (!spans)
            return std::nullopt;
        const auto &elements = spans->elements;
        const std::size_t count = elements.size();
        const std::size_t partCount = contiguousPartCount(count, kMinPerPart);
        if (partCount <= 1)
            return std::nullopt;
        QByteArray restText = json.left(spans->open + 1);
        restText += QByteArrayView(json).sliced(spans->close);
        QJsonParseError restError;
        const QJsonDocument rest = QJsonDocument::fromJson(restText, &restError);
        if (restError.error != QJsonParseError::NoError || !rest.isObject() || !duplicateKeys(restText).isEmpty())
            return std::nullopt;

        struct Part final
        {
            PlanReader reader;
            Plan plan;
            bool read = false;
        };
        std::vector<Part> parts(partCount);
        inContiguousParts(count, kMinPerPart, [&](std::size_t part, std::size_t begin, std::size_t end) {
            QByteArray text;
            text.reserve(elements[end - 1].second - elements[begin].first + 2);
            text += '[';
            text += QByteArrayView(json).sliced(elements[begin].first, elements[end - 1].second - elements[begin].first);
            text += ']';
            QJsonParseError error;
            const QJsonDocument document = QJsonDocument::fromJson(text, &error);
            if (error.error != QJsonParseError::NoError || !document.isArray() ||
                static_cast<std::size_t>(document.array().size()) != end - begin || !duplicateKeys(text).isEmpty())
                return;
            const QJsonArray array = document.array();
            Part &mine = parts[part];
            mine.reader.m_scenarioCount = static_cast<int>(begin);
            mine.reader.m_scenarioIndex.reserve(static_cast<qsizetype>(end - begin));
            mine.reader.m_kinds.reserve(static_cast<qsizetype>(end - begin));
            mine.plan.scenarios.reserve(static_cast<qsizetype>(end - begin));
            for (std::size_t i = begin; i < end; ++i)
                mine.reader.readScenario(array.at(static_cast<qsizetype>(i - begin)),
                                         QStringLiteral("scenarios[%1]").arg(i), mine.plan);
            mine.read = mine.reader.m_problems.isEmpty();
        });

        if (std::any_of(parts.cbegin(), parts.cend(), [](const Part &part) { return !part.read; }))
            return std::nullopt;
        PlanReader whole; // the first part's names, then the others' joined in
        whole.m_scenarioIndex = std::move(parts.front().reader.m_scenarioIndex);
        whole.m_kinds = std::move(parts.front().reader.m_kinds);
        whole.m_scenarioIndex.reserve(static_cast<qsizetype>(count));
        whole.m_kinds.reserve(static_cast<qsizetype>(count));
        whole.m_hybridRefs = std::move(parts.front().reader.m_hybridRefs);
        QList<PlanScenario> scenarios = std::move(parts.front().plan.scenarios);
        scenarios.reserve(static_cast<qsizetype>(count));
        for (Part &part : std::span(parts).subspan(1)) {
            for (auto it = part.reader.m_scenarioIndex.cbegin(); it != part.reader.m_scenarioIndex.cend(); ++it)
                if (whole.m_scenarioIndex.contains(it.key()))
                    return std::nullopt;
            whole.m_scenarioIndex.insert(part.reader.m_scenarioIndex);
            whole.m_kinds.insert(part.reader.m_kinds);
            whole.m_hybridRefs += part.reader.m_hybridRefs;
            scenarios += std::move(part.plan.scenarios);
        }
        whole.m_scenarioCount = static_cast<int>(count);
        whole.m_readAhead = &scenarios;
        return whole.read(rest.object());
    }

    /// `earlier`: problems found before the object was built (keys given twice in the file).
    Expected<Plan> read(const QJsonObject &root, const QStringList &earlier = {})
    {
        m_problems = earlier;
        Plan plan;
        // Sections in a fixed order (QJsonObject sorts keys), so messages read top-down like a plan file.
        static const char *const kSections[] = {"name",      "version",     "notes",        "workload", "scenarios",
                                                "breakeven", "uncertainty", "correlations", "actuals"};
        for (const char *section : kSections) {
            const QString key = QLatin1String(section);
            if (!root.contains(key)) {
                if (key == QLatin1String("name") || key == QLatin1String("scenarios"))
                    problem(key, QStringLiteral("missing"));
                continue;
            }
            const QJsonValue value = root.value(key);
            if (key == QLatin1String("name"))
                plan.name = requiredText(value, key);
            else if (key == QLatin1String("version"))
                readVersion(value);
            else if (key == QLatin1String("notes"))
                plan.notes = text(value, key);
            else if (key == QLatin1String("workload"))
                readWorkload(value, plan);
            else if (key == QLatin1String("scenarios"))
                readScenarios(value, plan);
            else if (key == QLatin1String("breakeven"))
                readBreakEvens(value, plan);
            else if (key == QLatin1String("uncertainty"))
                readUncertainty(value, plan);
            else if (key == QLatin1String("correlations"))
                readCorrelations(value, plan);
            else
                readActuals(value, plan);
        }
        for (auto it = root.begin(); it != root.end(); ++it) {
            if (std::none_of(std::begin(kSections), std::end(kSections),
                             [&](const char *section) { return it.key() == QLatin1String(section); }))
                problem(it.key(), QStringLiteral("unknown key"));
        }
        checkStepsWithinHorizon(plan);
        checkHybridNames();
        checkBreakEvenNames(plan);
        if (plan.actuals && !plan.actuals->scenario.isEmpty() && !m_scenarioIndex.contains(plan.actuals->scenario))
            problem(QStringLiteral("actuals.scenario"),
                    QStringLiteral("no scenario is named %1").arg(quoted(plan.actuals->scenario)));

        if (!m_problems.isEmpty())
            return Error{m_problems.size() == 1
                             ? QStringLiteral("the plan is not valid (1 problem)")
                             : QStringLiteral("the plan is not valid (%1 problems)").arg(m_problems.size()),
                         m_problems};
        return plan;
    }

private:
    void problem(const QString &path, const QString &what) { m_problems << path + QStringLiteral(": ") + what; }

    /// A control character in `text` (NUL, ESC, DEL, C1 like U+009B; line breaks and tabs unless allowed), or an
    /// invisible one (zero-width, bidirectional overrides, U+FEFF: catalog::import::isInvisibleFormat), as
    /// "U+0000 at character 2"; empty when there is none. Such characters hide text in tables, reports and
    /// terminals, so a plan never carries them.
    static QString controlCharacter(const QString &text, bool allowLineBreaks)
    {
        for (qsizetype i = 0; i < text.size(); ++i) {
            const char16_t c = text.at(i).unicode();
            const bool lineBreak = c == u'\n' || c == u'\t' || c == u'\r';
            if ((c < 0x20 && !(allowLineBreaks && lineBreak)) || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029 ||
                catalog::import::isInvisibleFormat(c))
                return QStringLiteral("U+%1 at character %2")
                    .arg(QString::number(c, 16).toUpper().rightJustified(4, QLatin1Char('0')))
                    .arg(i + 1);
        }
        return {};
    }

    QString text(const QJsonValue &value, const QString &path)
    {
        if (!value.isString()) {
            problem(path, QStringLiteral("must be a text"));
            return {};
        }
        if (const QString bad = controlCharacter(value.toString(), true); !bad.isEmpty()) {
            problem(path, QStringLiteral("must not contain control characters (%1)").arg(bad));
            return {};
        }
        return value.toString();
    }

    QString requiredText(const QJsonValue &value, const QString &path)
    {
        if (!value.isString() || value.toString().trimmed().isEmpty()) {
            problem(path, QStringLiteral("must be a non-empty text"));
            return {};
        }
        if (const QString bad = controlCharacter(value.toString(), false); !bad.isEmpty()) {
            problem(path, QStringLiteral("must be one line of text without control characters (%1)").arg(bad));
            return {};
        }
        return value.toString();
    }

    void readVersion(const QJsonValue &value)
    {
        // Version-2 keys are read whatever the file says (model.md §10.10, clarification 1).
        if (!value.isDouble() || value.toDouble() < 1 || value.toDouble() > kPlanFormatVersion ||
            value.toDouble() != std::floor(value.toDouble()))
            problem(QStringLiteral("version"),
                    QStringLiteral("must be 1 or %1 (a newer mltco wrote this plan?)").arg(kPlanFormatVersion));
    }

    /// A Number, Integer, Boolean or Choice parameter; nullopt (and a problem) when not allowed.
    std::optional<double> parameter(const QJsonValue &value, const QString &path, const ParameterInfo &info)
    {
        if (info.type == ParamType::Boolean) {
            if (value.isBool())
                return value.toBool() ? 1.0 : 0.0;
        } else if (info.type == ParamType::Choice) {
            const qsizetype index = parameterChoices(info.id).indexOf(value.toString());
            if (value.isString() && index >= 0)
                return static_cast<double>(index);
        } else if (value.isDouble() && isAllowedValue(info, value.toDouble())) {
            return value.toDouble();
        }
        problem(path, QStringLiteral("must be ") + allowedValues(info));
        return std::nullopt;
    }

    /// A list of [a, b] number pairs (bulk tiers, demand steps): each pair's shape and ranges checked by `fits`
    /// (refused with `shape`), then handed to `take`, which may refuse it with a problem of its own. False
    /// when anything was refused.
    template<typename Fits, typename Take>
    bool numberPairs(const QJsonValue &value, const QString &path, const ParameterInfo &info, Fits fits,
                     const QString &shape, Take take)
    {
        if (!value.isArray()) {
            problem(path, QStringLiteral("must be ") + allowedValues(info));
            return false;
        }
        bool ok = true;
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString itemPath = QStringLiteral("%1[%2]").arg(path).arg(i);
            const QJsonArray pair = array.at(i).toArray();
            const bool valid = array.at(i).isArray() && pair.size() == 2 && pair.at(0).isDouble() &&
                               pair.at(1).isDouble() && fits(pair.at(0).toDouble(), pair.at(1).toDouble());
            if (!valid) {
                problem(itemPath, shape);
                ok = false;
            } else if (!take(i, pair.at(0).toDouble(), pair.at(1).toDouble(), itemPath)) {
                ok = false;
            }
        }
        return ok;
    }

    std::optional<std::vector<BulkTier>> tiers(const QJsonValue &value, const QString &path)
    {
        const ParameterInfo &info = parameterInfo(ParamId::BulkDiscounts);
        const ParameterInfo &servers = parameterInfo(ParamId::Servers);
        std::vector<BulkTier> result;
        QHash<int, qsizetype> seen;
        const bool ok = numberPairs(
            value, path, info,
            [&](double count, double fraction) {
                return count >= 1 && isAllowedValue(servers, count) && isAllowedValue(info, fraction);
            },
            QStringLiteral("must be [min_servers, fraction] with min_servers an integer from 1 to %1 and fraction a "
                           "number from 0 to %2")
                .arg(servers.max, 0, 'g', 15)
                .arg(info.max, 0, 'g', 15),
            [&](qsizetype i, double count, double fraction, const QString &itemPath) {
                const BulkTier tier{static_cast<int>(count), fraction};
                if (seen.contains(tier.minServers)) {
                    problem(itemPath, QStringLiteral("min_servers %1 is already the threshold of %2[%3]")
                                          .arg(tier.minServers)
                                          .arg(path)
                                          .arg(seen.value(tier.minServers)));
                    return false;
                }
                seen.insert(tier.minServers, i);
                result.push_back(tier);
                return true;
            });
        if (!ok)
            return std::nullopt;
        return result;
    }

    std::optional<std::vector<DemandStep>> demandSteps(const QJsonValue &value, const QString &path)
    {
        const ParameterInfo &info = parameterInfo(ParamId::DemandSteps);
        const ParameterInfo &horizon = parameterInfo(ParamId::HorizonMonths);
        std::vector<DemandStep> steps;
        const bool ok = numberPairs(
            value, path, info,
            [&](double month, double hours) { return isAllowedValue(horizon, month) && hours >= 0 && hours <= info.max; },
            QStringLiteral("must be [month, gpu_hours] with month an integer from 1 to %1 and gpu_hours a number from "
                           "0 to %2")
                .arg(horizon.max, 0, 'g', 15)
                .arg(info.max, 0, 'g', 15),
            [&](qsizetype, double month, double hours, const QString &itemPath) {
                const DemandStep step{static_cast<int>(month), hours};
                if (!steps.empty() && step.month <= steps.back().month) {
                    problem(itemPath, QStringLiteral("month %1 must come after month %2 of the step before")
                                          .arg(step.month)
                                          .arg(steps.back().month));
                    return false;
                }
                steps.push_back(step);
                return true;
            });
        if (!ok)
            return std::nullopt;
        return steps;
    }

    QMap<QString, QString> assumptions(const QJsonValue &value, const QString &path,
                                       std::optional<ScenarioKind> kind, bool workload)
    {
        QMap<QString, QString> result;
        if (!value.isObject()) {
            problem(path, QStringLiteral("must be an object of parameter: text"));
            return result;
        }
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString itemPath = path + QLatin1Char('.') + it.key();
            const ParameterInfo *info = parameterByKey(it.key());
            bool known = false;
            if (workload)
                known = info && info->kinds == 0;
            else if (it.key() == QLatin1String("instance"))
                known = !kind || (*kind != ScenarioKind::Purchase && *kind != ScenarioKind::Hybrid);
            else
                known = info && info->kinds != 0 && (!kind || (info->kinds & kindBit(*kind)));
            if (!known) {
                problem(itemPath, kind && !workload ? QStringLiteral("not a parameter of ") + aScenarioOfKind(*kind)
                                                    : QStringLiteral("unknown key"));
                continue;
            }
            result.insert(it.key(), text(it.value(), itemPath));
        }
        return result;
    }

    void readWorkload(const QJsonValue &value, Plan &plan)
    {
        const QString path = QStringLiteral("workload");
        if (!value.isObject()) {
            problem(path, QStringLiteral("must be an object"));
            return;
        }
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString itemPath = path + QLatin1Char('.') + it.key();
            if (it.key() == QLatin1String("notes")) {
                plan.workloadNotes = text(it.value(), itemPath);
                continue;
            }
            if (it.key() == QLatin1String("assumptions")) {
                plan.workloadAssumptions = assumptions(it.value(), itemPath, std::nullopt, true);
                continue;
            }
            const ParameterInfo *info = parameterByKey(it.key());
            if (!info || info->kinds != 0) {
                problem(itemPath, info ? QStringLiteral("a scenario parameter; give it in a scenario")
                                       : QStringLiteral("unknown key"));
                continue;
            }
            if (info->type == ParamType::Steps) {
                if (auto steps = demandSteps(it.value(), itemPath)) {
                    plan.workload.demandSteps = std::move(*steps);
                    setGiven(plan.workloadGiven, info->id);
                }
                continue;
            }
            if (const auto v = parameter(it.value(), itemPath, *info)) {
                setParameterValue(plan.workload, info->id, *v);
                setGiven(plan.workloadGiven, info->id);
            }
        }
    }

    void readScenarios(const QJsonValue &value, Plan &plan)
    {
        if (m_readAhead) { // read in parts by readInParts(), which left an empty list in the text it gave read()
            plan.scenarios = std::move(*m_readAhead);
            m_readAhead = nullptr;
            return;
        }
        if (!value.isArray()) {
            problem(QStringLiteral("scenarios"), QStringLiteral("must be a list of scenarios"));
            return;
        }
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i)
            readScenario(array.at(i), QStringLiteral("scenarios[%1]").arg(i), plan);
    }

    void readScenario(const QJsonValue &value, const QString &path, Plan &plan)
    {
        if (!value.isObject()) {
            problem(path, QStringLiteral("must be an object"));
            return;
        }
        const QJsonObject object = value.toObject();
        const auto at = [&](const QString &key) -> QString { return path + QLatin1Char('.') + key; };

        std::optional<ScenarioKind> kind;
        if (const QJsonValue kindValue = object.value(QLatin1String("kind")); kindValue.isUndefined()) {
            problem(at(QStringLiteral("kind")), QStringLiteral("missing; must be one of ") + kindList());
        } else {
            kind = scenarioKindFromKey(kindValue.toString());
            if (!kind)
                problem(at(QStringLiteral("kind")), QStringLiteral("must be one of ") + kindList());
        }

        PlanScenario scenario;
        scenario.scenario = defaultScenario(kind.value_or(ScenarioKind::Dedicated));
        // Which keys are there, noted on the way through (a search of the object for each costs more).
        bool hasName = false, hasRate = false, hasInstance = false, hasBase = false, hasBurst = false;
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString key = it.key();
            hasName = hasName || key == QLatin1String("name");
            hasRate = hasRate || key == QLatin1String("rate_per_hour");
            hasInstance = hasInstance || key == QLatin1String("instance");
            hasBase = hasBase || key == QLatin1String("base");
            hasBurst = hasBurst || key == QLatin1String("burst");
        }
        if (!hasName)
            problem(at(QStringLiteral("name")), QStringLiteral("missing"));

        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString key = it.key();
            if (key == QLatin1String("kind"))
                continue;
            const QString itemPath = at(key);
            if (key == QLatin1String("name")) {
                scenario.name = requiredText(it.value(), itemPath);
                if (!scenario.name.isEmpty()) {
                    if (const auto first = m_scenarioIndex.constFind(scenario.name); first != m_scenarioIndex.cend())
                        problem(itemPath, QStringLiteral("%1 is already the name of scenarios[%2]")
                                              .arg(quoted(scenario.name))
                                              .arg(*first));
                    else
                        m_scenarioIndex.insert(scenario.name, m_scenarioCount);
                }
            } else if (key == QLatin1String("notes")) {
                scenario.notes = text(it.value(), itemPath);
            } else if (key == QLatin1String("assumptions")) {
                scenario.assumptions = assumptions(it.value(), itemPath, kind, false);
            } else if (key == QLatin1String("instance")) {
                if (kind == ScenarioKind::Purchase || kind == ScenarioKind::Hybrid)
                    problem(itemPath, QStringLiteral("a %1 scenario has no cloud instance").arg(scenarioKindKey(*kind)));
                else
                    scenario.instance = instance(it.value(), itemPath);
            } else {
                readScenarioParameter(key, it.value(), itemPath, kind, scenario);
            }
        }

        if (kind && *kind == ScenarioKind::Hybrid) {
            if (!hasBase)
                problem(at(QStringLiteral("base")), QStringLiteral("missing; must name a scenario of the plan"));
            if (!hasBurst)
                problem(at(QStringLiteral("burst")), QStringLiteral("missing; must name a scenario of the plan"));
        }
        if (kind && *kind != ScenarioKind::Purchase && *kind != ScenarioKind::Hybrid && !hasRate && !hasInstance)
            problem(at(QStringLiteral("rate_per_hour")),
                    QStringLiteral("missing; give it, or name a catalog \"instance\" to take it from"));

        if (kind && !scenario.name.isEmpty() && !m_kinds.contains(scenario.name))
            m_kinds.insert(scenario.name, *kind); // a repeated name (reported) refers to its first scenario
        ++m_scenarioCount;
        plan.scenarios << std::move(scenario);
    }

    void readScenarioParameter(const QString &key, const QJsonValue &value, const QString &path,
                               std::optional<ScenarioKind> kind, PlanScenario &scenario)
    {
        const ParameterInfo *info = parameterByKey(key);
        if (!info) {
            problem(path, QStringLiteral("unknown key"));
            return;
        }
        if (info->kinds == 0) {
            problem(path, QStringLiteral("a workload field; give it in \"workload\""));
            return;
        }
        if (!kind)
            return; // the kind is wrong or missing (reported): which parameters belong is unknown
        if (!(info->kinds & kindBit(*kind))) {
            problem(path, QStringLiteral("not a parameter of ") + aScenarioOfKind(*kind));
            return;
        }
        if (info->type == ParamType::Tiers) {
            if (auto list = tiers(value, path)) {
                std::get<PurchaseScenario>(scenario.scenario).bulkDiscounts = std::move(*list);
                setGiven(scenario.given, info->id);
            }
            return;
        }
        if (info->type == ParamType::ScenarioName) {
            auto &hybrid = std::get<HybridScenario>(scenario.scenario);
            const QString name = requiredText(value, path);
            (info->id == ParamId::Base ? hybrid.base : hybrid.burst) = name;
            if (!name.isEmpty()) {
                setGiven(scenario.given, info->id);
                m_hybridRefs.append({path, name, info->id == ParamId::Base, m_scenarioCount});
            }
            return;
        }
        if (const auto v = parameter(value, path, *info)) {
            setParameterValue(scenario.scenario, info->id, *v);
            setGiven(scenario.given, info->id);
        }
    }

    std::optional<InstanceRef> instance(const QJsonValue &value, const QString &path)
    {
        if (!value.isObject()) {
            problem(path, QStringLiteral("must be an object with provider, name, pricing and (optionally) region and as_of"));
            return std::nullopt;
        }
        const QJsonObject object = value.toObject();
        InstanceRef ref;
        const int before = static_cast<int>(m_problems.size());
        for (const char *required : {"provider", "name", "pricing"}) {
            if (!object.contains(QLatin1String(required)))
                problem(path + QLatin1Char('.') + QLatin1String(required), QStringLiteral("missing"));
        }
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString itemPath = path + QLatin1Char('.') + it.key();
            if (it.key() == QLatin1String("provider")) {
                ref.provider = requiredText(it.value(), itemPath);
            } else if (it.key() == QLatin1String("name")) {
                ref.name = requiredText(it.value(), itemPath);
            } else if (it.key() == QLatin1String("region")) {
                ref.region = text(it.value(), itemPath); // empty: the provider prices it without regions
            } else if (it.key() == QLatin1String("pricing")) {
                ref.pricing = it.value().toString();
                if (!it.value().isString() || !catalog::pricingModelFromKey(ref.pricing))
                    problem(itemPath,
                            QStringLiteral("must be one of ") + catalog::pricingModelKeys().join(QStringLiteral(", ")));
            } else if (it.key() == QLatin1String("as_of")) {
                ref.asOf = QDate::fromString(it.value().toString(), Qt::ISODate);
                if (!it.value().isString() || !ref.asOf.isValid())
                    problem(itemPath, QStringLiteral("must be a date like 2025-01-28"));
            } else {
                problem(itemPath, QStringLiteral("unknown key"));
            }
        }
        if (m_problems.size() != before)
            return std::nullopt;
        return ref;
    }

    void readBreakEvens(const QJsonValue &value, Plan &plan)
    {
        if (!value.isArray()) {
            problem(QStringLiteral("breakeven"), QStringLiteral("must be a list"));
            return;
        }
        const QJsonArray array = value.toArray();
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString path = QStringLiteral("breakeven[%1]").arg(i);
            if (!array.at(i).isObject()) {
                problem(path, QStringLiteral("must be an object"));
                continue;
            }
            const QJsonObject object = array.at(i).toObject();
            BreakEvenRequest request;
            for (const char *required : {"purchase", "cloud"}) {
                if (!object.contains(QLatin1String(required)))
                    problem(path + QLatin1Char('.') + QLatin1String(required), QStringLiteral("missing"));
            }
            for (auto it = object.begin(); it != object.end(); ++it) {
                const QString itemPath = path + QLatin1Char('.') + it.key();
                if (it.key() == QLatin1String("purchase")) {
                    request.purchase = requiredText(it.value(), itemPath);
                } else if (it.key() == QLatin1String("cloud")) {
                    request.cloud = requiredText(it.value(), itemPath);
                } else if (it.key() == QLatin1String("max_servers")) {
                    const double v = it.value().toDouble(-1);
                    if (!it.value().isDouble() || v < 1 || v > kMaxBreakEvenServers || v != std::floor(v))
                        problem(itemPath, QStringLiteral("must be an integer from 1 to %1").arg(kMaxBreakEvenServers));
                    else
                        request.maxServers = static_cast<int>(v);
                } else if (it.key() == QLatin1String("basis")) {
                    const auto basis = breakEvenBasisFromKey(it.value().toString());
                    if (!it.value().isString() || !basis)
                        problem(itemPath, QStringLiteral("must be capacity or count"));
                    else
                        request.basis = *basis;
                } else if (it.key() == QLatin1String("notes")) {
                    request.notes = text(it.value(), itemPath);
                } else {
                    problem(itemPath, QStringLiteral("unknown key"));
                }
            }
            plan.breakeven << request;
        }
    }

    // model.md §10.9: [{"target", "parameter", "distribution", "low", "mode", "high" | "median", "p90"}].
    void readUncertainty(const QJsonValue &value, Plan &plan)
    {
        if (!value.isArray()) {
            problem(QStringLiteral("uncertainty"), QStringLiteral("must be a list"));
            return;
        }
        const QJsonArray array = value.toArray();
        QSet<QString> seen;
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString path = QStringLiteral("uncertainty[%1]").arg(i);
            // Every entry keeps its place, so correlations' positions stay right even when one is refused.
            Uncertainty entry;
            const int before = static_cast<int>(m_problems.size());
            if (!array.at(i).isObject()) {
                problem(path, QStringLiteral("must be an object"));
                plan.uncertainty << entry;
                continue;
            }
            const QJsonObject object = array.at(i).toObject();
            for (const char *required : {"target", "parameter", "distribution"}) {
                if (!object.contains(QLatin1String(required)))
                    problem(path + QLatin1Char('.') + QLatin1String(required), QStringLiteral("missing"));
            }
            const ParameterInfo *info = nullptr;
            std::optional<ScenarioKind> kind;
            if (object.contains(QStringLiteral("target"))) {
                entry.target = requiredText(object.value(QStringLiteral("target")), path + QStringLiteral(".target"));
                if (!entry.target.isEmpty() && !entry.targetsWorkload()) {
                    if (!m_scenarioIndex.contains(entry.target))
                        problem(path + QStringLiteral(".target"),
                                QStringLiteral("must be \"workload\" or the name of a scenario; no scenario is named %1")
                                    .arg(quoted(entry.target)));
                    else if (m_kinds.contains(entry.target))
                        kind = m_kinds.value(entry.target);
                }
            }
            if (object.contains(QStringLiteral("parameter"))) {
                const QString itemPath = path + QStringLiteral(".parameter");
                const QString key = requiredText(object.value(QStringLiteral("parameter")), itemPath);
                info = key.isEmpty() ? nullptr : parameterByKey(key);
                if (!key.isEmpty() && (!info || (info->type != ParamType::Number && info->type != ParamType::Integer))) {
                    problem(itemPath, QStringLiteral("%1 is not a numeric parameter").arg(quoted(key)));
                    info = nullptr;
                } else if (info && entry.targetsWorkload() &&
                           (!isWorkloadParameter(info->id) || info->id == ParamId::HorizonMonths)) {
                    problem(itemPath, QStringLiteral("%1 is not a workload parameter that can vary (not horizon_months)")
                                          .arg(quoted(key)));
                    info = nullptr;
                } else if (info && kind && !usesParameter(*kind, info->id)) {
                    problem(itemPath, QStringLiteral("a %1 scenario has no parameter %2")
                                          .arg(scenarioKindKey(*kind), quoted(key)));
                    info = nullptr;
                }
                if (info)
                    entry.parameter = info->id;
            }
            if (object.contains(QStringLiteral("distribution"))) {
                const auto d = distributionFromKey(object.value(QStringLiteral("distribution")).toString());
                if (!d)
                    problem(path + QStringLiteral(".distribution"),
                            QStringLiteral("must be triangular, pert, uniform or lognormal"));
                else
                    entry.distribution = *d;
            }
            const bool lognormal = entry.distribution == DistributionKind::Lognormal;
            const bool withMode = entry.distribution == DistributionKind::Triangular ||
                                  entry.distribution == DistributionKind::Pert;
            QStringList needed = lognormal ? QStringList{QStringLiteral("median"), QStringLiteral("p90")}
                                           : QStringList{QStringLiteral("low"), QStringLiteral("high")};
            if (withMode)
                needed.insert(1, QStringLiteral("mode"));
            QHash<QString, double> values;
            for (auto it = object.begin(); it != object.end(); ++it) {
                const QString itemPath = path + QLatin1Char('.') + it.key();
                if (it.key() == QLatin1String("target") || it.key() == QLatin1String("parameter") ||
                    it.key() == QLatin1String("distribution"))
                    continue;
                if (it.key() == QLatin1String("notes")) {
                    entry.notes = text(it.value(), itemPath);
                } else if (needed.contains(it.key())) {
                    if (!it.value().isDouble() || !std::isfinite(it.value().toDouble()))
                        problem(itemPath, QStringLiteral("must be a number"));
                    else
                        values.insert(it.key(), it.value().toDouble());
                } else if (QStringList{QStringLiteral("low"), QStringLiteral("mode"), QStringLiteral("high"),
                                       QStringLiteral("median"), QStringLiteral("p90")}
                               .contains(it.key())) {
                    problem(itemPath, QStringLiteral("is not used by a %1 distribution (it takes %2)")
                                          .arg(distributionKey(entry.distribution), needed.join(QStringLiteral(", "))));
                } else {
                    problem(itemPath, QStringLiteral("unknown key"));
                }
            }
            for (const QString &key : std::as_const(needed)) {
                if (!object.contains(key))
                    problem(path + QLatin1Char('.') + key, QStringLiteral("missing"));
            }
            if (values.size() == needed.size()) {
                entry.low = values.value(QStringLiteral("low"));
                entry.mode = values.value(QStringLiteral("mode"), entry.low);
                entry.high = values.value(QStringLiteral("high"));
                entry.median = values.value(QStringLiteral("median"));
                entry.p90 = values.value(QStringLiteral("p90"));
                if (lognormal) {
                    if (!(entry.median > 0) || !(entry.p90 > entry.median))
                        problem(path, QStringLiteral("needs 0 < median < p90 (median %1, p90 %2)")
                                          .arg(entry.median)
                                          .arg(entry.p90));
                } else if (!(entry.low < entry.high) || (withMode && (entry.mode < entry.low || entry.mode > entry.high))) {
                    problem(path, withMode ? QStringLiteral("needs low <= mode <= high and low < high (low %1, mode %2, high %3)")
                                                 .arg(entry.low)
                                                 .arg(entry.mode)
                                                 .arg(entry.high)
                                           : QStringLiteral("needs low < high (low %1, high %2)").arg(entry.low).arg(entry.high));
                }
                if (info && static_cast<int>(m_problems.size()) == before) {
                    // The distribution's range (a lognormal's median and P90; its tails are clipped to the parameter's
                    // range when sampled) must lie within the parameter's.
                    const auto [lo, hi] = lognormal ? std::pair{entry.median, entry.p90} : std::pair{entry.low, entry.high};
                    const bool below = info->minExclusive ? lo <= info->min : lo < info->min;
                    if (below || hi > info->max)
                        problem(path, QStringLiteral("%1 takes %2; the distribution reaches outside it")
                                          .arg(parameterKey(info->id), allowedValues(*info)));
                }
            }
            if (info && !entry.target.isEmpty() && static_cast<int>(m_problems.size()) == before) {
                const QString key = entry.target + QLatin1Char('\n') + parameterKey(entry.parameter);
                if (seen.contains(key))
                    problem(path, QStringLiteral("%1 of %2 is already uncertain in an earlier entry")
                                      .arg(parameterKey(entry.parameter), quoted(entry.target)));
                seen.insert(key);
            }
            plan.uncertainty << entry;
        }
    }

    void readCorrelations(const QJsonValue &value, Plan &plan)
    {
        if (!value.isArray()) {
            problem(QStringLiteral("correlations"), QStringLiteral("must be a list"));
            return;
        }
        const QJsonArray array = value.toArray();
        const int n = static_cast<int>(plan.uncertainty.size());
        const int before = static_cast<int>(m_problems.size());
        QSet<QPair<int, int>> pairs;
        for (qsizetype i = 0; i < array.size(); ++i) {
            const QString path = QStringLiteral("correlations[%1]").arg(i);
            if (!array.at(i).isObject()) {
                problem(path, QStringLiteral("must be an object"));
                continue;
            }
            const QJsonObject object = array.at(i).toObject();
            RankCorrelation c;
            bool ok = true;
            for (const char *key : {"a", "b", "rank"}) {
                const QString k = QLatin1String(key);
                const QJsonValue v = object.value(k);
                if (!object.contains(k)) {
                    problem(path + QLatin1Char('.') + k, QStringLiteral("missing"));
                    ok = false;
                } else if (k == QLatin1String("rank")) {
                    if (!v.isDouble() || !(v.toDouble() > -1) || !(v.toDouble() < 1)) {
                        problem(path + QStringLiteral(".rank"), QStringLiteral("must be a number greater than -1 and less than 1"));
                        ok = false;
                    } else {
                        c.rank = v.toDouble();
                    }
                } else {
                    const double d = v.toDouble(-1);
                    if (!v.isDouble() || d < 0 || d >= n || d != std::floor(d)) {
                        problem(path + QLatin1Char('.') + k,
                                n == 0 ? QStringLiteral("there is no uncertainty entry to correlate")
                                       : QStringLiteral("must be the position of an uncertainty entry, 0 to %1").arg(n - 1));
                        ok = false;
                    } else {
                        (k == QLatin1String("a") ? c.a : c.b) = static_cast<int>(d);
                    }
                }
            }
            for (auto it = object.begin(); it != object.end(); ++it) {
                if (it.key() != QLatin1String("a") && it.key() != QLatin1String("b") && it.key() != QLatin1String("rank"))
                    problem(path + QLatin1Char('.') + it.key(), QStringLiteral("unknown key"));
            }
            if (!ok)
                continue;
            if (c.a == c.b) {
                problem(path, QStringLiteral("a and b must be two different entries"));
                continue;
            }
            const QPair<int, int> key{std::min(c.a, c.b), std::max(c.a, c.b)};
            if (pairs.contains(key)) {
                problem(path, QStringLiteral("entries %1 and %2 are already correlated").arg(key.first).arg(key.second));
                continue;
            }
            pairs.insert(key);
            plan.correlations << c;
        }
        if (static_cast<int>(m_problems.size()) == before && !plan.correlations.isEmpty() &&
            !targetCorrelationMatrix(plan.correlations, n))
            problem(QStringLiteral("correlations"),
                    QStringLiteral("these correlations contradict each other (no set of inputs can have them all: the "
                                   "correlation matrix is not positive definite)"));
    }

    void checkStepsWithinHorizon(const Plan &plan)
    {
        const auto &steps = plan.workload.demandSteps;
        for (std::size_t i = 0; i < steps.size(); ++i) {
            if (steps[i].month > plan.workload.horizonMonths)
                problem(QStringLiteral("workload.demand_steps[%1]").arg(i),
                        QStringLiteral("month %1 is after the horizon (%2 months)")
                            .arg(steps[i].month)
                            .arg(plan.workload.horizonMonths));
        }
    }

    // A hybrid's base must be a dedicated, cluster or purchase scenario, its burst an elastic one; never a
    // hybrid, never itself (model.md §10.6).
    void checkHybridNames()
    {
        for (const HybridRef &ref : std::as_const(m_hybridRefs)) {
            const auto index = m_scenarioIndex.constFind(ref.name);
            if (index == m_scenarioIndex.cend()) {
                problem(ref.path, QStringLiteral("no scenario is named %1").arg(quoted(ref.name)));
                continue;
            }
            if (*index == ref.scenario) {
                problem(ref.path, QStringLiteral("a hybrid cannot name itself"));
                continue;
            }
            const auto kind = m_kinds.constFind(ref.name);
            if (kind == m_kinds.cend())
                continue; // that scenario's kind is wrong: already reported
            const bool ok = ref.base ? (kindBit(*kind) & kBaseKinds) != 0 : *kind == ScenarioKind::Elastic;
            if (!ok)
                problem(ref.path, QStringLiteral("%1 is a scenario of kind %2; must name %3")
                                      .arg(quoted(ref.name), scenarioKindKey(*kind),
                                           ref.base ? QStringLiteral("a dedicated, cluster or purchase scenario")
                                                    : QStringLiteral("an elastic scenario")));
        }
    }

    /// "actuals": {"scenario": NAME, "start": "YYYY-MM"}: the scenario held against imported bills.
    void readActuals(const QJsonValue &value, Plan &plan)
    {
        if (!value.isObject()) {
            problem(QStringLiteral("actuals"), QStringLiteral("must be an object"));
            return;
        }
        const QJsonObject object = value.toObject();
        ActualsLink link;
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString path = QStringLiteral("actuals.") + it.key();
            if (it.key() == QLatin1String("scenario")) {
                link.scenario = requiredText(it.value(), path);
            } else if (it.key() == QLatin1String("start")) {
                static const QRegularExpression month(QStringLiteral("^(19|[2-9][0-9])[0-9]{2}-(0[1-9]|1[0-2])$"));
                link.start = it.value().toString();
                if (!it.value().isString() || !month.match(link.start).hasMatch())
                    problem(path, QStringLiteral("must be a month written YYYY-MM (e.g. \"2026-01\")"));
            } else {
                problem(path, QStringLiteral("unknown key"));
            }
        }
        if (!object.contains(QStringLiteral("scenario")))
            problem(QStringLiteral("actuals.scenario"), QStringLiteral("missing"));
        plan.actuals = link;
    }

    void checkBreakEvenNames(const Plan &plan)
    {
        for (qsizetype i = 0; i < plan.breakeven.size(); ++i) {
            const BreakEvenRequest &request = plan.breakeven.at(i);
            const QString path = QStringLiteral("breakeven[%1]").arg(i);
            if (checkReference(path + QStringLiteral(".purchase"), request.purchase, false)) {
                // The request chooses the purchase's size or sweeps it (model.md §10.10, clarification 7).
                const PlanScenario *purchase = plan.scenario(request.purchase);
                const auto *p = purchase ? std::get_if<PurchaseScenario>(&purchase->scenario) : nullptr;
                if (p && p->expansion == Expansion::ToDemand)
                    problem(path + QStringLiteral(".purchase"),
                            QStringLiteral("%1 expands to demand; a break-even needs a fixed number of servers")
                                .arg(quoted(request.purchase)));
                else if (p && p->servers == 0)
                    problem(path + QStringLiteral(".purchase"),
                            QStringLiteral("%1 has 0 servers; a break-even needs at least one").arg(quoted(request.purchase)));
            }
            checkReference(path + QStringLiteral(".cloud"), request.cloud, true);
        }
    }

    bool checkReference(const QString &path, const QString &name, bool cloudSide)
    {
        if (name.isEmpty())
            return false; // missing or not a text: already reported
        if (!m_scenarioIndex.contains(name)) {
            problem(path, QStringLiteral("no scenario is named %1").arg(quoted(name)));
            return false;
        }
        const auto kind = m_kinds.constFind(name);
        if (kind == m_kinds.cend())
            return false; // that scenario's kind is wrong: already reported
        const bool ok = cloudSide ? (*kind == ScenarioKind::Dedicated || *kind == ScenarioKind::Cluster ||
                                     *kind == ScenarioKind::Elastic)
                                  : *kind == ScenarioKind::Purchase;
        if (!ok)
            problem(path, QStringLiteral("%1 is a scenario of kind %2; must name %3")
                              .arg(quoted(name), scenarioKindKey(*kind),
                                   cloudSide ? QStringLiteral("a dedicated, cluster or elastic scenario")
                                             : QStringLiteral("a purchase scenario")));
        return ok;
    }

    struct HybridRef final
    {
        QString path;
        QString name;
        bool base = true;
        int scenario = 0; ///< index of the hybrid
    };

    QStringList m_problems;
    QList<HybridRef> m_hybridRefs;
    QHash<QString, int> m_scenarioIndex; ///< name -> index of the first scenario with it
    QHash<QString, ScenarioKind> m_kinds;
    int m_scenarioCount = 0;
    QList<PlanScenario> *m_readAhead = nullptr; ///< the scenarios, when readInParts() read them
};

} // namespace

Expected<Plan> planFromJson(const QJsonObject &object)
{
    return PlanReader().read(object);
}

Expected<Plan> readPlan(const QByteArray &json)
{
    // A large plan is read on every core when it can be; otherwise the keys given twice are looked for in the text
    // beside the parse (the two only read `json`).
    constexpr qsizetype kConcurrentFrom = 256 * 1024;
    if (json.size() >= kConcurrentFrom) {
        if (std::optional<Expected<Plan>> read = PlanReader::readInParts(json))
            return std::move(*read);
    }
    std::future<QStringList> duplicates;
    if (json.size() >= kConcurrentFrom)
        duplicates = std::async(std::launch::async, [&json] { return duplicateKeys(json); });
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    const QStringList twice = duplicates.valid() ? duplicates.get() : QStringList();
    if (parseError.error != QJsonParseError::NoError)
        return Error{QStringLiteral("the plan is not valid JSON near %1: %2")
                         .arg(position(json, parseError.offset), parseError.errorString()),
                     {}};
    if (!document.isObject())
        return Error{QStringLiteral("the plan must be a JSON object"), {}};
    return PlanReader().read(document.object(), duplicates.valid() ? twice : duplicateKeys(json));
}

} // namespace mltco::tco

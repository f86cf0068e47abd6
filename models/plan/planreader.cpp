#include "models/plan/planreader.h"

#include "models/plan/planreaderimpl.h"

namespace mltco::tco {
namespace planreading {

std::optional<Expected<Plan>> PlanReader::readInParts(const QByteArray &json)
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

Expected<Plan> PlanReader::read(const QJsonObject &root, const QStringList &earlier)
{
    m_problems = earlier;
    Plan plan;
    // Sections in a fixed order (QJsonObject sorts keys), so messages read top-down like a plan file.
    static const char *const kSections[] = {"name",        "version",      "currency", "fx_rates",
                                            "notes",       "workload",     "scenarios", "breakeven",
                                            "uncertainty", "correlations", "actuals",   "optimize"};
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
        else if (key == QLatin1String("currency"))
            readCurrency(value, plan);
        else if (key == QLatin1String("fx_rates"))
            readFxRates(value, plan);
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
        else if (key == QLatin1String("optimize"))
            readOptimize(value, plan);
        else
            readActuals(value, plan);
    }
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (std::none_of(std::begin(kSections), std::end(kSections),
                         [&](const char *section) { return it.key() == QLatin1String(section); }))
            problem(it.key(), QStringLiteral("unknown key"));
    }
    checkStepsWithinHorizon(plan);
    checkPurchaseSchedules(plan);
    checkHybridNames();
    checkBreakEvenNames(plan);
    checkOptimize(plan);
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

QString PlanReader::controlCharacter(const QString &text, bool allowLineBreaks)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text.at(i).unicode();
        const bool lineBreak = c == u'\n' || c == u'\t' || c == u'\r';
        if ((c < 0x20 && !(allowLineBreaks && lineBreak)) || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029 ||
            isInvisibleFormat(c))
            return QStringLiteral("U+%1 at character %2")
                .arg(QString::number(c, 16).toUpper().rightJustified(4, QLatin1Char('0')))
                .arg(i + 1);
    }
    return {};
}

QString PlanReader::text(const QJsonValue &value, const QString &path)
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

QString PlanReader::requiredText(const QJsonValue &value, const QString &path)
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

void PlanReader::readVersion(const QJsonValue &value)
{
    // Version-2 keys are read whatever the file says (model.md §10.10, clarification 1).
    if (!value.isDouble() || value.toDouble() < 1 || value.toDouble() > kPlanFormatVersion ||
        value.toDouble() != std::floor(value.toDouble()))
        problem(QStringLiteral("version"),
                QStringLiteral("must be 1 to %1 (a newer mltco wrote this plan?)").arg(kPlanFormatVersion));
}

std::optional<double> PlanReader::parameter(const QJsonValue &value, const QString &path, const ParameterInfo &info)
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

QMap<QString, QString> PlanReader::assumptions(const QJsonValue &value, const QString &path,
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
        const ParameterInfo *info = parameterByKey(it.key(), workload ? ParamScope::InWorkload : ParamScope::InScenario);
        bool known = false;
        if (workload)
            known = info && info->kinds == 0;
        else if (it.key() == QLatin1String("instance"))
            known = !kind || cloudInstance(defaultScenario(*kind)) != nullptr;
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

} // namespace planreading

namespace {

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

} // namespace

Expected<Plan> planFromJson(const QJsonObject &object)
{
    return planreading::PlanReader().read(object);
}

Expected<Plan> readPlan(const QByteArray &json)
{
    // A large plan is read on every core when it can be; otherwise the keys given twice are looked for in the text
    // beside the parse (the two only read `json`).
    constexpr qsizetype kConcurrentFrom = 256 * 1024;
    if (json.size() >= kConcurrentFrom) {
        if (std::optional<Expected<Plan>> read = planreading::PlanReader::readInParts(json))
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
    return planreading::PlanReader().read(document.object(), duplicates.valid() ? twice : duplicateKeys(json));
}

} // namespace mltco::tco

#include "models/tco/scenario.h"

#include <cmath>

#include <array>

namespace mltco::tco {

namespace {

constexpr std::array<const char *, kScenarioKindCount> kKindKeys = {"dedicated", "cluster", "elastic", "purchase",
                                                                         "hybrid",    "reserved", "mix"};

} // namespace

QString scenarioKindKey(ScenarioKind kind)
{
    return QString::fromLatin1(kKindKeys[static_cast<std::size_t>(kind)]);
}

std::optional<ScenarioKind> scenarioKindFromKey(const QString &key)
{
    for (std::size_t i = 0; i < kKindKeys.size(); ++i) {
        if (key == QLatin1String(kKindKeys[i]))
            return static_cast<ScenarioKind>(i);
    }
    return std::nullopt;
}

QStringList scenarioKindKeys()
{
    QStringList keys;
    for (const char *key : kKindKeys)
        keys << QString::fromLatin1(key);
    return keys;
}

ScenarioKind scenarioKind(const Scenario &scenario)
{
    return static_cast<ScenarioKind>(scenario.index());
}

Scenario defaultScenario(ScenarioKind kind)
{
    switch (kind) {
    case ScenarioKind::Dedicated:
        return DedicatedScenario{};
    case ScenarioKind::Cluster:
        return ClusterScenario{};
    case ScenarioKind::Elastic:
        return ElasticScenario{};
    case ScenarioKind::Purchase:
        return PurchaseScenario{};
    case ScenarioKind::Hybrid:
        return HybridScenario{};
    case ScenarioKind::Reserved:
        return ReservedScenario{};
    case ScenarioKind::Mix:
        break;
    }
    return MixScenario{};
}

const CloudInstance *cloudInstance(const Scenario &scenario)
{
    return std::visit(
        [](const auto &s) -> const CloudInstance * {
            using T = std::decay_t<decltype(s)>;
            if constexpr (std::is_same_v<T, PurchaseScenario> || std::is_same_v<T, HybridScenario> ||
                          std::is_same_v<T, MixScenario>)
                return nullptr;
            else
                return &s.instance;
        },
        scenario);
}

CloudInstance *cloudInstance(Scenario &scenario)
{
    return const_cast<CloudInstance *>(cloudInstance(std::as_const(scenario)));
}

double bulkDiscountFor(const std::vector<BulkTier> &tiers, int servers)
{
    // Tiers need not be sorted: the tier with the largest threshold that the count reaches applies.
    int bestMin = 0;
    double discount = 0.0;
    for (const BulkTier &tier : tiers) {
        if (tier.minServers <= servers && tier.minServers > bestMin) {
            bestMin = tier.minServers;
            discount = tier.fraction;
        }
    }
    return discount;
}

QString expansionKey(Expansion expansion)
{
    return expansion == Expansion::ToDemand ? QStringLiteral("to_demand") : QStringLiteral("none");
}

std::optional<Expansion> expansionFromKey(const QString &key)
{
    if (key == QLatin1String("none"))
        return Expansion::None;
    if (key == QLatin1String("to_demand"))
        return Expansion::ToDemand;
    return std::nullopt;
}

QString depreciationKey(Depreciation depreciation)
{
    return depreciation == Depreciation::Macrs5 ? QStringLiteral("macrs_5") : QStringLiteral("straight_line");
}

std::optional<Depreciation> depreciationFromKey(const QString &key)
{
    if (key == QLatin1String("straight_line"))
        return Depreciation::StraightLine;
    if (key == QLatin1String("macrs_5"))
        return Depreciation::Macrs5;
    return std::nullopt;
}

QString financingKey(Financing financing)
{
    switch (financing) {
    case Financing::Loan:
        return QStringLiteral("loan");
    case Financing::Lease:
        return QStringLiteral("lease");
    case Financing::Cash:
        break;
    }
    return QStringLiteral("cash");
}

std::optional<Financing> financingFromKey(const QString &key)
{
    for (Financing f : {Financing::Cash, Financing::Loan, Financing::Lease}) {
        if (key == financingKey(f))
            return f;
    }
    return std::nullopt;
}

double loanPaymentFactor(double monthlyRate, int months)
{
    if (months <= 0)
        return 1.0;
    if (monthlyRate == 0.0)
        return 1.0 / months;
    return monthlyRate / (1.0 - std::pow(1.0 + monthlyRate, -months));
}

} // namespace mltco::tco

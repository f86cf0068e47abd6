#pragma once

// The plan reader's own class, shared by its files (planreader*.cpp, one per part of a plan file). Not for use
// outside models/plan: readPlan() and planFromJson() (planreader.h) are the API.

#include "models/catalog/types.h"
#include "models/common/parallel.h"
#include "models/common/text.h"
#include "models/plan/jsonkeys.h"
#include "models/plan/planreader.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QJsonValue>
#include <QMap>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <future>
#include <optional>
#include <span>

namespace mltco::tco::planreading {

inline QString quoted(const QString &text)
{
    return QLatin1Char('"') + text + QLatin1Char('"');
}

// "a dedicated scenario", "an elastic scenario".
inline QString aScenarioOfKind(ScenarioKind kind)
{
    const QString key = scenarioKindKey(kind);
    return (kind == ScenarioKind::Elastic ? QStringLiteral("an ") : QStringLiteral("a ")) + key +
           QStringLiteral(" scenario");
}

inline QString kindList()
{
    return scenarioKindKeys().join(QStringLiteral(", "));
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
    static std::optional<Expected<Plan>> readInParts(const QByteArray &json);

    /// `earlier`: problems found before the object was built (keys given twice in the file).
    Expected<Plan> read(const QJsonObject &root, const QStringList &earlier = {});

private:
    void problem(const QString &path, const QString &what) { m_problems << path + QStringLiteral(": ") + what; }

    /// A control character in `text` (NUL, ESC, DEL, C1 like U+009B; line breaks and tabs unless allowed), or an
    /// invisible one (zero-width, bidirectional overrides, U+FEFF: isInvisibleFormat), as
    /// "U+0000 at character 2"; empty when there is none. Such characters hide text in tables, reports and
    /// terminals, so a plan never carries them.
    static QString controlCharacter(const QString &text, bool allowLineBreaks);
    QString text(const QJsonValue &value, const QString &path);
    QString requiredText(const QJsonValue &value, const QString &path);
    void readVersion(const QJsonValue &value);

    /// A Number, Integer, Boolean or Choice parameter; nullopt (and a problem) when not allowed.
    std::optional<double> parameter(const QJsonValue &value, const QString &path, const ParameterInfo &info);

    /// A list of [a, b] number pairs (bulk tiers, demand steps): each pair's shape and ranges checked by `fits`
    /// (refused with `shape`), then handed to `take`, which may refuse it with a problem of its own. False
    /// when anything was refused.
    template <typename Fits, typename Take>
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

    std::optional<std::vector<BulkTier>> tiers(const QJsonValue &value, const QString &path);
    std::optional<std::vector<ScheduledPurchase>> purchaseSchedule(const QJsonValue &value, const QString &path);
    /// A reserved scenario's terms, [[start_month, instances, term_months], ...] (model.md §11.2).
    std::optional<std::vector<ReservedTerm>> reservedTerms(const QJsonValue &value, const QString &path);
    /// A mix's layers: a non-empty list of names, each at most once (model.md §11.5, clarification 13).
    std::optional<QStringList> layerNames(const QJsonValue &value, const QString &path);
    /// A purchase schedule or lead time that cannot be (model.md §11.1, clarifications 3 and 6), with its path.
    void checkPurchaseSchedules(const Plan &plan);
    std::optional<std::vector<DemandStep>> demandSteps(const QJsonValue &value, const QString &path);
    QMap<QString, QString> assumptions(const QJsonValue &value, const QString &path, std::optional<ScenarioKind> kind,
                                       bool workload);
    void readWorkload(const QJsonValue &value, Plan &plan);
    void readScenarios(const QJsonValue &value, Plan &plan);
    void readScenario(const QJsonValue &value, const QString &path, Plan &plan);
    void readScenarioParameter(const QString &key, const QJsonValue &value, const QString &path,
                               std::optional<ScenarioKind> kind, PlanScenario &scenario);
    std::optional<InstanceRef> instance(const QJsonValue &value, const QString &path);
    void readBreakEvens(const QJsonValue &value, Plan &plan);

    // model.md §10.9: [{"target", "parameter", "distribution", "low", "mode", "high" | "median", "p90"}].
    void readUncertainty(const QJsonValue &value, Plan &plan);
    void readCorrelations(const QJsonValue &value, Plan &plan);
    void checkStepsWithinHorizon(const Plan &plan);

    // A hybrid's base and a mix's layers must be dedicated, cluster, purchase or reserved scenarios, a burst an elastic
    // one; never a hybrid or a mix, never itself (model.md §10.6, §11.3).
    void checkHybridNames();

    /// "actuals": {"scenario": NAME, "start": "YYYY-MM"}: the scenario held against imported bills.
    void readActuals(const QJsonValue &value, Plan &plan);
    void readCurrency(const QJsonValue &value, Plan &plan);
    /// model.md §11.4: the fleet optimizer's request; its names and epochs are checked by checkOptimize() once the
    /// scenarios and the horizon are known.
    void readOptimize(const QJsonValue &value, Plan &plan);
    std::optional<OptimizeFuture> optimizeFuture(const QJsonValue &value, const QString &path);
    void checkOptimize(const Plan &plan);
    void readFxRates(const QJsonValue &value, Plan &plan);
    void checkBreakEvenNames(const Plan &plan);
    bool checkReference(const QString &path, const QString &name, bool cloudSide);
    /// A name a hybrid or a mix gives: its base, a layer or its burst.
    enum class Role { Base, Layer, Burst };
    struct HybridRef final
    {
        QString path;
        QString name;
        Role role = Role::Base;
        int scenario = 0; ///< index of the hybrid or mix
    };
    QStringList m_problems;
    QList<HybridRef> m_hybridRefs;
    QHash<QString, int> m_scenarioIndex; ///< name -> index of the first scenario with it
    QHash<QString, ScenarioKind> m_kinds;
    int m_scenarioCount = 0;
    QList<PlanScenario> *m_readAhead = nullptr; ///< the scenarios, when readInParts() read them
};

} // namespace mltco::tco::planreading

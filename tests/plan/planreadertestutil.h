#pragma once
// What the plan reader's tests share: a plan around some scenarios, one scenario of each kind to break one piece at a
// time, and the check that a plan is refused with exactly one problem.
#include "models/plan/planreader.h"

#include <QString>
#include <QTest>

namespace mltco::test {

// A valid plan with the given scenarios (and further top-level keys in `extra`).
inline QByteArray plan(const QByteArray &scenarios, const QByteArray &extra = {})
{
    return R"({"name": "p", "scenarios": [)" + scenarios + "]" + extra + "}";
}

inline const QByteArray kDedicated = R"({"name": "d", "kind": "dedicated", "rate_per_hour": 1})";
inline const QByteArray kCluster = R"({"name": "c", "kind": "cluster", "rate_per_hour": 1})";
inline const QByteArray kElastic = R"({"name": "e", "kind": "elastic", "rate_per_hour": 1})";
inline const QByteArray kPurchase = R"({"name": "p", "kind": "purchase"})";

/// `json` is refused with `problem` as its only problem.
inline void refusedWithOneProblem(const QByteArray &json, const QString &problem)
{
    const Expected<tco::Plan> result = tco::readPlan(json);
    QVERIFY(!result);
    QCOMPARE(result.error().message, QStringLiteral("the plan is not valid (1 problem)"));
    QCOMPARE(result.error().details, QStringList{problem});
}

} // namespace mltco::test

#pragma once
// Comparing money figures worked by hand with the engine's: equal within a relative tolerance.

#include <QString>
#include <QTest>

#include <algorithm>
#include <cmath>

namespace mltco::test {

inline bool near(double actual, double expected, double tolerance = 1e-6)
{
    return std::abs(actual - expected) <= tolerance * std::max(1.0, std::abs(expected));
}

} // namespace mltco::test

/// QCOMPARE for figures within 1e-6 relative, printing both with six decimals when they differ.
#define QCOMPARE_NEAR(actual, expected)                                                                                \
    QVERIFY2(::mltco::test::near(double(actual), double(expected)),                                                    \
             qPrintable(QStringLiteral("%1 = %2, expected %3")                                                         \
                            .arg(QLatin1String(#actual))                                                               \
                            .arg(double(actual), 0, 'f', 6)                                                            \
                            .arg(double(expected), 0, 'f', 6)))

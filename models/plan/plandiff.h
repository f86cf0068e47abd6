#pragma once

#include <QByteArray>
#include <QStringList>

namespace mltco::tco {

/// What differs between two plans as their JSON says it (docs/plan-format.md), one line per value, keys in
/// alphabetical order: "workload › engineers: 5 here, 11 there". Scenarios and other named entries are named by their
/// name, not their position; a value only one side has says so ("scenario "Spot A100": only here"). At most `limit`
/// lines, the last saying how many more differ. For a stale save: what the other person changed against these edits.
QStringList planDifferences(const QByteArray &here, const QByteArray &there, int limit = 6,
                            const QString &hereWord = QStringLiteral("here"),
                            const QString &thereWord = QStringLiteral("there"));

} // namespace mltco::tco

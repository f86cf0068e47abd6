#pragma once

#include <QByteArray>
#include <QString>

namespace mltco {

/// A count with its words, singular or plural, the number grouped by thousands as the reports write it: "1 row has",
/// "218,456 rows have" (`one` and `many` may carry the verb that agrees with them).
QString countOf(qint64 n, QStringView one, QStringView many);

/// Appends the shortest text that reads back to the same double, exactly as QByteArray::number(value, 'g',
/// QLocale::FloatingPointShortest) writes it ("268000", "5e+05", "7.9908675799086755", "-0" as "0"), several times
/// faster: std::to_chars' shortest form is the same text for every finite value below 2^53 in magnitude (checked
/// against Qt over millions of values); larger and non-finite values are left to Qt.
void appendShortest(QByteArray &out, double value);

/// The same text written at `out`, which must have room for kMaxNumberText characters; returns its end.
inline constexpr int kMaxNumberText = 32;
char *writeShortest(char *out, double value);

/// Appends the shortest text in plain decimal notation that reads back to the same double ("500000", "0.0001",
/// "7.9908675799086755"; never "5e+05"): for exports a spreadsheet or a person reads. Magnitudes from 1e21 up, and
/// non-finite values, are written as appendShortest writes them.
void appendPlain(QByteArray &out, double value);

/// Appends an amount of money rounded to cents: "459000.00", "-45000.00", "0.00" (never "-0.00").
void appendCents(QByteArray &out, double value);

/// Appends a double as QJsonDocument writes it: a whole number up to 2^53 in magnitude as an integer ("1000000"),
/// any other finite value as appendShortest, a non-finite one as null.
void appendJsonNumber(QByteArray &out, double value);
char *writeJsonNumber(char *out, double value);

} // namespace mltco

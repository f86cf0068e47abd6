#include "models/common/numbertext.h"

#include <QLocale>

#include <charconv>
#include <algorithm>
#include <cmath>
#include <cstring>

namespace mltco {

namespace {

constexpr double kExactIntegers = 9007199254740992.0; // 2^53

} // namespace

QString countOf(qint64 n, QStringView one, QStringView many)
{
    static const QLocale english(QLocale::English, QLocale::UnitedStates);
    return english.toString(n) + QLatin1Char(' ') + (n == 1 ? one : many).toString();
}

char *writeShortest(char *out, double value)
{
    if (value == 0.0) {
        *out = '0'; // Qt writes -0 as 0
        return out + 1;
    }
    if (!(std::abs(value) < kExactIntegers)) {
        const QByteArray text = QByteArray::number(value, 'g', QLocale::FloatingPointShortest);
        std::memcpy(out, text.constData(), static_cast<std::size_t>(std::min<qsizetype>(text.size(), kMaxNumberText)));
        return out + std::min<qsizetype>(text.size(), kMaxNumberText);
    }
    return std::to_chars(out, out + kMaxNumberText, value).ptr;
}

char *writeJsonNumber(char *out, double value)
{
    if (!std::isfinite(value)) {
        std::memcpy(out, "null", 4);
        return out + 4;
    }
    if (std::abs(value) <= kExactIntegers && std::trunc(value) == value)
        return std::to_chars(out, out + kMaxNumberText, static_cast<long long>(value)).ptr;
    return writeShortest(out, value);
}

void appendShortest(QByteArray &out, double value)
{
    char buffer[kMaxNumberText];
    out.append(buffer, writeShortest(buffer, value) - buffer);
}

void appendPlain(QByteArray &out, double value)
{
    if (value == 0.0) {
        out += '0';
        return;
    }
    if (!(std::abs(value) < 1e21)) {
        appendShortest(out, value);
        return;
    }
    // Up to 21 digits before the point; a value so small that its zeros after the point do not fit is written as
    // appendShortest writes it (1e-40 has no plain form worth reading).
    char buffer[64];
    const std::to_chars_result r = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
    if (r.ec != std::errc())
        appendShortest(out, value);
    else
        out.append(buffer, r.ptr - buffer);
}

void appendCents(QByteArray &out, double value)
{
    if (!(std::abs(value) < 1e21)) {
        appendShortest(out, value);
        return;
    }
    char buffer[64];
    char *end = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 2).ptr;
    if (end - buffer == 5 && std::memcmp(buffer, "-0.00", 5) == 0) // a tiny negative rounds to no money at all
        out += "0.00";
    else
        out.append(buffer, end - buffer);
}

void appendJsonNumber(QByteArray &out, double value)
{
    char buffer[kMaxNumberText];
    out.append(buffer, writeJsonNumber(buffer, value) - buffer);
}

} // namespace mltco

#pragma once

#include <QByteArrayView>
#include <QString>

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace mltco {

/// Hands out one shared QString per distinct byte string, so a million rows naming the same provider,
/// instance type and region cost one allocation each rather than one per row.
class StringPool final
{
public:
    const QString &intern(QByteArrayView bytes);

private:
    struct Hash final
    {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
    };
    std::unordered_map<std::string, QString, Hash, std::equal_to<>> m_strings;
};

} // namespace mltco

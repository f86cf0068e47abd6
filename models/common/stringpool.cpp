#include "models/common/stringpool.h"

namespace mltco {

const QString &StringPool::intern(QByteArrayView bytes)
{
    const std::string_view key(bytes.data(), static_cast<std::size_t>(bytes.size()));
    auto it = m_strings.find(key);
    if (it == m_strings.end())
        it = m_strings.emplace(std::string(key), QString::fromUtf8(bytes)).first;
    return it->second;
}

} // namespace mltco

#include "models/common/progress.h"

namespace mltco {

ProgressReader::ProgressReader(QIODevice &in, ImportProgress &progress, std::function<bool()> stopped)
    : m_in(in), m_progress(progress), m_stopped(std::move(stopped))
{
}

qint64 ProgressReader::readData(char *data, qint64 maxSize)
{
    if (m_progress.isCancelled() || (m_stopped && m_stopped())) {
        setErrorString(m_progress.isCancelled() ? QStringLiteral("cancelled") : QStringLiteral("the import stopped"));
        return -1;
    }
    const qint64 n = m_in.read(data, maxSize);
    if (n > 0)
        m_progress.advance(n);
    else if (n < 0)
        setErrorString(m_in.errorString());
    return n;
}

} // namespace mltco

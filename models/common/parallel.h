#pragma once

#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

namespace mltco {

/// How many contiguous parts inContiguousParts() splits `count` items into: one per core, each at least
/// `minPerPart` items (fewer items run whole on the caller's thread, where starting a thread would cost more).
inline std::size_t contiguousPartCount(std::size_t count, std::size_t minPerPart)
{
    const std::size_t cores = std::max(1u, std::thread::hardware_concurrency());
    return std::clamp<std::size_t>(count / std::max<std::size_t>(1, minPerPart), 1, cores);
}

/// Runs work(part, begin, end) over [0, count) split into contiguousPartCount() contiguous ranges, in order of
/// `part`, on as many threads (the caller's runs the first). For work whose results are kept per item or per part
/// and used in order afterwards, so the answer never depends on how the items were shared out.
template<typename Work>
void inContiguousParts(std::size_t count, std::size_t minPerPart, const Work &work)
{
    const std::size_t parts = contiguousPartCount(count, minPerPart);
    if (parts <= 1) {
        work(std::size_t{0}, std::size_t{0}, count);
        return;
    }
    std::vector<std::thread> pool;
    pool.reserve(parts - 1);
    for (std::size_t p = 1; p < parts; ++p)
        pool.emplace_back([&work, p, parts, count] { work(p, count * p / parts, count * (p + 1) / parts); });
    work(std::size_t{0}, std::size_t{0}, count / parts);
    for (std::thread &thread : pool)
        thread.join();
}

} // namespace mltco

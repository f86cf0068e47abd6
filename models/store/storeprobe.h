#pragma once

#include "models/common/expected.h"

#include <QByteArray>

#include <chrono>

struct pg_conn;

namespace mltco::store {

/// Whether a team store answers, asked on a connection of the probe's own: what lets a window say "the team store is
/// unreachable — retrying" while its own connection is idle, and know when the store is back
/// (docs/data-safety.md, "A team store that stops answering").
///
/// check() makes one round trip (`SELECT 1`), connecting first when it has no working connection, and gives up at its
/// deadline whatever the link does: libpq is driven without blocking, so a link that forwards nothing (a frozen VPN,
/// a proxy that holds its sockets open) costs the deadline and no more. A probe is used by one thread at a time.
class StoreProbe final
{
public:
    /// `conninfo` as storeConninfo() gives it.
    explicit StoreProbe(QByteArray conninfo);
    ~StoreProbe();
    StoreProbe(const StoreProbe &) = delete;
    StoreProbe &operator=(const StoreProbe &) = delete;

    /// Ok when the store answered within `timeoutMs`; otherwise why not, in words ("no answer within 5 s",
    /// "connection refused"). A connection that failed is closed; the next check connects again.
    Status check(int timeoutMs);

private:
    Status checkOnce(std::chrono::steady_clock::time_point deadline, int timeoutMs);
    void drop();

    QByteArray m_conninfo;
    pg_conn *m_conn = nullptr;
};

/// How often a window asks: MLTCO_STORE_PROBE_SECONDS when set (1 to 600), else 5.
int storeProbeSeconds();
/// How long a check waits for the store's answer, connecting included: a busy server or a slow link answers within
/// it, a frozen link does not.
constexpr int kStoreProbeTimeoutMs = 5000;

} // namespace mltco::store

#pragma once

#include <QIODevice>

#include <atomic>
#include <functional>

namespace mltco {

/// Progress of a long import (prices or a bill), shared by the thread that runs it and the one that shows it.
class ImportProgress final
{
public:
    /// Reading: the file is read, checked and written as it goes (done and total count its bytes; rowsWritten
    /// the rows written so far). Finishing: the import is indexed and committed.
    enum class Stage { Reading, Finishing };

    void cancel() { m_cancelled = true; }
    bool isCancelled() const { return m_cancelled; }
    Stage stage() const { return m_stage; }
    qint64 done() const { return m_done; }
    qint64 total() const { return m_total; }
    qint64 rowsWritten() const { return m_rows; }
    void setRowsWritten(qint64 n) { m_rows = n; }

    void start(Stage stage, qint64 total)
    {
        m_done = 0;
        m_total = total;
        m_stage = stage;
    }
    void advance(qint64 n) { m_done += n; }

private:
    std::atomic<bool> m_cancelled = false;
    std::atomic<Stage> m_stage = Stage::Reading;
    std::atomic<qint64> m_done = 0;
    std::atomic<qint64> m_total = 0;
    std::atomic<qint64> m_rows = 0;
};

/// Hands a file to a parser while counting the bytes read into an ImportProgress. A cancel, or `stopped()` turning
/// true (a writer that gave up), fails the next read with the error "cancelled" (or "the import stopped"), so the
/// parser stops at once whatever its size.
class ProgressReader final : public QIODevice
{
public:
    ProgressReader(QIODevice &in, ImportProgress &progress, std::function<bool()> stopped = {});
    bool isSequential() const override { return true; }

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    QIODevice &m_in;
    ImportProgress &m_progress;
    std::function<bool()> m_stopped;
};

} // namespace mltco

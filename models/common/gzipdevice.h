#pragma once

#include <QIODevice>

#include <memory>

namespace mltco {

/// Reads a gzip file (RFC 1952; several members back to back, as `cat a.gz b.gz` makes, read as one stream) as the
/// bytes it holds, inflating as it is read: memory stays flat whatever the size. A damaged or truncated stream makes
/// read() fail with errorString() saying so; it is never taken for the end of the data.
class GzipDevice final : public QIODevice
{
public:
    /// Reads from `source`, which must stay open and outlive this device.
    explicit GzipDevice(QIODevice &source);
    ~GzipDevice() override;

    bool isSequential() const override { return true; }
    bool open(OpenMode mode) override;
    void close() override;
    bool atEnd() const override;

    /// Whether `source` starts with the gzip magic bytes (1f 8b), peeked without consuming them.
    static bool isGzip(QIODevice &source);

protected:
    qint64 readData(char *data, qint64 maxSize) override;
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace mltco

#include "models/common/gzipdevice.h"

#include <zlib.h>

namespace mltco {

struct GzipDevice::Impl final
{
    QIODevice &source;
    z_stream stream{};
    bool initialised = false;
    bool finished = false; ///< the last member ended and the source has nothing more
    QByteArray input = QByteArray(1 << 16, Qt::Uninitialized);

    explicit Impl(QIODevice &s) : source(s) {}
    ~Impl()
    {
        if (initialised)
            inflateEnd(&stream);
    }
};

GzipDevice::GzipDevice(QIODevice &source) : d(std::make_unique<Impl>(source)) {}

GzipDevice::~GzipDevice() = default;

bool GzipDevice::isGzip(QIODevice &source)
{
    const QByteArray head = source.peek(2);
    return head.size() == 2 && quint8(head[0]) == 0x1f && quint8(head[1]) == 0x8b;
}

bool GzipDevice::open(OpenMode mode)
{
    if ((mode & WriteOnly) || !d->source.isReadable()) {
        setErrorString(tr("A gzip file can only be read"));
        return false;
    }
    // 16 + MAX_WBITS: a gzip header and trailer (CRC-32 and length checked), not a zlib one.
    if (inflateInit2(&d->stream, 16 + MAX_WBITS) != Z_OK) {
        setErrorString(tr("Could not start decompressing"));
        return false;
    }
    d->initialised = true;
    return QIODevice::open(ReadOnly);
}

void GzipDevice::close()
{
    if (d->initialised) {
        inflateEnd(&d->stream);
        d->initialised = false;
    }
    QIODevice::close();
}

bool GzipDevice::atEnd() const
{
    return d->finished && QIODevice::atEnd();
}

qint64 GzipDevice::readData(char *data, qint64 maxSize)
{
    if (d->finished || maxSize <= 0)
        return 0; // the end of the data, as a file's read() says it (an error is -1)
    z_stream &z = d->stream;
    z.next_out = reinterpret_cast<Bytef *>(data);
    z.avail_out = uInt(qMin<qint64>(maxSize, 1 << 30));
    const uInt wanted = z.avail_out;
    while (z.avail_out == wanted) {
        if (z.avail_in == 0) {
            const qint64 n = d->source.read(d->input.data(), d->input.size());
            if (n < 0) {
                setErrorString(tr("Could not read the compressed file: %1").arg(d->source.errorString()));
                return -1;
            }
            if (n == 0) {
                // The source ended inside a member: a truncated file, not the end of the data.
                setErrorString(tr("The gzip file is truncated: it ends before its compressed data does"));
                return -1;
            }
            z.next_in = reinterpret_cast<Bytef *>(d->input.data());
            z.avail_in = uInt(n);
        }
        const int rc = inflate(&z, Z_NO_FLUSH);
        if (rc == Z_STREAM_END) {
            // Another member may follow; only a source with nothing left ends the data.
            if (z.avail_in == 0 && d->source.atEnd()) {
                d->finished = true;
                break;
            }
            if (inflateReset(&z) != Z_OK) {
                setErrorString(tr("Could not continue with the next gzip member"));
                return -1;
            }
            continue;
        }
        if (rc != Z_OK && rc != Z_BUF_ERROR) {
            setErrorString(
                tr("The gzip file is damaged: %1").arg(z.msg ? QString::fromUtf8(z.msg) : tr("zlib error %1").arg(rc)));
            return -1;
        }
    }
    return qint64(wanted - z.avail_out);
}

} // namespace mltco

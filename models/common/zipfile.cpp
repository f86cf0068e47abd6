#include "models/common/zipfile.h"

#include <zip.h>

#include <memory>

namespace mltco {
namespace {

struct ArchiveCloser
{
    void operator()(zip_t *archive) const { zip_discard(archive); }
};
struct FileCloser
{
    void operator()(zip_file_t *file) const { zip_fclose(file); }
};

QString zipErrorText(zip_error_t *error)
{
    return QString::fromUtf8(zip_error_strerror(error));
}

} // namespace

bool isZip(const QByteArray &bytes)
{
    return bytes.startsWith(QByteArrayLiteral("PK\x03\x04"));
}

Expected<QByteArray> readZipMember(const QByteArray &zip, const QString &suffix, qint64 maxBytes)
{
    zip_error_t error;
    zip_error_init(&error);
    // The source only borrows the bytes (freep 0); they outlive the archive, which is discarded before returning.
    zip_source_t *source = zip_source_buffer_create(zip.constData(), static_cast<zip_uint64_t>(zip.size()), 0, &error);
    if (!source) {
        const QString text = zipErrorText(&error);
        zip_error_fini(&error);
        return Error{QStringLiteral("it cannot be read as a zip archive (%1)").arg(text), {}};
    }
    std::unique_ptr<zip_t, ArchiveCloser> archive(zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error));
    if (!archive) {
        zip_source_free(source);
        const QString text = zipErrorText(&error);
        zip_error_fini(&error);
        return Error{QStringLiteral("it is not a readable zip archive (%1)").arg(text), {}};
    }
    zip_error_fini(&error);

    const zip_int64_t count = zip_get_num_entries(archive.get(), 0);
    zip_int64_t found = -1;
    QStringList names;
    for (zip_int64_t i = 0; i < count; ++i) {
        const char *name = zip_get_name(archive.get(), static_cast<zip_uint64_t>(i), ZIP_FL_ENC_GUESS);
        if (!name)
            continue;
        const QString text = QString::fromUtf8(name);
        names << text;
        if (text.endsWith(suffix, Qt::CaseInsensitive)) {
            if (found >= 0)
                return Error{QStringLiteral("the zip archive holds more than one %1 file (%2)")
                                 .arg(suffix, names.join(QStringLiteral(", "))),
                             {}};
            found = i;
        }
    }
    if (found < 0)
        return Error{names.isEmpty() ? QStringLiteral("the zip archive is empty")
                                     : QStringLiteral("the zip archive holds no %1 file (it holds: %2)")
                                           .arg(suffix, names.join(QStringLiteral(", "))),
                     {}};
    zip_stat_t stat;
    zip_stat_init(&stat);
    if (zip_stat_index(archive.get(), static_cast<zip_uint64_t>(found), 0, &stat) != 0 || !(stat.valid & ZIP_STAT_SIZE))
        return Error{QStringLiteral("the size of %1 in the zip archive cannot be read").arg(names.value(found)), {}};
    if (stat.size > static_cast<zip_uint64_t>(maxBytes))
        return Error{QStringLiteral("%1 in the zip archive would be %2 bytes once inflated, more than the %3 allowed")
                         .arg(names.value(found))
                         .arg(stat.size)
                         .arg(maxBytes),
                     {}};
    std::unique_ptr<zip_file_t, FileCloser> file(zip_fopen_index(archive.get(), static_cast<zip_uint64_t>(found), 0));
    if (!file)
        return Error{QStringLiteral("%1 in the zip archive cannot be opened (%2)")
                         .arg(names.value(found), QString::fromUtf8(zip_strerror(archive.get()))),
                     {}};
    QByteArray out(static_cast<qsizetype>(stat.size), Qt::Uninitialized);
    qsizetype filled = 0;
    while (filled < out.size()) {
        const zip_int64_t n = zip_fread(file.get(), out.data() + filled, static_cast<zip_uint64_t>(out.size() - filled));
        if (n < 0)
            return Error{QStringLiteral("%1 in the zip archive is damaged (%2)")
                             .arg(names.value(found), QString::fromUtf8(zip_file_strerror(file.get()))),
                         {}};
        if (n == 0)
            break;
        filled += static_cast<qsizetype>(n);
    }
    // One more read reaches the end of the member, where libzip compares its CRC with the archive's.
    char probe = 0;
    const zip_int64_t tail = zip_fread(file.get(), &probe, 1);
    if (filled != out.size() || tail != 0)
        return Error{QStringLiteral("%1 in the zip archive is damaged (%2)")
                         .arg(names.value(found),
                              tail < 0 ? QString::fromUtf8(zip_file_strerror(file.get()))
                                       : QStringLiteral("its size does not match its header")),
                     {}};
    return out;
}

} // namespace mltco

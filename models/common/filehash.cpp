#include "models/common/filehash.h"

#include <QByteArray>
#include <QFile>

#include <memory>
#include <openssl/evp.h>

namespace mltco {

Expected<QString> fileSha256(const QString &path)
{
    // OpenSSL's SHA-256 uses the processor's SHA instructions where it has them: several times QCryptographicHash's
    // speed, which mattered once imports stopped waiting for anything else.
    QFile file(path);
    const auto failed = [&] {
        return Error{QStringLiteral("Cannot read \"%1\": %2").arg(path, file.errorString()), {}};
    };
    if (!file.open(QIODevice::ReadOnly))
        return failed();
    const std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX *)> context(EVP_MD_CTX_new(), EVP_MD_CTX_free);
    if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1)
        return Error{QStringLiteral("SHA-256 is not available."), {}};
    QByteArray buffer(1 << 20, Qt::Uninitialized);
    for (;;) {
        const qint64 n = file.read(buffer.data(), buffer.size());
        if (n < 0)
            return failed();
        if (n == 0)
            break;
        EVP_DigestUpdate(context.get(), buffer.constData(), static_cast<std::size_t>(n));
    }
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (EVP_DigestFinal_ex(context.get(), digest, &length) != 1)
        return Error{QStringLiteral("SHA-256 is not available."), {}};
    return QString::fromLatin1(
        QByteArray(reinterpret_cast<const char *>(digest), static_cast<qsizetype>(length)).toHex());
}

} // namespace mltco

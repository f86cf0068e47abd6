// main() for the fuzz targets in the ordinary build: runs every file named on the command line (or found
// in a folder named there) through LLVMFuzzerTestOneInput once. A crash, a sanitizer report or a broken
// invariant fails the CTest test that replays the seeds and the regression inputs.
#include <QByteArray>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <algorithm>
#include <cstdint>
#include <cstdio>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    QStringList files;
    for (int i = 1; i < argc; ++i) {
        const QString arg = QString::fromLocal8Bit(argv[i]);
        const QFileInfo info(arg);
        if (info.isDir()) {
            QDirIterator it(arg, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext())
                files << it.next();
        } else if (info.isFile()) {
            files << arg;
        } else {
            std::fprintf(stderr, "replay: %s is neither a file nor a folder\n", argv[i]);
            return 2;
        }
    }
    std::sort(files.begin(), files.end());
    for (const QString &path : std::as_const(files)) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "replay: cannot read %s\n", qPrintable(path));
            return 2;
        }
        const QByteArray data = f.readAll();
        std::printf("replay: %s (%lld bytes)\n", qPrintable(path), static_cast<long long>(data.size()));
        std::fflush(stdout);
        LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(data.constData()), static_cast<size_t>(data.size()));
    }
    std::printf("replay: %lld inputs, no crash\n", static_cast<long long>(files.size()));
    return files.isEmpty() ? 2 : 0;
}

#include "ui/core/settings.h"

#include "models/store/location.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace mltco::ui {
namespace {
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kRecent = QStringLiteral("documents/recent");
const QString kExportFolder = QStringLiteral("exports/folder");
const QString kStaleAfterDays = QStringLiteral("prices/staleAfterDays");
} // namespace

Settings::Settings()
    : m_settings(std::make_unique<QSettings>(
          QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QStringLiteral("/mltco.conf"),
          QSettings::IniFormat))
{
}

Settings::~Settings() = default;

int Settings::staleAfterDays() const
{
    bool ok = false;
    const int days = m_settings->value(kStaleAfterDays, 90).toInt(&ok);
    return ok && days >= 1 && days <= 3650 ? days : 90;
}

void Settings::setStaleAfterDays(int days) { m_settings->setValue(kStaleAfterDays, days); }

QByteArray Settings::windowGeometry() const { return m_settings->value(kGeometry).toByteArray(); }
void Settings::setWindowGeometry(const QByteArray &geometry) { m_settings->setValue(kGeometry, geometry); }
QByteArray Settings::windowState() const { return m_settings->value(kState).toByteArray(); }
void Settings::setWindowState(const QByteArray &state) { m_settings->setValue(kState, state); }

QStringList Settings::recentFiles() const
{
    QStringList files;
    for (const QString &f : m_settings->value(kRecent).toStringList())
        if ((store::isStoreUrl(f) || QFileInfo::exists(f)) && !files.contains(f))
            files << f;
    return files.mid(0, kMaxRecentFiles);
}

void Settings::addRecentFile(const QString &path)
{
    // A team store is remembered by its address, which never holds a password (store::StoreAddress::displayUrl()).
    const QString absolute = store::isStoreUrl(path) ? path : QFileInfo(path).absoluteFilePath();
    QStringList files = m_settings->value(kRecent).toStringList();
    files.removeAll(absolute);
    files.prepend(absolute);
    m_settings->setValue(kRecent, files.mid(0, kMaxRecentFiles));
    m_settings->sync();
}

QString Settings::lastDocument() const { return recentFiles().value(0); }

QString Settings::exportFolder() const
{
    const QString last = m_settings->value(kExportFolder).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (!documents.isEmpty() && QFileInfo(documents).isDir())
        return documents;
    return QDir::homePath();
}

void Settings::rememberExport(const QString &path, bool isFolder)
{
    if (path.isEmpty())
        return;
    m_settings->setValue(kExportFolder, isFolder ? QFileInfo(path).absoluteFilePath() : QFileInfo(path).absolutePath());
    m_settings->sync();
}

} // namespace mltco::ui

#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>

class QSettings;

namespace mltco::ui {

/// The one owner of every QSettings key of the application. Tests run with QStandardPaths' test mode
/// on, which moves this file out of the user's configuration.
class Settings final
{
public:
    Settings();
    ~Settings();

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray &state);

    /// Most recent first, at most kMaxRecentFiles, only files that still exist.
    QStringList recentFiles() const;
    void addRecentFile(const QString &path);
    QString lastDocument() const;

    /// Where an export dialog opens (PDF, CSV, chart images): the folder the last export went to while it exists,
    /// else the user's Documents folder, else home; never the hidden folder the default document lives in.
    QString exportFolder() const;
    /// Remembers the folder of `path` (a file written, or a folder chosen) for the next export.
    void rememberExport(const QString &path, bool isFolder = false);

    /// After how many days a catalog price behind an option is called old (Catalog › Update prices…; 90 unset).
    int staleAfterDays() const;
    void setStaleAfterDays(int days);

    static constexpr int kMaxRecentFiles = 8;

private:
    std::unique_ptr<QSettings> m_settings;
};

} // namespace mltco::ui

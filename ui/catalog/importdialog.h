#pragma once

#include "models/catalog/importers/importrunner.h"

#include <QDialog>
#include <QFutureWatcher>

#include <memory>

class QCheckBox;
class QComboBox;
class QDateEdit;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressDialog;
class QPushButton;
class QTimer;

namespace mltco::ui {

class CatalogModels;

/// What a background import hands back to the dialog.
struct ImportOutcome final
{
    std::optional<catalog::ImportResult> result;
    Error error;
};

/// Imports a price file (generic CSV or SkyPilot vms.csv) into the open document. Parsing and writing
/// run on a worker thread with a progress dialog that can cancel; a cancelled or rejected import
/// leaves the document unchanged. The dialog stays open to show what the import added, or the
/// `file:line: reason` of every rejected row.
class ImportDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit ImportDialog(CatalogModels *models, QWidget *parent = nullptr);
    ~ImportDialog() override;

    void setFile(const QString &path);
    bool isRunning() const;
    QStringList problems() const;

public slots:
    void startImport();

protected:
    void reject() override;

private:
    void browse();
    void browseFolder();
    void fileChanged();
    void validate();
    void updateProgress();
    void finished();
    void showSummary(const catalog::ImportResult &result);
    void setInputsEnabled(bool enabled);

    CatalogModels *m_models;
    QLineEdit *m_file;
    QComboBox *m_format;
    QComboBox *m_provider;
    QCheckBox *m_skipCpu;
    QDateEdit *m_observedAt;
    QLabel *m_problems;
    QLabel *m_summary;
    QPlainTextEdit *m_errors;
    QPushButton *m_import;
    QPushButton *m_close;
    QProgressDialog *m_progressDialog = nullptr;
    QTimer *m_poll;
    QFutureWatcher<ImportOutcome> m_watcher;
    std::shared_ptr<catalog::ImportProgress> m_progress;
    QString m_runningFile;
    bool m_dateFromFile = true; ///< the date still follows the file's (the user has not set one)
    bool m_settingDate = false;
};

} // namespace mltco::ui

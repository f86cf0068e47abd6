#pragma once

#include "models/fetch/priceupdate.h"

#include <QDialog>
#include <QFutureWatcher>

#include <memory>
#include <vector>

class QCheckBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace mltco::ui {

class CatalogModels;

/// What a background update hands back: each source's outcome, in the order asked.
struct UpdateRun final
{
    std::vector<std::pair<fetch::UpdateSource, fetch::UpdateOutcome>> outcomes;
    QString connectionError;
};

/// Catalog › Update prices…: the providers' own addresses (SkyPilot's hosted catalog, Azure Retail Prices, AWS's
/// price list, the ECB's rates), each with when it was last fetched and how old its newest price is. Update fetches
/// the ticked ones on a worker thread (progress, Cancel: a cancelled or failed update leaves the document as it was),
/// then says which options' figures moved and by how much, and offers to pin the plan to the prices of the day
/// before. Offline, it says so, and the catalog keeps what it has.
class UpdatePricesDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit UpdatePricesDialog(CatalogModels *models, QWidget *parent = nullptr);
    ~UpdatePricesDialog() override;

    bool isRunning() const;

public slots:
    void startUpdate();
    void cancelUpdate();

protected:
    void reject() override;

private:
    void fillSources();
    void updateProgress();
    void finished();
    void pinPlan();
    std::vector<fetch::UpdateRequest> requests() const;

    CatalogModels *m_models;
    QTableWidget *m_sources;
    QLineEdit *m_clouds;
    QLineEdit *m_regions;
    QCheckBox *m_gpuOnly;
    QSpinBox *m_staleDays;
    QProgressBar *m_progressBar;
    QLabel *m_status;
    QLabel *m_result;
    QPushButton *m_update;
    QPushButton *m_cancel;
    QPushButton *m_pin;
    QPushButton *m_close;
    QTimer *m_poll;
    QFutureWatcher<UpdateRun> m_watcher;
    std::shared_ptr<fetch::UpdateProgress> m_progress;
    /// The plan's totals by scenario before the update, and its recommended option.
    std::vector<std::pair<QString, double>> m_before;
    QString m_recommendedBefore;
    QDate m_pinDay;
};

} // namespace mltco::ui

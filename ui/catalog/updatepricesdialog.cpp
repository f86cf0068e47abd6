#include "ui/catalog/updatepricesdialog.h"

#include "models/report/format.h"
#include "models/report/summary.h"
#include "models/store/document.h"
#include "models/store/workerconnection.h"
#include "ui/catalog/catalogmodels.h"
#include "ui/core/planeditor.h"
#include "ui/core/settings.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <cmath>

namespace mltco::ui {
namespace {

constexpr fetch::UpdateSource kSources[] = {fetch::UpdateSource::SkyPilot, fetch::UpdateSource::AzureRetail,
                                            fetch::UpdateSource::AwsPriceList, fetch::UpdateSource::EcbRates};
enum Column { SourceColumn, AddressColumn, FetchedColumn, NewestColumn, ColumnCount };

QString ageText(const QDate &day)
{
    if (!day.isValid())
        return QObject::tr("never");
    const qint64 days = day.daysTo(QDate::currentDate());
    const QString age = days <= 0    ? QObject::tr("today")
                        : days == 1 ? QObject::tr("yesterday")
                                    : QObject::tr("%1 days ago").arg(days);
    return QStringLiteral("%1 (%2)").arg(day.toString(Qt::ISODate), age);
}

QStringList words(const QString &text)
{
    static const QRegularExpression separators(QStringLiteral("[\\s,;]+"));
    return text.toLower().split(separators, Qt::SkipEmptyParts);
}

/// The plan's total of each evaluated scenario, by name.
std::vector<std::pair<QString, double>> totals(const PlanEditor &editor)
{
    std::vector<std::pair<QString, double>> out;
    if (const auto &result = editor.result())
        for (const tco::EvaluatedScenario &s : result->scenarios)
            out.emplace_back(s.name, s.result.total);
    return out;
}

QString recommendedName(const PlanEditor &editor)
{
    const auto &result = editor.result();
    if (!result)
        return {};
    const int index = tco::cheapestMeetingDemand(*result);
    return index < 0 ? QString() : result->scenarios[static_cast<std::size_t>(index)].name;
}

} // namespace

UpdatePricesDialog::UpdatePricesDialog(CatalogModels *models, QWidget *parent)
    : QDialog(parent), m_models(models), m_sources(new QTableWidget(0, ColumnCount, this)),
      m_clouds(new QLineEdit(this)), m_regions(new QLineEdit(this)),
      m_gpuOnly(new QCheckBox(tr("Leave out instance types without a GPU"), this)), m_staleDays(new QSpinBox(this)),
      m_progressBar(new QProgressBar(this)), m_status(new QLabel(this)), m_result(new QLabel(this)),
      m_update(new QPushButton(tr("&Update"), this)), m_cancel(new QPushButton(tr("Cancel update"), this)),
      m_pin(new QPushButton(this)), m_close(new QPushButton(tr("Close"), this)), m_poll(new QTimer(this))
{
    setObjectName(QStringLiteral("updatePricesDialog"));
    setWindowTitle(tr("Update prices"));
    auto *intro = new QLabel(tr("Fetch the providers' own price files from their addresses and import them, as "
                                "Catalog › Import would import the same files. Every price keeps its day, so plans "
                                "made before keep the prices they stood on. Edit an address to use a mirror."),
                             this);
    intro->setWordWrap(true);

    m_sources->setObjectName(QStringLiteral("updateSources"));
    m_sources->setHorizontalHeaderLabels({tr("Source"), tr("Address"), tr("Last fetched"), tr("Newest price")});
    m_sources->verticalHeader()->hide();
    m_sources->horizontalHeader()->setSectionResizeMode(AddressColumn, QHeaderView::Stretch);
    m_sources->setSelectionMode(QAbstractItemView::NoSelection);
    m_sources->setMinimumWidth(860);
    m_sources->setWordWrap(false);
    m_sources->setTextElideMode(Qt::ElideMiddle);

    m_clouds->setObjectName(QStringLiteral("updateClouds"));
    m_clouds->setText(QStringLiteral("aws, gcp, azure, lambda"));
    m_clouds->setToolTip(tr("SkyPilot: the clouds whose catalogs are fetched (ROOT/<cloud>/vms.csv)"));
    m_regions->setObjectName(QStringLiteral("updateRegions"));
    m_regions->setText(QStringLiteral("us-east-1"));
    m_regions->setToolTip(tr("AWS: the regions whose price lists are fetched (each is hundreds of megabytes)"));
    m_gpuOnly->setObjectName(QStringLiteral("updateGpuOnly"));
    m_gpuOnly->setChecked(true);
    m_staleDays->setObjectName(QStringLiteral("staleAfterDays"));
    m_staleDays->setRange(1, 3650);
    m_staleDays->setSuffix(tr(" days"));
    m_staleDays->setValue(Settings().staleAfterDays());
    m_staleDays->setToolTip(tr("The dashboard, the PDF and the summary warn when a price behind an option is older"));
    connect(m_staleDays, &QSpinBox::valueChanged, this, [this](int days) {
        Settings().setStaleAfterDays(days);
        report::setStalePriceDays(days);
        m_models->planEditor()->reevaluate(); // the dashboard's warning follows
    });

    auto *form = new QFormLayout;
    form->addRow(tr("SkyPilot clouds:"), m_clouds);
    form->addRow(tr("AWS regions:"), m_regions);
    form->addRow(QString(), m_gpuOnly);
    form->addRow(tr("Warn when prices are older than:"), m_staleDays);

    m_progressBar->setObjectName(QStringLiteral("updateProgress"));
    m_progressBar->hide();
    m_status->setObjectName(QStringLiteral("updateStatus"));
    m_status->setWordWrap(true);
    m_result->setObjectName(QStringLiteral("updateResult"));
    m_result->setWordWrap(true);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_update->setObjectName(QStringLiteral("updateButton"));
    m_update->setDefault(true);
    m_cancel->setObjectName(QStringLiteral("cancelUpdateButton"));
    m_cancel->hide();
    m_pin->setObjectName(QStringLiteral("pinPricesButton"));
    m_pin->hide();
    m_close->setObjectName(QStringLiteral("closeButton"));

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_pin);
    buttons->addStretch(1);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_update);
    buttons->addWidget(m_close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_sources, 1);
    layout->addLayout(form);
    layout->addWidget(m_progressBar);
    layout->addWidget(m_status);
    layout->addWidget(m_result);
    layout->addLayout(buttons);

    connect(m_update, &QPushButton::clicked, this, &UpdatePricesDialog::startUpdate);
    connect(m_cancel, &QPushButton::clicked, this, &UpdatePricesDialog::cancelUpdate);
    connect(m_close, &QPushButton::clicked, this, &UpdatePricesDialog::reject);
    connect(m_pin, &QPushButton::clicked, this, &UpdatePricesDialog::pinPlan);
    connect(m_poll, &QTimer::timeout, this, &UpdatePricesDialog::updateProgress);
    connect(&m_watcher, &QFutureWatcher<UpdateRun>::finished, this, &UpdatePricesDialog::finished);
    fillSources();
    resize(980, 470);
}

UpdatePricesDialog::~UpdatePricesDialog()
{
    if (m_progress)
        m_progress->cancel();
    m_watcher.waitForFinished();
}

bool UpdatePricesDialog::isRunning() const { return m_watcher.isRunning(); }

void UpdatePricesDialog::fillSources()
{
    // When each source was last fetched and the day of its newest import, from the document's import records.
    Expected<std::vector<fetch::ImportRecord>> latest = fetch::latestImports(m_models->planEditor()->document().database());
    m_sources->setRowCount(static_cast<int>(std::size(kSources)));
    for (int row = 0; row < m_sources->rowCount(); ++row) {
        const fetch::UpdateSource source = kSources[row];
        const QString address = m_sources->item(row, AddressColumn) ? m_sources->item(row, AddressColumn)->text()
                                                                    : fetch::defaultAddress(source);
        auto *name = new QTableWidgetItem(fetch::sourceTitle(source));
        name->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        name->setCheckState(source == fetch::UpdateSource::AwsPriceList || source == fetch::UpdateSource::AzureRetail
                                ? Qt::Unchecked
                                : Qt::Checked);
        if (const QTableWidgetItem *old = m_sources->item(row, SourceColumn))
            name->setCheckState(old->checkState());
        auto *where = new QTableWidgetItem(address);
        where->setFlags(Qt::ItemIsEnabled | Qt::ItemIsEditable);
        where->setToolTip(tr("Double-click to fetch from a mirror instead"));
        QDate fetched, newest;
        if (latest) {
            const QString prefix = address.section(QLatin1Char('?'), 0, 0);
            for (const fetch::ImportRecord &r : *latest) {
                if (!r.fetched() || !r.origin.startsWith(prefix))
                    continue;
                fetched = std::max(fetched, QDateTime::fromString(r.retrievedAt, Qt::ISODate).date());
                newest = std::max(newest, QDate::fromString(r.observedAt, Qt::ISODate));
            }
        }
        auto *when = new QTableWidgetItem(ageText(fetched));
        when->setFlags(Qt::ItemIsEnabled);
        auto *age = new QTableWidgetItem(ageText(newest));
        age->setFlags(Qt::ItemIsEnabled);
        if (newest.isValid() && newest.daysTo(QDate::currentDate()) > report::stalePriceDays())
            age->setForeground(QColor(0xb0, 0x3a, 0x2e));
        m_sources->setItem(row, SourceColumn, name);
        m_sources->setItem(row, AddressColumn, where);
        m_sources->setItem(row, FetchedColumn, when);
        m_sources->setItem(row, NewestColumn, age);
    }
    m_sources->resizeColumnToContents(SourceColumn);
    m_sources->resizeColumnToContents(FetchedColumn);
    m_sources->resizeColumnToContents(NewestColumn);
}

std::vector<fetch::UpdateRequest> UpdatePricesDialog::requests() const
{
    std::vector<fetch::UpdateRequest> out;
    for (int row = 0; row < m_sources->rowCount(); ++row) {
        if (m_sources->item(row, SourceColumn)->checkState() != Qt::Checked)
            continue;
        fetch::UpdateRequest r;
        r.source = kSources[row];
        const QString address = m_sources->item(row, AddressColumn)->text().trimmed();
        if (address != fetch::defaultAddress(r.source))
            r.address = address;
        r.gpuOnly = m_gpuOnly->isChecked();
        if (r.source == fetch::UpdateSource::SkyPilot)
            r.clouds = words(m_clouds->text());
        if (r.source == fetch::UpdateSource::AwsPriceList)
            r.regions = words(m_regions->text());
        out.push_back(r);
    }
    return out;
}

void UpdatePricesDialog::startUpdate()
{
    if (isRunning())
        return;
    const std::vector<fetch::UpdateRequest> asked = requests();
    if (asked.empty()) {
        m_status->setText(tr("Tick a source to update."));
        return;
    }
    for (const fetch::UpdateRequest &r : asked) {
        if ((r.source == fetch::UpdateSource::SkyPilot && r.clouds.isEmpty()) ||
            (r.source == fetch::UpdateSource::AwsPriceList && r.regions.isEmpty())) {
            m_status->setText(r.source == fetch::UpdateSource::SkyPilot ? tr("Name the SkyPilot clouds to fetch.")
                                                                        : tr("Name the AWS regions to fetch."));
            return;
        }
    }
    m_before = totals(*m_models->planEditor());
    m_recommendedBefore = recommendedName(*m_models->planEditor());
    m_result->clear();
    m_pin->hide();
    m_progress = std::make_shared<fetch::UpdateProgress>();
    const std::shared_ptr<fetch::UpdateProgress> progress = m_progress;
    const QString location = m_models->planEditor()->document().path();
    m_watcher.setFuture(QtConcurrent::run([asked, progress, location] {
        UpdateRun run;
        store::WorkerConnection connection(location);
        if (!connection.errorString().isEmpty()) {
            run.connectionError = connection.errorString();
            return run;
        }
        for (const fetch::UpdateRequest &r : asked) {
            if (progress->isCancelled())
                break;
            run.outcomes.emplace_back(r.source, fetch::updatePrices(connection.database(), r, *progress));
        }
        return run;
    }));
    m_progressBar->setRange(0, 0);
    m_progressBar->show();
    m_cancel->show();
    m_cancel->setEnabled(true);
    m_update->setEnabled(false);
    m_close->setEnabled(false);
    m_sources->setEnabled(false);
    m_status->setText(tr("Connecting…"));
    m_poll->start(100);
}

void UpdatePricesDialog::cancelUpdate()
{
    if (!m_progress || !isRunning())
        return;
    m_progress->cancel();
    m_cancel->setEnabled(false);
    m_status->setText(tr("Cancelling: nothing will be imported…"));
}

void UpdatePricesDialog::reject()
{
    if (isRunning()) {
        cancelUpdate();
        return; // closes once the worker has stopped (finished())
    }
    QDialog::reject();
}

void UpdatePricesDialog::updateProgress()
{
    if (!m_progress || m_progress->isCancelled())
        return;
    const fetch::FetchProgress &d = m_progress->download;
    const qint64 received = d.received();
    const qint64 expected = d.expected();
    if (expected > 0) {
        m_progressBar->setRange(0, 1000);
        m_progressBar->setValue(static_cast<int>(std::min<qint64>(1000, received * 1000 / expected)));
    } else {
        m_progressBar->setRange(0, 0);
    }
    const QLocale locale;
    m_status->setText(tr("%1: %2, %3 received")
                          .arg(d.address(), d.status(),
                               locale.formattedDataSize(received, 1, QLocale::DataSizeTraditionalFormat)));
}

void UpdatePricesDialog::finished()
{
    m_poll->stop();
    m_progressBar->hide();
    m_cancel->hide();
    m_update->setEnabled(true);
    m_close->setEnabled(true);
    m_sources->setEnabled(true);
    const UpdateRun run = m_watcher.result();
    const bool cancelled = m_progress && m_progress->isCancelled();
    if (!run.connectionError.isEmpty()) {
        m_status->setText(tr("The document cannot be opened for the update: %1").arg(run.connectionError));
        return;
    }
    QStringList lines;
    bool changed = false;
    bool offline = false;
    QDate firstNew;
    for (const auto &[source, outcome] : run.outcomes) {
        const QString title = fetch::sourceTitle(source);
        if (const auto *failure = std::get_if<fetch::FetchFailure>(&outcome)) {
            offline = offline || failure->kind == fetch::FailureKind::Network;
            lines << tr("%1: %2. Nothing of it was imported.").arg(title, failure->message);
            continue;
        }
        const fetch::UpdateResult &result = std::get<fetch::UpdateResult>(outcome);
        int imported = 0, current = 0;
        for (const fetch::AddressOutcome &a : result.addresses) {
            if (a.what == fetch::AddressOutcome::What::Imported) {
                ++imported;
                if (a.observedAt.isValid() && (!firstNew.isValid() || a.observedAt < firstNew))
                    firstNew = a.observedAt;
            } else {
                ++current;
            }
        }
        changed = changed || result.changed();
        lines << (imported > 0 ? tr("%1: %n file(s) imported", nullptr, imported).arg(title) +
                                     (current > 0 ? tr(", %n already current", nullptr, current) : QString()) +
                                     QLatin1Char('.')
                               : tr("%1: already current.").arg(title));
    }
    if (cancelled)
        lines << tr("The update was cancelled: what was being fetched was not imported.");
    if (offline)
        lines << tr("mltco could not reach the address: offline, or a proxy or firewall stands in the way. The "
                    "catalog keeps the prices it has, and the plan works on them.");
    m_status->setText(lines.join(QLatin1Char('\n')));
    fillSources();
    if (!changed) {
        m_result->setText(run.outcomes.empty() ? QString() : tr("No price changed."));
        if (cancelled && !isVisible())
            QDialog::reject();
        return;
    }
    // The catalog changed: read it again, evaluate the plan on it and say what moved.
    m_models->imported();
    PlanEditor *editor = m_models->planEditor();
    editor->reevaluate();
    const auto after = totals(*editor);
    const QString currency = editor->plan().currency;
    QStringList moved;
    for (const auto &[name, total] : after) {
        for (const auto &[oldName, oldTotal] : m_before) {
            if (oldName != name || std::abs(total - oldTotal) < 0.005)
                continue;
            moved << tr("%1 %2 (%3 → %4)")
                         .arg(name, total > oldTotal ? tr("up") : tr("down"),
                              report::moneyCompact(oldTotal, currency), report::moneyCompact(total, currency));
        }
    }
    const QString recommended = recommendedName(*editor);
    const QString recommendation = recommended == m_recommendedBefore
                                       ? tr("the recommendation is unchanged")
                                       : tr("the recommendation is now %1 (was %2)")
                                             .arg(recommended.isEmpty() ? tr("none") : recommended,
                                                  m_recommendedBefore.isEmpty() ? tr("none") : m_recommendedBefore);
    QString text = moved.isEmpty()
                       ? tr("Prices updated: no option of the plan changed; %1.").arg(recommendation)
                       : tr("Prices updated: %n option(s) changed; %1.", nullptr, static_cast<int>(moved.size()))
                                 .arg(recommendation) +
                             QLatin1Char('\n') + moved.join(QLatin1Char('\n'));
    m_result->setText(text);
    // The plan can stand on the prices it had: the day before the first new observation.
    m_pinDay = (firstNew.isValid() ? firstNew : QDate::currentDate()).addDays(-1);
    if (!moved.isEmpty() && !editor->isReadOnly()) {
        m_pin->setText(tr("Keep the plan on the prices of %1").arg(m_pinDay.toString(Qt::ISODate)));
        m_pin->setToolTip(tr("Sets workload.prices_as_of: every catalog price the plan uses is then the latest on or "
                             "before that day (Undo takes it back)"));
        m_pin->show();
    }
}

void UpdatePricesDialog::pinPlan()
{
    PlanEditor *editor = m_models->planEditor();
    tco::Plan after = editor->plan();
    after.pricesAsOf = m_pinDay;
    editor->apply(after, tr("Pin the plan to the prices of %1").arg(m_pinDay.toString(Qt::ISODate)));
    m_pin->hide();
    m_result->setText(m_result->text() + QLatin1Char('\n') +
                      tr("The plan now stands on the prices of %1 (workload.prices_as_of).").arg(m_pinDay.toString(Qt::ISODate)));
}

} // namespace mltco::ui

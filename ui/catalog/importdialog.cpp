#include "ui/catalog/importdialog.h"

#include "ui/core/importprogressdialog.h"

#include "models/catalog/importers/awspricelistimporter.h"
#include "models/catalog/importers/sparecoresimporter.h"
#include "models/report/format.h"
#include "models/store/document.h"
#include "ui/catalog/catalogmodels.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace mltco::ui {

using catalog::ImportProgress;
using catalog::PriceFileFormat;

namespace {

constexpr int kProgressSteps = 1000;

QString count(qint64 n)
{
    return report::grouped(static_cast<double>(n), 0);
}

/// Which format a file is, from its header: AWS's price list opens with its metadata rows, SkyPilot's columns are
/// CamelCase, mltco's snake_case; an Azure Retail Prices page is JSON with Items, a Spare Cores file an SQLite
/// database with prices.
std::optional<PriceFileFormat> sniffFormat(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray head = file.read(4096);
    if (head.startsWith("\"FormatVersion\"") && head.contains("\"AmazonEC2\""))
        return PriceFileFormat::AwsPriceList;
    if (head.trimmed().startsWith('{') && head.contains("\"Items\"") &&
        (head.contains("\"BillingCurrency\"") || head.contains("\"currencyCode\"")))
        return PriceFileFormat::AzureRetail;
    if (head.startsWith(QByteArray("SQLite format 3\0", 16)) && catalog::spareCoresSnapshotDate(path))
        return PriceFileFormat::SpareCores;
    if (head.contains("InstanceType") && head.contains("AcceleratorName"))
        return PriceFileFormat::SkyPilot;
    if (head.contains("instance_type") && head.contains("pricing_model"))
        return PriceFileFormat::GenericCsv;
    return std::nullopt;
}

QString plural(qint64 n, const QString &one, const QString &many)
{
    return QStringLiteral("%1 %2").arg(n == 0 ? QObject::tr("no") : count(n), n == 1 ? one : many);
}

} // namespace

ImportDialog::ImportDialog(CatalogModels *models, QWidget *parent)
    : QDialog(parent), m_models(models), m_poll(new QTimer(this))
{
    setObjectName(QStringLiteral("importDialog"));
    setWindowTitle(tr("Import price catalog"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("An import adds price observations (and the providers, instance types and GPUs they "
                                "name) without changing anything already in the catalog. A file imported before, "
                                "with the same content and date, adds nothing. Edit › Undo does not take an import "
                                "back: delete its observations in the price table instead (search for the file name)."),
                             this);
    intro->setWordWrap(true);
    intro->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    layout->addWidget(intro);

    auto *form = new QFormLayout;
    m_file = new QLineEdit(this);
    m_file->setObjectName(QStringLiteral("importFile"));
    m_file->setPlaceholderText(tr("a .csv, .json or .db file, or a folder of Azure price pages"));
    auto *browse = new QPushButton(tr("Browse…"), this);
    browse->setObjectName(QStringLiteral("importBrowse"));
    auto *browseFolder = new QPushButton(tr("Folder…"), this);
    browseFolder->setObjectName(QStringLiteral("importBrowseFolder"));
    browseFolder->setToolTip(tr("A folder of Azure Retail Prices pages (*.json), imported together"));
    auto *fileRow = new QHBoxLayout;
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(browse);
    fileRow->addWidget(browseFolder);
    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("importFormat"));
    m_format->addItem(tr("Generic price CSV (one observation per row)"), static_cast<int>(PriceFileFormat::GenericCsv));
    m_format->addItem(tr("SkyPilot catalog vms.csv (one cloud per file)"), static_cast<int>(PriceFileFormat::SkyPilot));
    m_format->addItem(tr("AWS Price List for EC2 (index.csv: on-demand and reserved)"),
                      static_cast<int>(PriceFileFormat::AwsPriceList));
    m_format->addItem(tr("Azure Retail Prices (saved API pages: a .json page or a folder of them)"),
                      static_cast<int>(PriceFileFormat::AzureRetail));
    m_format->addItem(tr("Spare Cores database (sc-data-all.db, CC BY-SA 4.0)"),
                      static_cast<int>(PriceFileFormat::SpareCores));
    m_provider = new QComboBox(this);
    m_provider->setObjectName(QStringLiteral("importProvider"));
    m_provider->setEditable(true);
    m_provider->addItems(catalog::skyPilotClouds());
    m_provider->setCurrentText(QString());
    m_provider->lineEdit()->setPlaceholderText(tr("the cloud the file lists, e.g. aws"));
    m_skipCpu = new QCheckBox(tr("Skip CPU-only rows (instance types without a GPU)"), this);
    m_skipCpu->setObjectName(QStringLiteral("importSkipCpu"));
    m_skipCpu->setChecked(true);
    m_observedAt = new QDateEdit(QDate::currentDate(), this);
    m_observedAt->setObjectName(QStringLiteral("importObservedAt"));
    m_observedAt->setCalendarPopup(true);
    m_observedAt->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    m_observedAt->setToolTip(tr("The date the file's prices were true. It defaults to the file's date; rows of a "
                                "generic CSV that give their own date keep it. Azure and Spare Cores date each "
                                "price themselves."));
    form->addRow(tr("File:"), fileRow);
    form->addRow(tr("Format:"), m_format);
    form->addRow(tr("Cloud (SkyPilot):"), m_provider);
    form->addRow(QString(), m_skipCpu);
    form->addRow(tr("Prices observed on:"), m_observedAt);
    layout->addLayout(form);

    m_problems = new QLabel(this);
    m_problems->setObjectName(QStringLiteral("importProblems"));
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    layout->addWidget(m_problems);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("importSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setStyleSheet(QStringLiteral("QLabel { background: %1; border: 1px solid %2; padding: 8px; }")
                                 .arg(theme::css(theme::Role::GoodBackground), theme::css(theme::Role::GoodBorder)));
    m_summary->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_summary->hide();
    layout->addWidget(m_summary);
    m_errors = new QPlainTextEdit(this);
    m_errors->setObjectName(QStringLiteral("importErrors"));
    m_errors->setReadOnly(true);
    m_errors->setStyleSheet(QStringLiteral("QPlainTextEdit { background: %1; border: 1px solid %2; }")
                                .arg(theme::css(theme::Role::BadBackground), theme::css(theme::Role::BadBorder)));
    m_errors->setMinimumHeight(160);
    m_errors->hide();
    layout->addWidget(m_errors, 100);
    layout->addStretch(1); // takes the slack while the error list is hidden

    auto *buttons = new QDialogButtonBox(this);
    m_import = buttons->addButton(tr("Import"), QDialogButtonBox::AcceptRole);
    m_import->setObjectName(QStringLiteral("importButton"));
    m_close = buttons->addButton(QDialogButtonBox::Close);
    layout->addWidget(buttons);
    connect(m_import, &QPushButton::clicked, this, &ImportDialog::startImport);
    connect(m_close, &QPushButton::clicked, this, &ImportDialog::reject);
    connect(browse, &QPushButton::clicked, this, &ImportDialog::browse);
    connect(browseFolder, &QPushButton::clicked, this, &ImportDialog::browseFolder);
    connect(m_file, &QLineEdit::textChanged, this, &ImportDialog::fileChanged);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ImportDialog::validate);
    connect(m_provider, &QComboBox::currentTextChanged, this, &ImportDialog::validate);
    connect(m_observedAt, &QDateEdit::dateChanged, this, [this] {
        if (!m_settingDate)
            m_dateFromFile = false;
        validate();
    });
    connect(m_poll, &QTimer::timeout, this, &ImportDialog::updateProgress);
    connect(&m_watcher, &QFutureWatcher<ImportOutcome>::finished, this, &ImportDialog::finished);
    validate();
    resize(680, 480);
}

ImportDialog::~ImportDialog()
{
    if (isRunning()) {
        m_progress->cancel();
        m_watcher.waitForFinished();
    }
}

bool ImportDialog::isRunning() const
{
    return m_watcher.isRunning();
}

void ImportDialog::reject()
{
    if (!isRunning())
        QDialog::reject();
}

void ImportDialog::setFile(const QString &path)
{
    m_file->setText(QDir::toNativeSeparators(path));
}

void ImportDialog::browse()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Choose a price file"), QFileInfo(m_file->text()).absolutePath(),
                                     tr("Price files (*.csv *.json *.db);;All files (*)"));
    if (!path.isEmpty())
        setFile(path);
}

void ImportDialog::browseFolder()
{
    const QString path = QFileDialog::getExistingDirectory(this, tr("Choose a folder of Azure Retail Prices pages"),
                                                           QFileInfo(m_file->text()).absolutePath());
    if (path.isEmpty())
        return;
    m_format->setCurrentIndex(m_format->findData(static_cast<int>(PriceFileFormat::AzureRetail)));
    setFile(path);
}

void ImportDialog::fileChanged()
{
    const QString path = QDir::fromNativeSeparators(m_file->text().trimmed());
    const QFileInfo info(path);
    if (info.isDir())
        m_format->setCurrentIndex(m_format->findData(static_cast<int>(PriceFileFormat::AzureRetail)));
    if (info.isFile()) {
        if (const std::optional<PriceFileFormat> format = sniffFormat(path))
            m_format->setCurrentIndex(m_format->findData(static_cast<int>(*format)));
        const QString cloud = catalog::guessSkyPilotCloud(path);
        if (!cloud.isEmpty())
            m_provider->setCurrentText(cloud);
        if (m_dateFromFile) {
            // An AWS price list says when it was published; any other file is dated by its modification time.
            QDate date = info.lastModified().date();
            if (m_format->currentData().toInt() == static_cast<int>(PriceFileFormat::AwsPriceList)) {
                QFile file(path);
                if (file.open(QIODevice::ReadOnly))
                    date = catalog::awsPublicationDate(file).value_or(date);
            }
            m_settingDate = true;
            m_observedAt->setDate(date);
            m_settingDate = false;
        }
    }
    validate();
}

QStringList ImportDialog::problems() const
{
    QStringList out;
    const QString path = QDir::fromNativeSeparators(m_file->text().trimmed());
    const bool azure = m_format->currentData().toInt() == static_cast<int>(PriceFileFormat::AzureRetail);
    if (path.isEmpty())
        out << tr("Choose the file to import.");
    else if (QFileInfo(path).isDir() && !azure)
        out << tr("%1 is a folder; only Azure Retail Prices pages are imported as a folder.")
                   .arg(QDir::toNativeSeparators(path));
    else if (!QFileInfo(path).isFile() && !QFileInfo(path).isDir())
        out << tr("There is no file at %1.").arg(QDir::toNativeSeparators(path));
    else if (!QFileInfo(path).isReadable())
        out << tr("%1 cannot be read; check its permissions.").arg(QDir::toNativeSeparators(path));
    const bool skyPilot = m_format->currentData().toInt() == static_cast<int>(PriceFileFormat::SkyPilot);
    if (skyPilot && m_provider->currentText().trimmed().isEmpty())
        out << tr("Say which cloud the SkyPilot file lists (its folder or name did not say), e.g. aws, gcp or lambda.");
    if (m_observedAt->date() > QDate::currentDate())
        out << tr("The observation date cannot be in the future.");
    return out;
}

void ImportDialog::validate()
{
    const int format = m_format->currentData().toInt();
    const bool skyPilot = format == static_cast<int>(PriceFileFormat::SkyPilot);
    m_provider->setEnabled(skyPilot && !isRunning());
    m_skipCpu->setEnabled(format != static_cast<int>(PriceFileFormat::GenericCsv) && !isRunning());
    // Azure and Spare Cores date each of their prices.
    m_observedAt->setEnabled(!catalog::formatDatesItsPrices(static_cast<PriceFileFormat>(format)) && !isRunning());
    const QStringList list = problems();
    m_problems->setText(list.join(QLatin1Char('\n')));
    m_problems->setVisible(!list.isEmpty());
    m_import->setEnabled(list.isEmpty() && !isRunning());
}

void ImportDialog::setInputsEnabled(bool enabled)
{
    for (QWidget *w : std::initializer_list<QWidget *>{m_file, m_format, m_observedAt, m_close})
        w->setEnabled(enabled);
    validate();
}

void ImportDialog::startImport()
{
    if (isRunning() || !problems().isEmpty())
        return;
    catalog::ImportRequest request;
    request.path = QDir::fromNativeSeparators(m_file->text().trimmed());
    request.format = static_cast<PriceFileFormat>(m_format->currentData().toInt());
    if (!catalog::formatDatesItsPrices(request.format))
        request.options.observedAt = m_observedAt->date();
    request.options.fileName =
        QFileInfo(request.path).isDir() ? QDir(request.path).dirName() : QFileInfo(request.path).fileName();
    if (request.format == PriceFileFormat::SkyPilot)
        request.options.provider = m_provider->currentText().trimmed().toLower();
    if (request.format != PriceFileFormat::GenericCsv)
        request.options.skipCpuOnly = m_skipCpu->isChecked();
    request.documentPath = m_models->planEditor()->document().path();
    m_runningFile = request.options.fileName;

    m_summary->hide();
    m_errors->hide();
    m_progress = std::make_shared<ImportProgress>();
    m_progressDialog =
        newImportProgressDialog(this, QStringLiteral("importProgress"), m_runningFile, kProgressSteps, m_progress);

    const std::shared_ptr<ImportProgress> progress = m_progress;
    m_watcher.setFuture(QtConcurrent::run([request, progress] {
        ImportOutcome outcome;
        Expected<catalog::ImportResult> result = catalog::runImport(request, *progress);
        if (result)
            outcome.result = std::move(*result);
        else
            outcome.error = result.error();
        return outcome;
    }));
    setInputsEnabled(false);
    m_poll->start(100);
}

void ImportDialog::updateProgress()
{
    if (!m_progressDialog || m_progress->isCancelled())
        return;
    const double total = static_cast<double>(std::max<qint64>(1, m_progress->total()));
    const double share = std::min(1.0, static_cast<double>(m_progress->done()) / total);
    switch (m_progress->stage()) {
    case ImportProgress::Stage::Reading:
        m_progressDialog->setLabelText(tr("Reading, checking and writing %1… %2 of %3 MB, %4 written")
                                           .arg(m_runningFile, report::grouped(m_progress->done() / 1e6, 1),
                                                report::grouped(total / 1e6, 1),
                                                plural(m_progress->rowsWritten(), tr("price point"),
                                                       tr("price points"))));
        m_progressDialog->setValue(static_cast<int>(share * kProgressSteps * 0.9));
        break;
    case ImportProgress::Stage::Finishing:
        m_progressDialog->setLabelText(tr("Indexing and saving the new price observations…"));
        m_progressDialog->setValue(static_cast<int>(kProgressSteps * 0.9));
        break;
    }
}

void ImportDialog::finished()
{
    m_poll->stop();
    if (m_progressDialog) {
        m_progressDialog->disconnect(this);
        m_progressDialog->close();
        m_progressDialog->deleteLater();
        m_progressDialog = nullptr;
    }
    setInputsEnabled(true);
    ImportOutcome outcome = m_watcher.result();
    if (!outcome.result) {
        QStringList lines{outcome.error.message, tr("The document is unchanged.")};
        if (!outcome.error.details.isEmpty())
            lines << QString() << outcome.error.details;
        m_errors->setPlainText(lines.join(QLatin1Char('\n')));
        m_errors->show();
        return;
    }
    if (outcome.result->cancelled) {
        m_summary->setText(
            tr("The import of %1 was cancelled. Nothing was added; the document is unchanged.").arg(m_runningFile));
        m_summary->show();
        return;
    }
    showSummary(*outcome.result);
    if (!outcome.result->summary.alreadyImported)
        m_models->imported();
}

void ImportDialog::showSummary(const catalog::ImportResult &result)
{
    // result.observedAt is the import's date: the one chosen, or for feeds that date their prices their newest.
    const QString date = (result.observedAt.isValid() ? result.observedAt : m_observedAt->date()).toString(Qt::ISODate);
    const catalog::ImportSummary &s = result.summary;
    QStringList lines;
    if (s.alreadyImported) {
        lines << tr("%1 (observed %2) was already imported — nothing added.").arg(m_runningFile, date);
    } else {
        lines << tr("Imported %1 (observed %2): %3.")
                     .arg(m_runningFile, date, plural(s.pricesAdded, tr("price point"), tr("price points")));
        QStringList providers = s.pricesByProvider.keys();
        providers.sort();
        QStringList perProvider;
        for (const QString &p : providers)
            perProvider << QStringLiteral("%1 %2").arg(p, count(s.pricesByProvider.value(p)));
        if (!perProvider.isEmpty())
            lines << tr("Price points by provider: %1.").arg(perProvider.join(QStringLiteral(", ")));
        lines << tr("New: %1, %2, %3.")
                     .arg(plural(s.instancesAdded, tr("instance type"), tr("instance types")),
                          plural(s.providersAdded, tr("provider"), tr("providers")),
                          plural(s.gpusAdded, tr("GPU model"), tr("GPU models")));
    }
    for (const QString &note : result.notes)
        lines << tr("Note: %1").arg(note);
    m_summary->setText(lines.join(QLatin1Char('\n')));
    m_summary->show();
}

} // namespace mltco::ui

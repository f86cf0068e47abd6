#include "ui/mainwindow.h"

#include "models/catalog/catalogrepository.h"
#include "models/store/document.h"

#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace mltco::ui {

MainWindow::MainWindow(std::unique_ptr<store::Document> document, const QString &planPath, QWidget *parent)
    : QMainWindow(parent), m_document(std::move(document)), m_tabs(new QTabWidget(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(QStringLiteral("%1 — mltco").arg(m_document->displayName()));
    m_tabs->setObjectName(QStringLiteral("pages"));
    setCentralWidget(m_tabs);
    buildPlanPage(planPath);
    buildCatalogPage();
    resize(1440, 900);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildCatalogPage()
{
    catalog::CatalogRepository repo(m_document->database());
    auto *model = new QStandardItemModel(this);
    model->setHorizontalHeaderLabels({tr("Provider"), tr("Instance"), tr("Region"), tr("Pricing"), tr("USD"),
                                      tr("Unit"), tr("Observed"), tr("Source")});
    for (const catalog::PricePoint &p : repo.prices()) {
        QList<QStandardItem *> row{new QStandardItem(p.provider), new QStandardItem(p.instance),
                                   new QStandardItem(p.region), new QStandardItem(catalog::pricingModelKey(p.pricing)),
                                   new QStandardItem(p.amount ? QLocale().toString(*p.amount, 'f', 4) : tr("missing")),
                                   new QStandardItem(catalog::priceUnitKey(p.unit)),
                                   new QStandardItem(p.observedAt.toString(Qt::ISODate)), new QStandardItem(p.source)};
        model->appendRow(row);
    }
    auto *view = new QTableView;
    view->setObjectName(QStringLiteral("priceTable"));
    view->setModel(model);
    view->setSortingEnabled(true);
    view->horizontalHeader()->setStretchLastSection(true);
    view->resizeColumnsToContents();
    m_tabs->addTab(view, tr("Catalog"));
}

void MainWindow::buildPlanPage(const QString &planPath)
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    QFile file(planPath);
    QString text;
    if (file.open(QIODevice::ReadOnly)) {
        const QJsonObject plan = QJsonDocument::fromJson(file.readAll()).object();
        text = tr("<h2>%1</h2><p>Scenarios:</p><ul>").arg(plan.value(QLatin1String("name")).toString().toHtmlEscaped());
        for (const QJsonValue &s : plan.value(QLatin1String("scenarios")).toArray())
            text += QStringLiteral("<li>%1 (%2)</li>")
                        .arg(s.toObject().value(QLatin1String("name")).toString().toHtmlEscaped(),
                             s.toObject().value(QLatin1String("kind")).toString());
        text += QStringLiteral("</ul>");
    } else {
        text = tr("The plan %1 cannot be read: %2").arg(QFileInfo(planPath).fileName(), file.errorString());
    }
    auto *label = new QLabel(text);
    label->setObjectName(QStringLiteral("planSummary"));
    label->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    layout->addWidget(label);
    m_tabs->addTab(page, tr("Plan"));
}

} // namespace mltco::ui

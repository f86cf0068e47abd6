// The Catalog page driven through its widgets: search and filters, adding a price through the dialog
// with undo and redo, refusals in words, GPU and instance-type edits.
#include "models/catalog/catalogeditor.h"
#include "models/store/document.h"
#include "tests/support/testmain.h"
#include "uitestutil.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QUndoStack>

using namespace mltco;

namespace {

int rowWith(const QAbstractItemModel *model, int column, const QString &text)
{
    for (int row = 0; row < model->rowCount(); ++row)
        if (model->index(row, column).data().toString() == text)
            return row;
    return -1;
}

void chooseData(QComboBox *combo, const QString &data)
{
    const int index = combo->findData(data);
    QVERIFY2(index >= 0, qPrintable(data));
    combo->setCurrentIndex(index);
}

} // namespace

class TestCatalogPage final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<UiFixture> m_ui;

    // Found within the page: other pages may use the same names.
    template <typename T> T *find(const QString &name) const
    {
        return m_ui->find<QWidget>(QStringLiteral("catalogPage"))->findChild<T *>(name);
    }
    QTableView *table(const char *name) const { return find<QTableView>(QLatin1String(name)); }
    QPushButton *button(const char *name) const { return find<QPushButton>(QLatin1String(name)); }
    void showTab(int tab) { find<QTabWidget>(QStringLiteral("catalogTabs"))->setCurrentIndex(tab); }
    void selectRow(QTableView *view, int column, const QString &text)
    {
        const int row = rowWith(view->model(), column, text);
        QVERIFY2(row >= 0, qPrintable(text));
        view->selectRow(row);
    }

private slots:
    void init()
    {
        m_ui = std::make_unique<UiFixture>();
        QVERIFY(m_ui->open());
        m_ui->window->showPage(ui::MainWindow::Catalog);
    }

    void cleanup() { m_ui.reset(); }

    void tablesHaveTheirObjectNamesAndUnitsInHeaders()
    {
        for (const char *name : {"gpuTable", "instanceTable", "priceTable"})
            QVERIFY2(table(name), name);
        for (const char *name : {"addPriceButton", "editButton", "deleteButton", "importButton"})
            QVERIFY2(button(name), name);
        QVERIFY(find<QLineEdit>(QStringLiteral("catalogSearch")));
        QCOMPARE(table("priceTable")->model()->headerData(5, Qt::Horizontal).toString(),
                 QStringLiteral("Price (USD/hour)"));
        QCOMPARE(table("gpuTable")->model()->headerData(4, Qt::Horizontal).toString(), QStringLiteral("Memory (GB)"));
    }

    void searchAndFiltersChangeTheRowCounts()
    {
        QTableView *prices = table("priceTable");
        QTableView *instances = table("instanceTable");
        QCOMPARE(prices->model()->rowCount(), 31);
        QCOMPARE(instances->model()->rowCount(), 190);
        QTest::keyClicks(find<QLineEdit>(QStringLiteral("catalogSearch")), QStringLiteral("p4d"));
        QTRY_COMPARE(prices->model()->rowCount(), 4);
        QCOMPARE(instances->model()->rowCount(), 2);
        find<QLineEdit>(QStringLiteral("catalogSearch"))->clear();
        QTRY_COMPARE(prices->model()->rowCount(), 31);

        chooseData(find<QComboBox>(QStringLiteral("providerFilter")), QStringLiteral("lambda"));
        QCOMPARE(prices->model()->rowCount(), 3);
        QCOMPARE(instances->model()->rowCount(), 3);
        chooseData(find<QComboBox>(QStringLiteral("providerFilter")), QStringLiteral("aws"));
        chooseData(find<QComboBox>(QStringLiteral("pricingFilter")), QStringLiteral("spot"));
        QCOMPARE(prices->model()->rowCount(), 6);
        QVERIFY(find<QTabWidget>(QStringLiteral("catalogTabs"))->tabText(0).contains(QStringLiteral("6 of 31")));
    }

    void addingAPriceThroughTheDialogIsOneUndoStep()
    {
        QTableView *prices = table("priceTable");
        QUndoStack *stack = m_ui->editor()->undoStack();
        QTest::mouseClick(button("addPriceButton"), Qt::LeftButton);
        auto *dialog = find<QDialog>(QStringLiteral("priceDialog"));
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        chooseData(dialog->findChild<QComboBox *>(QStringLiteral("priceProvider")), QStringLiteral("aws"));
        chooseData(dialog->findChild<QComboBox *>(QStringLiteral("priceInstance")), QStringLiteral("p3.8xlarge"));
        dialog->findChild<QComboBox *>(QStringLiteral("priceRegion"))->setCurrentText(QStringLiteral("us-east-1"));
        auto *amount = dialog->findChild<QLineEdit *>(QStringLiteral("priceAmount"));
        auto *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        auto *problems = dialog->findChild<QLabel *>(QStringLiteral("priceProblems"));

        QTest::keyClicks(amount, QStringLiteral("0"));
        QVERIFY(!ok->isEnabled());
        QVERIFY2(problems->text().contains(QStringLiteral("above $0")), qPrintable(problems->text()));
        amount->clear();
        QTest::keyClicks(amount, QStringLiteral("abc"));
        QVERIFY(problems->text().contains(QStringLiteral("not a number")));
        amount->clear();
        QTest::keyClicks(amount, QStringLiteral("11.75"));
        QVERIFY2(ok->isEnabled(), qPrintable(problems->text()));
        QTest::mouseClick(ok, Qt::LeftButton);

        QTRY_COMPARE(prices->model()->rowCount(), 32);
        QVERIFY(rowWith(prices->model(), 5, QStringLiteral("$11.75")) >= 0);
        QCOMPARE(stack->count(), 1);
        QVERIFY(stack->undoText().contains(QStringLiteral("p3.8xlarge")));
        stack->undo();
        QCOMPARE(prices->model()->rowCount(), 31);
        QCOMPARE(rowWith(prices->model(), 5, QStringLiteral("$11.75")), -1);
        stack->redo();
        QCOMPARE(prices->model()->rowCount(), 32);
        QVERIFY(rowWith(prices->model(), 5, QStringLiteral("$11.75")) >= 0);
    }

    void editingAPriceAddsAnObservation()
    {
        QTableView *prices = table("priceTable");
        selectRow(prices, 1, QStringLiteral("p5.48xlarge"));
        QTest::mouseClick(button("editButton"), Qt::LeftButton);
        auto *dialog = find<QDialog>(QStringLiteral("priceDialog"));
        QVERIFY(dialog);
        QCOMPARE(dialog->findChild<QComboBox *>(QStringLiteral("priceInstance"))->currentData().toString(),
                 QStringLiteral("p5.48xlarge"));
        auto *amount = dialog->findChild<QLineEdit *>(QStringLiteral("priceAmount"));
        amount->clear();
        QTest::keyClicks(amount, QStringLiteral("55"));
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
        QTRY_COMPARE(prices->model()->rowCount(), 32);
        QVERIFY(rowWith(prices->model(), 5, QStringLiteral("$98.32")) >= 0); // the earlier observation stays
    }

    void deletingIsRefusedWithTheReason()
    {
        auto *message = find<QLabel>(QStringLiteral("catalogMessage"));
        showTab(2);
        selectRow(table("gpuTable"), 0, QStringLiteral("A100 40GB"));
        QTest::mouseClick(button("deleteButton"), Qt::LeftButton);
        QVERIFY(message->isVisible());
        QVERIFY2(message->text().contains(QStringLiteral("cannot be deleted")), qPrintable(message->text()));
        QVERIFY(message->text().contains(QStringLiteral("instance type")));
        QCOMPARE(table("gpuTable")->model()->rowCount(), 35);

        showTab(1);
        selectRow(table("instanceTable"), 1, QStringLiteral("p5.48xlarge"));
        QTest::mouseClick(button("deleteButton"), Qt::LeftButton);
        QVERIFY2(message->text().contains(QStringLiteral("Delete its prices first")), qPrintable(message->text()));
        // One the plan's scenarios price themselves from is refused before anything else.
        selectRow(table("instanceTable"), 1, QStringLiteral("p3.8xlarge"));
        QTest::mouseClick(button("deleteButton"), Qt::LeftButton);
        QVERIFY2(message->text().contains(QStringLiteral("scenario")), qPrintable(message->text()));
        QCOMPARE(table("instanceTable")->model()->rowCount(), 190);
        QCOMPARE(m_ui->editor()->undoStack()->count(), 0);
    }

    void deletingImportedOrSeededPricesSaysWhatItDoesAndUndoRestoresThem()
    {
        QTableView *prices = table("priceTable");
        selectRow(prices, 1, QStringLiteral("p5.48xlarge"));
        QTest::mouseClick(button("deleteButton"), Qt::LeftButton);
        QCOMPARE(prices->model()->rowCount(), 30);
        auto *message = find<QLabel>(QStringLiteral("catalogMessage"));
        QVERIFY2(message->text().contains(QStringLiteral("Undo")), qPrintable(message->text()));
        m_ui->editor()->undoStack()->undo();
        QCOMPARE(prices->model()->rowCount(), 31);
    }

    void addingAndDeletingAnInstanceTypeAndAGpu()
    {
        QUndoStack *stack = m_ui->editor()->undoStack();
        QTest::mouseClick(button("addGpuButton"), Qt::LeftButton);
        auto *gpuDialog = find<QDialog>(QStringLiteral("gpuDialog"));
        QVERIFY(gpuDialog);
        QTest::keyClicks(gpuDialog->findChild<QLineEdit *>(QStringLiteral("gpuName")), QStringLiteral("B200 192GB"));
        QTest::mouseClick(gpuDialog->findChild<QPushButton *>(QStringLiteral("gpuAddFigure")), Qt::LeftButton);
        auto *ok = gpuDialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QVERIFY(!ok->isEnabled()); // a figure of 0 TFLOPS
        gpuDialog->findChild<QTableWidget *>(QStringLiteral("gpuFigures"))
            ->findChild<QDoubleSpinBox *>()
            ->setValue(1100);
        QVERIFY(ok->isEnabled());
        ok->click();
        QTRY_COMPARE(table("gpuTable")->model()->rowCount(), 36);

        QTest::mouseClick(button("addInstanceButton"), Qt::LeftButton);
        auto *dialog = find<QDialog>(QStringLiteral("instanceDialog"));
        QVERIFY(dialog);
        chooseData(dialog->findChild<QComboBox *>(QStringLiteral("instanceProvider")), QStringLiteral("on_prem"));
        QTest::keyClicks(dialog->findChild<QLineEdit *>(QStringLiteral("instanceName")), QStringLiteral("rack-b200"));
        chooseData(dialog->findChild<QComboBox *>(QStringLiteral("instanceGpu")), QStringLiteral("B200 192GB"));
        dialog->findChild<QDoubleSpinBox *>(QStringLiteral("instanceGpuCount"))->setValue(8);
        QTest::keyClicks(dialog->findChild<QLineEdit *>(QStringLiteral("instanceListPrice")),
                         QStringLiteral("450,000"));
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
        QTRY_COMPARE(table("instanceTable")->model()->rowCount(), 191);
        QCOMPARE(stack->count(), 2);

        // The new GPU is now in use: deleting it is refused; undoing both steps removes them.
        showTab(2);
        selectRow(table("gpuTable"), 0, QStringLiteral("B200 192GB"));
        QTest::mouseClick(button("deleteButton"), Qt::LeftButton);
        QVERIFY(find<QLabel>(QStringLiteral("catalogMessage"))->text().contains(QStringLiteral("rack-b200")));
        stack->undo();
        stack->undo();
        QCOMPARE(table("instanceTable")->model()->rowCount(), 190);
        QCOMPARE(table("gpuTable")->model()->rowCount(), 35);
        stack->redo();
        stack->redo();
        QCOMPARE(table("instanceTable")->model()->rowCount(), 191);
        const catalog::CatalogEditor editor(m_ui->window->document()->database());
        const QList<catalog::InstanceRecord> instances = editor.instanceTypes();
        QVERIFY(std::any_of(instances.cbegin(), instances.cend(), [](const catalog::InstanceRecord &r) {
            return r.type.name == QLatin1String("rack-b200") && r.listPrice == 450000.0;
        }));
    }

    void editingAGpuIsUndoneExactly()
    {
        showTab(2);
        selectRow(table("gpuTable"), 0, QStringLiteral("T4 16GB"));
        const catalog::CatalogEditor editor(m_ui->window->document()->database());
        qint64 id = 0;
        for (const catalog::GpuRecord &g : editor.gpus())
            if (g.gpu.name == QLatin1String("T4 16GB"))
                id = g.id;
        const catalog::CatalogImage before = *editor.image(catalog::CatalogTable::Gpu, id);
        QTest::mouseClick(button("editButton"), Qt::LeftButton);
        auto *dialog = find<QDialog>(QStringLiteral("gpuDialog"));
        QVERIFY(dialog);
        auto *speedup = dialog->findChild<QLineEdit *>(QStringLiteral("gpuSpeedup"));
        QTest::keyClicks(speedup, QStringLiteral("0.8"));
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
        QTRY_COMPARE(m_ui->editor()->undoStack()->count(), 1);
        QCOMPARE(editor.image(catalog::CatalogTable::Gpu, id)->row.value(QStringLiteral("speedup")).toDouble(), 0.8);
        m_ui->editor()->undoStack()->undo();
        const catalog::CatalogImage after = *editor.image(catalog::CatalogTable::Gpu, id);
        QCOMPARE(after.row.values, before.row.values);
        QCOMPARE(after.children.size(), before.children.size());
    }
};

MLTCO_TEST_MAIN(TestCatalogPage)
#include "tst_catalogpage.moc"

#pragma once

#include <QMainWindow>

#include <memory>

class QTabWidget;

namespace mltco::store {
class Document;
}

namespace mltco::ui {

/// The application window: one document, its catalog and the plan being studied.
class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(std::unique_ptr<store::Document> document, const QString &planPath, QWidget *parent = nullptr);
    ~MainWindow() override;

private:
    void buildCatalogPage();
    void buildPlanPage(const QString &planPath);

    std::unique_ptr<store::Document> m_document;
    QTabWidget *m_tabs = nullptr;
};

} // namespace mltco::ui

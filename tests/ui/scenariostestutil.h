// The Scenarios page's tests share this: the sample plan opened on the page, and ways to find its widgets, select
// a scenario, type and choose as a user does.
#pragma once

#include "tests/support/testmain.h"
#include "uitestutil.h"

#include "models/catalog/gputable.h"
#include "models/report/format.h"
#include "models/plan/parameters.h"
#include "ui/scenarios/scenariospage.h"

#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTableWidget>
#include <QInputDialog>
#include <QTimer>
#include <QToolButton>
#include <QTreeView>

#include <algorithm>

using namespace mltco;
using tco::ParamId;

namespace {

const QString kAws = QStringLiteral("AWS p3.8xlarge per engineer");
const QString kLinode = QStringLiteral("Linode RTX 6000 + Kubeflow");
const QString kOnPrem = QStringLiteral("On-prem 8xA100, 1 server");

} // namespace

/// The fixture of the Scenarios page's tests: a window on a new document, showing the page.
class ScenariosTest : public QObject
{
protected:
    std::unique_ptr<UiFixture> m_f;

    /// A widget of the Scenarios page (other pages may use the same names), or an action of the window.
    template<typename T>
    T *find(const QString &name) const
    {
        if constexpr (std::is_base_of_v<QWidget, T>)
            return m_f->onScenarios<T>(name);
        else
            return m_f->find<T>(name);
    }

    int indexOf(const QString &name) const { return m_f->indexOf(name); }
    const tco::PlanScenario &scenario(const QString &name) const { return m_f->scenario(name); }

    double total(const QString &name) const
    {
        return m_f->editor()->result()->atPlanPosition(static_cast<std::size_t>(indexOf(name)))->result.total;
    }

    bool select(const QString &name) { return m_f->select(name); }
    static void type(QLineEdit *edit, const QString &text) { UiFixture::type(edit, text); }
    static bool choose(QComboBox *combo, const QString &text) { return UiFixture::choose(combo, text); }

    void addScenario(const QString &kindKey)
    {
        auto *button = find<QToolButton>(QStringLiteral("addScenarioButton"));
        QVERIFY(button);
        QTimer::singleShot(0, this, [button, kindKey] {
            QMenu *menu = button->menu();
            QTRY_VERIFY(menu->isVisible());
            QAction *action = menu->findChild<QAction *>(QStringLiteral("addScenario_") + kindKey);
            QVERIFY(action);
            menu->setActiveAction(action);
            QTest::keyClick(menu, Qt::Key_Return);
        });
        QTest::mouseClick(button, Qt::LeftButton);
    }

    void openOnScenarios()
    {
        m_f = std::make_unique<UiFixture>();
        QVERIFY(m_f->open());
        m_f->window->showPage(ui::MainWindow::Scenarios);
        QVERIFY2(m_f->editor()->result(), qPrintable(m_f->editor()->evaluationError()));
    }
};

#pragma once

// Shared set-up for GUI tests: a main window on a fresh document (seed catalog + sample plan) in a
// temporary folder, with QStandardPaths' test mode on so the user's files are never touched.
#include "ui/core/planeditor.h"
#include "ui/mainwindow.h"
#include "ui/scenarios/scenariospage.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QTableWidget>
#include <QTest>
#include <QTreeView>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <memory>

/// A window on `location` (a document file or a team store's URL), shown at 1440x900; nullptr, with the reason
/// warned, when it cannot be opened.
inline std::unique_ptr<mltco::ui::MainWindow> windowOn(const QString &location)
{
    auto window = std::make_unique<mltco::ui::MainWindow>();
    if (const mltco::Status s = window->openDocument(location); !s) {
        qWarning("%s", qPrintable(s.error().message));
        return nullptr;
    }
    window->resize(1440, 900);
    window->show();
    return window;
}

struct UiFixture
{
    QTemporaryDir dir;
    std::unique_ptr<mltco::ui::MainWindow> window;

    /// Opens a new document named `name` in the temporary folder and shows the window at 1440x900.
    bool open(const QString &name = QStringLiteral("test.mltco"))
    {
        QStandardPaths::setTestModeEnabled(true);
        window = std::make_unique<mltco::ui::MainWindow>();
        const mltco::Status s = window->openDocument(dir.filePath(name));
        if (!s) {
            qWarning("%s", qPrintable(s.error().message));
            return false;
        }
        window->resize(1440, 900);
        window->show();
        return QTest::qWaitForWindowExposed(window.get());
    }

    mltco::ui::PlanEditor *editor() const { return window->editor(); }

    template<typename T>
    T *find(const QString &objectName) const
    {
        return window->findChild<T *>(objectName);
    }

    /// A widget of the Scenarios page (other pages may use the same object names).
    template<typename T>
    T *onScenarios(const QString &objectName) const
    {
        auto *page = find<mltco::ui::ScenariosPage>(QStringLiteral("scenariosPage"));
        return page ? page->findChild<T *>(objectName) : nullptr;
    }

    /// Position of the scenario named `name` in the plan; -1 when there is none.
    int indexOf(const QString &name) const
    {
        const auto &scenarios = editor()->plan().scenarios;
        for (int i = 0; i < scenarios.size(); ++i) {
            if (scenarios.at(i).name == name)
                return i;
        }
        return -1;
    }

    const mltco::tco::PlanScenario &scenario(const QString &name) const
    {
        return editor()->plan().scenarios.at(indexOf(name));
    }

    /// Clicks the scenario's row in the Scenarios page's list; true when it became the current scenario.
    bool select(const QString &name)
    {
        auto *view = onScenarios<QTreeView>(QStringLiteral("scenarioList"));
        const int row = indexOf(name);
        if (!view || row < 0)
            return false;
        const QModelIndex index = view->model()->index(row, 0);
        view->scrollTo(index);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
        auto *page = find<mltco::ui::ScenariosPage>(QStringLiteral("scenariosPage"));
        return page && page->currentScenario() == row;
    }

    /// Replaces the text of a field the way a user does (select all, type) and presses Enter.
    static void type(QLineEdit *edit, const QString &text)
    {
        edit->setFocus();
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
    }

    /// Edits a cell of a table the way a user does: click it, F2, type, Enter.
    static void typeInCell(QTableWidget *table, int row, int column, const QString &text)
    {
        const QRect rect = table->visualItemRect(table->item(row, column));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rect.center());
        QTest::keyClick(table, Qt::Key_F2);
        QLineEdit *editor = nullptr;
        QVERIFY(QTest::qWaitFor([&] { return (editor = table->viewport()->findChild<QLineEdit *>()) != nullptr; }));
        type(editor, text);
    }

    /// Opens the combo's list and clicks the first item whose text starts with `text` (or matches it as `flags`
    /// say).
    static bool choose(QComboBox *combo, const QString &text, Qt::MatchFlags flags = Qt::MatchStartsWith)
    {
        const int row = combo->findText(text, flags);
        if (row < 0)
            return false;
        combo->showPopup();
        QAbstractItemView *view = combo->view();
        if (!QTest::qWaitFor([&] { return view->isVisible(); }))
            return false;
        const QModelIndex index = view->model()->index(row, 0);
        view->scrollTo(index);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
        return QTest::qWaitFor([&] { return !view->isVisible(); }) && combo->currentIndex() == row;
    }
};

#pragma once

// Shared set-up for GUI tests: a main window on a fresh document (seed catalog + sample plan) in a
// temporary folder, with QStandardPaths' test mode on so the user's files are never touched.
#include "ui/core/planeditor.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

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
};

#pragma once

#include "models/common/progress.h"

#include <QPointer>
#include <QProgressDialog>

#include <memory>

namespace mltco::ui {

/// The progress dialog of a long import (a price file, a bill) that runs on a thread of its own: window-modal, shown
/// after 300 ms, left open until the import ends, `steps` steps; Cancel cancels `progress` and says that nothing will
/// be added. Named `objectName` for tests.
QProgressDialog *newImportProgressDialog(QWidget *parent, const QString &objectName, const QString &fileName, int steps,
                                         const std::shared_ptr<ImportProgress> &progress);

} // namespace mltco::ui

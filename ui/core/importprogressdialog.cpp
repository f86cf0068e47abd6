#include "ui/core/importprogressdialog.h"

namespace mltco::ui {

QProgressDialog *newImportProgressDialog(QWidget *parent, const QString &objectName, const QString &fileName, int steps,
                                         const std::shared_ptr<ImportProgress> &progress)
{
    auto *dialog = new QProgressDialog(QProgressDialog::tr("Reading %1…").arg(fileName), QProgressDialog::tr("Cancel"),
                                       0, steps, parent);
    dialog->setObjectName(objectName);
    dialog->setWindowTitle(QProgressDialog::tr("Importing %1").arg(fileName));
    dialog->setWindowModality(Qt::WindowModal);
    dialog->setMinimumDuration(300);
    dialog->setAutoClose(false);
    dialog->setAutoReset(false);
    dialog->setMinimumWidth(420);
    QPointer<QProgressDialog> guard(dialog);
    QObject::connect(dialog, &QProgressDialog::canceled, dialog, [guard, progress] {
        progress->cancel();
        if (guard)
            guard->setLabelText(QProgressDialog::tr("Cancelling: nothing will be added…"));
    });
    dialog->setValue(0);
    return dialog;
}

} // namespace mltco::ui

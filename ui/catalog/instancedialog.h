#pragma once

#include "models/catalog/catalogeditor.h"

#include <QDialog>
#include <QSet>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace mltco::ui {

/// Adds or edits an instance type. Checks as the user types: a name unique within the provider, a
/// GPU count above 0 when a GPU is chosen, a positive list price or none, and no rename of an
/// instance type a scenario of the plan names (the scenario would lose its price).
class InstanceDialog final : public QDialog
{
    Q_OBJECT

public:
    /// `existing` are every instance type (for the unique-name check); `usedByPlan` maps
    /// "provider\x1fname" of instance types the plan's scenarios name to the first such scenario.
    InstanceDialog(const QList<catalog::Provider> &providers, const QList<catalog::GpuRecord> &gpus,
                   const QList<catalog::InstanceRecord> &existing, const QHash<QString, QString> &usedByPlan,
                   QWidget *parent = nullptr);

    void edit(const catalog::InstanceRecord &record);
    catalog::InstanceType instanceType() const;
    std::optional<double> listPrice() const;
    QStringList problems() const;

    static QString key(const QString &provider, const QString &name) { return provider + QChar(0x1f) + name; }

private:
    void validate();

    QList<catalog::InstanceRecord> m_existing;
    QHash<QString, QString> m_usedByPlan;
    std::optional<catalog::InstanceRecord> m_original;
    QComboBox *m_provider;
    QLineEdit *m_name;
    QComboBox *m_gpu;
    QDoubleSpinBox *m_gpuCount;
    QDoubleSpinBox *m_vcpus;
    QDoubleSpinBox *m_memory;
    QLineEdit *m_listPrice;
    QLabel *m_problems;
    QDialogButtonBox *m_buttons;
};

} // namespace mltco::ui

#pragma once

#include "models/catalog/catalogeditor.h"

#include <QDialog>
#include <QHash>

class QComboBox;
class QDateEdit;
class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace mltco::ui {

/// Enters one price observation. Prices are observations (model.md §2): "editing" a price opens this
/// dialog pre-filled from it, and saving adds a new observation; the earlier one stays in the history.
/// Every field is checked as it is typed, and the problems are listed in words under the form.
class PriceDialog final : public QDialog
{
    Q_OBJECT

public:
    /// `regions` lists the regions seen per provider, offered as suggestions.
    PriceDialog(const QList<catalog::Provider> &providers, const QList<catalog::InstanceRecord> &instances,
                const QHash<QString, QStringList> &regions, QWidget *parent = nullptr);

    /// Pre-fills from an existing observation, dated today.
    void startFrom(const catalog::PricePoint &price);
    catalog::PricePoint price() const;
    /// What is wrong with the current input, in words; empty when it can be saved.
    QStringList problems() const;

private:
    void fillInstances();
    void fillRegions();
    void validate();

    QList<catalog::InstanceRecord> m_instances;
    QHash<QString, QStringList> m_regions;
    QLabel *m_intro;
    QComboBox *m_provider;
    QComboBox *m_instance;
    QComboBox *m_region;
    QLineEdit *m_zone;
    QComboBox *m_pricing;
    QLineEdit *m_amount;
    QComboBox *m_unit;
    QLabel *m_hourly;
    QDateEdit *m_observedAt;
    QLineEdit *m_note;
    QLabel *m_problems;
    QDialogButtonBox *m_buttons;
};

/// Parses a money amount as a person types it: "12.24", "$1,000", " 3.5 ". nullopt when it is not a number.
std::optional<double> parseAmount(const QString &text);

} // namespace mltco::ui

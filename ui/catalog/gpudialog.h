#pragma once

#include "models/catalog/catalogeditor.h"

#include <QDialog>

class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTableWidget;

namespace mltco::ui {

/// Adds or edits a GPU model and its throughput figures. A figure the user leaves alone keeps its
/// source (a datasheet, a seed article); one typed in or changed is the user's.
class GpuDialog final : public QDialog
{
    Q_OBJECT

public:
    GpuDialog(const QList<catalog::GpuRecord> &existing, const QHash<QString, catalog::Source> &sources,
              QWidget *parent = nullptr);

    void edit(const catalog::GpuRecord &record);
    catalog::Gpu gpu() const;
    QStringList problems() const;
    /// Appends a figure row (used by the "Add figure" button and by tests).
    void addFigure(const catalog::ThroughputFigure &figure, bool original = false);

private:
    void validate();

    QList<catalog::GpuRecord> m_existing;
    QHash<QString, catalog::Source> m_sources;
    std::optional<catalog::GpuRecord> m_original;
    QList<std::optional<catalog::ThroughputFigure>> m_rowOriginals;
    QLineEdit *m_name;
    QLineEdit *m_vendor;
    QLineEdit *m_architecture;
    QSpinBox *m_year;
    QDoubleSpinBox *m_memory;
    QDoubleSpinBox *m_tdp;
    QLineEdit *m_speedup;
    QTableWidget *m_figures;
    QLabel *m_problems;
    QDialogButtonBox *m_buttons;
};

} // namespace mltco::ui

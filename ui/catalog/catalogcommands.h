#pragma once

#include "models/catalog/catalogeditor.h"

#include <QPointer>
#include <QUndoCommand>

namespace mltco::ui {

class CatalogModels;
class PlanEditor;

// The catalog edits a user makes, as commands on the document's undo stack. Each is pushed after
// its first write succeeded (so a refused edit never reaches the stack); undo and redo then work
// from exact images of the rows. An undo or redo that the document refuses (say, an instance type
// that an import has since given prices) reports why and drops the step.

/// Base: the document, the models to refresh, and what to do when the document refuses.
class CatalogCommand : public QUndoCommand
{
public:
    CatalogCommand(CatalogModels *models, catalog::CatalogTable table, const QString &text);

protected:
    catalog::CatalogEditor editor() const;
    /// Refreshes the models after rows of the table were written.
    void touched(const QList<qint64> &added, const QList<qint64> &removed, bool namesChanged = false);
    void fail(const QString &what, const Error &error);

    QPointer<CatalogModels> m_models;
    PlanEditor *m_planEditor;
    catalog::CatalogTable m_table;
};

/// A GPU, instance type or price observation the user added.
class AddCatalogRowCommand final : public CatalogCommand
{
public:
    AddCatalogRowCommand(CatalogModels *models, catalog::CatalogTable table, qint64 id, const QString &text);
    void undo() override;
    void redo() override;
    qint64 rowId() const { return m_id; }

private:
    qint64 m_id;
    QList<catalog::CatalogImage> m_removed;
    bool m_done = true;
};

/// A GPU or instance type changed in place (prices are never changed: a new price is a new row).
class EditCatalogRowCommand final : public CatalogCommand
{
public:
    EditCatalogRowCommand(CatalogModels *models, catalog::CatalogImage before, catalog::CatalogImage after,
                          const QString &text);
    void undo() override;
    void redo() override;

private:
    void write(const catalog::CatalogImage &image);

    catalog::CatalogImage m_before;
    catalog::CatalogImage m_after;
    bool m_namesChanged;
    bool m_done = true;
};

/// Rows the user deleted (several price observations at once, or one GPU or instance type).
class DeleteCatalogRowsCommand final : public CatalogCommand
{
public:
    DeleteCatalogRowsCommand(CatalogModels *models, catalog::CatalogTable table, QList<catalog::CatalogImage> removed,
                             const QString &text);
    void undo() override;
    void redo() override;

private:
    QList<qint64> ids() const;

    QList<catalog::CatalogImage> m_removed;
    bool m_done = true;
};

} // namespace mltco::ui

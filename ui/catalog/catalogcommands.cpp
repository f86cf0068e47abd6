#include "ui/catalog/catalogcommands.h"

#include "models/store/document.h"
#include "ui/catalog/catalogmodels.h"
#include "ui/core/planeditor.h"

#include <QSet>

namespace mltco::ui {

using catalog::CatalogTable;

CatalogCommand::CatalogCommand(CatalogModels *models, CatalogTable table, const QString &text)
    : QUndoCommand(text), m_models(models), m_planEditor(models->planEditor()), m_table(table)
{}

catalog::CatalogEditor CatalogCommand::editor() const
{
    return catalog::CatalogEditor(m_planEditor->document().database());
}

void CatalogCommand::touched(const QList<qint64> &added, const QList<qint64> &removed, bool namesChanged)
{
    if (!m_models) {
        m_planEditor->reevaluate();
        return;
    }
    switch (m_table) {
    case CatalogTable::Gpu:
        m_models->gpusChanged();
        break;
    case CatalogTable::InstanceType:
        m_models->instancesChanged(namesChanged);
        break;
    case CatalogTable::PricePoint:
        if (!removed.isEmpty())
            m_models->pricesRemoved(QSet<qint64>(removed.cbegin(), removed.cend()));
        if (!added.isEmpty())
            m_models->pricesAdded(added);
        break;
    }
}

void CatalogCommand::fail(const QString &what, const Error &error)
{
    setObsolete(true); // the stack drops a step that cannot be carried out
    if (m_models)
        m_models->reportFailure(QStringLiteral("%1 “%2” could not be done: %3").arg(what, text(), error.message));
}

AddCatalogRowCommand::AddCatalogRowCommand(CatalogModels *models, CatalogTable table, qint64 id, const QString &text)
    : CatalogCommand(models, table, text), m_id(id)
{}

void AddCatalogRowCommand::undo()
{
    Expected<QList<catalog::CatalogImage>> removed = editor().remove(m_table, {m_id});
    if (!removed)
        return fail(QObject::tr("Undo"), removed.error());
    m_removed = *removed;
    touched({}, {m_id});
}

void AddCatalogRowCommand::redo()
{
    if (m_done) { // the row was written before the command was pushed
        m_done = false;
        touched({m_id}, {});
        return;
    }
    if (Status s = editor().reinsert(m_removed); !s)
        return fail(QObject::tr("Redo"), s.error());
    m_id = m_removed.first().id;
    touched({m_id}, {});
}

EditCatalogRowCommand::EditCatalogRowCommand(CatalogModels *models, catalog::CatalogImage before,
                                             catalog::CatalogImage after, const QString &text)
    : CatalogCommand(models, before.table, text), m_before(std::move(before)), m_after(std::move(after))
{
    const auto key = [](const catalog::CatalogImage &i) {
        return QStringList{i.row.value(QStringLiteral("name")).toString(),
                           i.row.value(QStringLiteral("provider_id")).toString()};
    };
    m_namesChanged = key(m_before) != key(m_after);
}

void EditCatalogRowCommand::write(const catalog::CatalogImage &image)
{
    if (Status s = editor().overwrite(image); !s)
        return fail(&image == &m_before ? QObject::tr("Undo") : QObject::tr("Redo"), s.error());
    touched({image.id}, {}, m_namesChanged);
}

void EditCatalogRowCommand::undo()
{
    write(m_before);
}

void EditCatalogRowCommand::redo()
{
    if (m_done) {
        m_done = false;
        touched({m_after.id}, {}, m_namesChanged);
        return;
    }
    write(m_after);
}

DeleteCatalogRowsCommand::DeleteCatalogRowsCommand(CatalogModels *models, CatalogTable table,
                                                   QList<catalog::CatalogImage> removed, const QString &text)
    : CatalogCommand(models, table, text), m_removed(std::move(removed))
{}

QList<qint64> DeleteCatalogRowsCommand::ids() const
{
    QList<qint64> out;
    out.reserve(m_removed.size());
    for (const catalog::CatalogImage &i : m_removed)
        out << i.id;
    return out;
}

void DeleteCatalogRowsCommand::undo()
{
    if (Status s = editor().reinsert(m_removed); !s)
        return fail(QObject::tr("Undo"), s.error());
    touched(ids(), {});
}

void DeleteCatalogRowsCommand::redo()
{
    if (m_done) {
        m_done = false;
        touched({}, ids());
        return;
    }
    Expected<QList<catalog::CatalogImage>> removed = editor().remove(m_table, ids());
    if (!removed)
        return fail(QObject::tr("Redo"), removed.error());
    m_removed = *removed;
    touched({}, ids());
}

} // namespace mltco::ui

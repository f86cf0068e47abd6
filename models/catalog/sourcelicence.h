#pragma once

#include <QString>

// An import records its file's licence as its source's note, "Licence: CC BY-SA 4.0" (importers/importwriter.cpp);
// the price listing reads it back from there (CatalogRepository::sourceLicences). One spelling for both.
namespace mltco::catalog {

inline QString licenceNote(const QString &licence)
{
    return QStringLiteral("Licence: ") + licence;
}

/// The licence a source's note records, or empty when the note is not a licence note.
inline QString licenceOfNote(const QString &note)
{
    const QString prefix = licenceNote(QString());
    return note.startsWith(prefix) ? note.mid(prefix.size()).trimmed() : QString();
}

} // namespace mltco::catalog

#pragma once

#include "models/common/expected.h"

#include <QString>

namespace mltco::ui::keyring {

/// The password the desktop keyring (Secret Service, KWallet; through QtKeychain) keeps for a team store, by its
/// address without a password (store::StoreAddress::displayUrl()). Empty when it keeps none, or there is no keyring
/// (a headless session): the caller then asks, or libpq reads ~/.pgpass. Passwords are never written to settings.
QString password(const QString &storeUrl);
/// Keeps `password` for the store in the keyring; the error says why it could not (no keyring running).
Status savePassword(const QString &storeUrl, const QString &password);
/// Forgets the store's password (after the server refused it).
void forgetPassword(const QString &storeUrl);

} // namespace mltco::ui::keyring

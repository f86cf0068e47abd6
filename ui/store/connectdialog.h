#pragma once

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace mltco::ui {

/// File › Connect to team store…: the address of a PostgreSQL team store, piece by piece (host, port, database,
/// user, TLS), with the password asked here and, when wished, kept in the desktop keyring, never in settings.
/// Shows the URL it makes (what `mltco --store` and `mltco-cli --store` take) and refuses what is missing inline.
class ConnectDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit ConnectDialog(QWidget *parent = nullptr);

    /// Fills the fields from a store URL (e.g. the last one used); the password is not part of it. Options the
    /// dialog has no field for (a client certificate, channel_binding, …) are kept and stay part of url().
    void setUrl(const QString &url);
    /// The store's address without a password.
    QString url() const;
    QString password() const;
    bool rememberPassword() const;
    /// Shows why the last attempt failed (wrong password, no server), above the buttons.
    void setError(const QString &message);

private:
    void update();

    QLineEdit *m_host;
    QSpinBox *m_port;
    QLineEdit *m_database;
    QLineEdit *m_user;
    QComboBox *m_tls;
    QLineEdit *m_caFile;
    QLineEdit *m_password;
    QCheckBox *m_remember;
    QLabel *m_urlLabel;
    QLabel *m_problem;
    QDialogButtonBox *m_buttons;
    QStringList m_otherOptions; ///< the address's options this dialog has no field for, kept as they were given
};

} // namespace mltco::ui

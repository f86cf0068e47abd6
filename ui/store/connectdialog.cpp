#include "ui/store/connectdialog.h"

#include "models/store/location.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QUrl>
#include <QUrlQuery>
#include <QVBoxLayout>

namespace mltco::ui {

ConnectDialog::ConnectDialog(QWidget *parent)
    : QDialog(parent), m_host(new QLineEdit(this)), m_port(new QSpinBox(this)), m_database(new QLineEdit(this)),
      m_user(new QLineEdit(this)), m_tls(new QComboBox(this)), m_caFile(new QLineEdit(this)),
      m_password(new QLineEdit(this)),
      m_remember(new QCheckBox(tr("Remember the password in the desktop keyring"), this)), m_urlLabel(new QLabel(this)),
      m_problem(new QLabel(this)), m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Connect to team store"));
    setObjectName(QStringLiteral("connectDialog"));
    m_host->setObjectName(QStringLiteral("storeHost"));
    m_host->setPlaceholderText(tr("db.example.com (empty: this machine's socket)"));
    m_port->setObjectName(QStringLiteral("storePort"));
    m_port->setRange(1, 65535);
    m_port->setValue(5432);
    m_database->setObjectName(QStringLiteral("storeDatabase"));
    m_database->setPlaceholderText(tr("mltco"));
    m_user->setObjectName(QStringLiteral("storeUser"));
    m_user->setText(qEnvironmentVariable("USER"));
    m_tls->setObjectName(QStringLiteral("storeTls"));
    // libpq's sslmode values, with what each one promises.
    m_tls->addItem(tr("Prefer TLS (libpq's default)"), QStringLiteral("prefer"));
    m_tls->addItem(tr("Require TLS"), QStringLiteral("require"));
    m_tls->addItem(tr("Require TLS, check the server's certificate"), QStringLiteral("verify-ca"));
    m_tls->addItem(tr("Require TLS, check the certificate and host name"), QStringLiteral("verify-full"));
    m_tls->addItem(tr("No TLS"), QStringLiteral("disable"));
    m_caFile->setObjectName(QStringLiteral("storeCaFile"));
    m_caFile->setPlaceholderText(tr("~/.postgresql/root.crt"));
    auto *browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("CA certificate"), QString(),
                                                          tr("Certificates (*.crt *.pem);;All files (*)"));
        if (!file.isEmpty())
            m_caFile->setText(file);
    });
    auto *caRow = new QHBoxLayout;
    caRow->addWidget(m_caFile, 1);
    caRow->addWidget(browse);
    m_password->setObjectName(QStringLiteral("storePassword"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("empty: from the keyring or ~/.pgpass"));
    m_remember->setObjectName(QStringLiteral("storeRemember"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Host:"), m_host);
    form->addRow(tr("&Port:"), m_port);
    form->addRow(tr("&Database:"), m_database);
    form->addRow(tr("&User:"), m_user);
    form->addRow(tr("&TLS:"), m_tls);
    form->addRow(tr("CA &certificate:"), caRow);
    form->addRow(tr("Pass&word:"), m_password);
    form->addRow(QString(), m_remember);

    m_urlLabel->setObjectName(QStringLiteral("storeUrl"));
    m_urlLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_urlLabel->setWordWrap(true);
    m_problem->setObjectName(QStringLiteral("storeProblem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: palette(highlight);"));
    QPushButton *connectButton = m_buttons->addButton(tr("Connect"), QDialogButtonBox::AcceptRole);
    connectButton->setObjectName(QStringLiteral("connectButton"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("A team store keeps one catalog, its price history, plans and bills on a PostgreSQL "
                                "server for a whole team. Ask its administrator for the address (docs/team-store.md)."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_urlLabel);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);
    for (QLineEdit *edit : {m_host, m_database, m_user, m_caFile})
        connect(edit, &QLineEdit::textChanged, this, &ConnectDialog::update);
    connect(m_port, &QSpinBox::valueChanged, this, &ConnectDialog::update);
    connect(m_tls, &QComboBox::currentIndexChanged, this, &ConnectDialog::update);
    update();
    resize(560, sizeHint().height());
}

void ConnectDialog::setUrl(const QString &text)
{
    const Expected<store::StoreAddress> a = store::parseStoreUrl(text);
    if (!a)
        return;
    m_host->setText(a->host);
    m_port->setValue(a->port);
    m_database->setText(a->database);
    m_user->setText(a->user);
    m_otherOptions.clear();
    for (const QString &option : a->options) {
        const QString key = option.section(QLatin1Char('='), 0, 0);
        const QString value = option.section(QLatin1Char('='), 1);
        if (key == QLatin1String("sslmode") && m_tls->findData(value) >= 0)
            m_tls->setCurrentIndex(m_tls->findData(value));
        else if (key == QLatin1String("sslrootcert"))
            m_caFile->setText(value);
        else
            m_otherOptions << option; // e.g. sslmode=allow, sslcert, channel_binding: passed on as given
    }
    update();
}

QString ConnectDialog::url() const
{
    store::StoreAddress a;
    a.host = m_host->text().trimmed();
    a.port = m_port->value();
    a.database = m_database->text().trimmed();
    a.user = m_user->text().trimmed();
    const QString tls = m_tls->currentData().toString();
    if (tls != QLatin1String("prefer"))
        a.options << QStringLiteral("sslmode=") + tls;
    if (!m_caFile->text().trimmed().isEmpty())
        a.options << QStringLiteral("sslrootcert=") + m_caFile->text().trimmed();
    a.options << m_otherOptions;
    return a.displayUrl();
}

QString ConnectDialog::password() const
{
    return m_password->text();
}
bool ConnectDialog::rememberPassword() const
{
    return m_remember->isChecked();
}

void ConnectDialog::setError(const QString &message)
{
    m_problem->setText(message);
    m_password->setFocus();
}

void ConnectDialog::update()
{
    QString problem;
    if (m_database->text().trimmed().isEmpty())
        problem = tr("Name the database that holds the store.");
    else if (m_user->text().trimmed().isEmpty())
        problem = tr("Give the user name to log in as.");
    else if (const Expected<store::StoreAddress> parsed = store::parseStoreUrl(url()); !parsed)
        problem = parsed.error().message;
    m_problem->setText(problem);
    m_urlLabel->setText(tr("Address: <code>%1</code>").arg(url().toHtmlEscaped()));
    for (QAbstractButton *b : m_buttons->buttons())
        if (m_buttons->buttonRole(b) == QDialogButtonBox::AcceptRole)
            b->setEnabled(problem.isEmpty());
}

} // namespace mltco::ui

#include "ui/scenarios/plandetailsdialog.h"

#include "models/catalog/importers/importhelpers.h"
#include "ui/core/theme.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace mltco::ui {

PlanDetailsDialog::PlanDetailsDialog(const QString &title, const QString &notes, QWidget *parent)
    : QDialog(parent), m_title(new QLineEdit(title)), m_notes(new QPlainTextEdit(notes)), m_error(new QLabel),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setObjectName(QStringLiteral("planDetailsDialog"));
    setWindowTitle(tr("Plan title and notes"));
    m_title->setObjectName(QStringLiteral("planTitleEdit"));
    m_title->setAccessibleName(tr("Plan title"));
    m_title->setMaxLength(kMaxTitle + 1); // one over, so that a pasted long title is refused in words, not cut
    m_notes->setObjectName(QStringLiteral("planNotesEdit"));
    m_notes->setAccessibleName(tr("Plan notes"));
    m_notes->setTabChangesFocus(true);
    m_notes->setPlaceholderText(tr("What the plan is for, where its figures come from: printed in the report."));
    m_error->setObjectName(QStringLiteral("planTitleError"));
    m_error->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::WarningText)));
    m_error->setWordWrap(true);

    auto *form = new QFormLayout;
    form->addRow(tr("&Title"), m_title);
    form->addRow(QString(), m_error);
    form->addRow(tr("&Notes"), m_notes);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_buttons);
    setTabOrder(m_title, m_notes);
    setTabOrder(m_notes, m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_title, &QLineEdit::textChanged, this, &PlanDetailsDialog::check);
    resize(520, 320);
    check();
}

QString PlanDetailsDialog::title() const { return m_title->text().trimmed(); }

QString PlanDetailsDialog::notes() const { return m_notes->toPlainText(); }

QString PlanDetailsDialog::titleProblem(const QString &raw)
{
    const QString title = raw.trimmed();
    if (title.isEmpty())
        return tr("Give the plan a title: it heads the dashboard and the report.");
    if (title.size() > kMaxTitle)
        return tr("At most %1 characters (this is %2).").arg(kMaxTitle).arg(title.size());
    for (qsizetype i = 0; i < title.size(); ++i) {
        const QChar c = title.at(i);
        if (c.category() == QChar::Other_Control || catalog::import::isInvisibleFormat(c.unicode()))
            return tr("Letters, digits, spaces and punctuation only: character %1 is a control or invisible "
                      "character (U+%2).")
                .arg(i + 1)
                .arg(QStringLiteral("%1").arg(c.unicode(), 4, 16, QLatin1Char('0')).toUpper());
    }
    return {};
}

void PlanDetailsDialog::check()
{
    const QString problem = titleProblem(m_title->text());
    m_error->setText(problem);
    m_error->setVisible(!problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

} // namespace mltco::ui

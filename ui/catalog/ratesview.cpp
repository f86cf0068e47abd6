#include "ui/catalog/ratesview.h"

#include "models/catalog/fxrates.h"
#include "models/catalog/importers/ecbrates.h"
#include "models/common/currency.h"
#include "models/report/format.h"
#include "models/store/document.h"
#include "ui/charts/chartview.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"

#include <QApplication>
#include <QChart>
#include <QComboBox>
#include <QDateEdit>
#include <QDateTimeAxis>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QLocale>
#include <QPushButton>
#include <QValueAxis>
#include <QVBoxLayout>

#include <cmath>

namespace mltco::ui {

RatesView::RatesView(PlanEditor *editor, QWidget *parent)
    : QWidget(parent), m_editor(editor), m_summary(new QLabel(this)), m_currency(new QComboBox(this)),
      m_chart(new ChartView(this)), m_message(new QLabel(this)), m_addCurrency(new QLineEdit(this)),
      m_addDate(new QDateEdit(this)), m_addRate(new QLineEdit(this)), m_addSource(new QLineEdit(this)),
      m_addButton(new QPushButton(tr("Add rate"), this)),
      m_importButton(new QPushButton(tr("Import ECB rates\u2026"), this))
{
    setObjectName(QStringLiteral("ratesView"));
    auto *layout = new QVBoxLayout(this);

    m_summary->setObjectName(QStringLiteral("ratesSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_summary);

    auto *top = new QHBoxLayout;
    auto *currencyLabel = new QLabel(tr("Currency"), this);
    currencyLabel->setBuddy(m_currency);
    m_currency->setObjectName(QStringLiteral("ratesCurrency"));
    m_currency->setAccessibleName(tr("Currency whose history is shown"));
    top->addWidget(currencyLabel);
    top->addWidget(m_currency);
    top->addStretch(1);
    m_importButton->setObjectName(QStringLiteral("importRatesButton"));
    m_importButton->setToolTip(tr("Import the European Central Bank's reference rates: eurofxref-hist.zip (every day "
                                  "since 1999), its CSV, or the single-day eurofxref.csv (File \u203a Import exchange "
                                  "rates\u2026)."));
    top->addWidget(m_importButton);
    layout->addLayout(top);

    m_chart->setObjectName(QStringLiteral("ratesChart"));
    m_chart->setMinimumHeight(220);
    layout->addWidget(m_chart, 1);

    // A rate typed in, with where it comes from: a bank's statement, a treasury's rate, a contract's.
    auto *add = new QGridLayout;
    const auto labelled = [&](int column, const QString &text, QWidget *field) {
        auto *label = new QLabel(text, this);
        label->setBuddy(field);
        add->addWidget(label, 0, column);
        add->addWidget(field, 1, column);
    };
    m_addCurrency->setObjectName(QStringLiteral("addRateCurrency"));
    m_addCurrency->setPlaceholderText(QStringLiteral("CHF"));
    m_addCurrency->setMaxLength(3);
    m_addCurrency->setMaximumWidth(70);
    m_addDate->setObjectName(QStringLiteral("addRateDate"));
    m_addDate->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    m_addDate->setCalendarPopup(true);
    m_addDate->setDate(QDate::currentDate());
    m_addRate->setObjectName(QStringLiteral("addRateValue"));
    m_addRate->setPlaceholderText(tr("units per 1 EUR"));
    m_addRate->setMaximumWidth(140);
    m_addSource->setObjectName(QStringLiteral("addRateSource"));
    m_addSource->setPlaceholderText(tr("where the rate comes from, e.g. \u201cbank statement of 4 May 2026\u201d"));
    m_addButton->setObjectName(QStringLiteral("addRateButton"));
    labelled(0, tr("Currency"), m_addCurrency);
    labelled(1, tr("Day"), m_addDate);
    labelled(2, tr("Per 1 EUR"), m_addRate);
    labelled(3, tr("Source"), m_addSource);
    add->addWidget(m_addButton, 1, 4);
    add->setColumnStretch(3, 1);
    layout->addLayout(add);

    m_message->setObjectName(QStringLiteral("ratesMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();
    layout->addWidget(m_message);

    if (m_editor->isReadOnly()) {
        const QString why = tr("The document is read-only (%1).").arg(m_editor->document().readOnlyReason());
        for (QWidget *w : {static_cast<QWidget *>(m_importButton), static_cast<QWidget *>(m_addButton)}) {
            w->setEnabled(false);
            w->setToolTip(why);
        }
    }
    connect(m_importButton, &QPushButton::clicked, this, &RatesView::importWithDialog);
    connect(m_addButton, &QPushButton::clicked, this, &RatesView::addByHand);
    connect(m_addRate, &QLineEdit::returnPressed, this, &RatesView::addByHand);
    connect(m_addSource, &QLineEdit::returnPressed, this, &RatesView::addByHand);
    connect(m_currency, &QComboBox::currentIndexChanged, this, &RatesView::showCurrency);
    refresh();
}

void RatesView::refresh()
{
    qint64 sources = 0;
    const Expected<std::vector<catalog::FxCurrencySpan>> spans =
        catalog::rateSpans(m_editor->document().database(), &sources);
    if (!spans) {
        m_summary->setText(tr("The exchange rates cannot be read: %1").arg(spans.error().message));
        return;
    }
    const QString before = m_currency->currentData().toString();
    {
        const QSignalBlocker block(m_currency);
        m_currency->clear();
        QDate first, last;
        qint64 total = 0;
        for (const catalog::FxCurrencySpan &span : *spans) {
            m_currency->addItem(
                tr("%1 (%2 to %3)").arg(span.currency, span.first.toString(Qt::ISODate), span.last.toString(Qt::ISODate)),
                span.currency);
            total += span.days;
            if (!first.isValid() || span.first < first)
                first = span.first;
            if (!last.isValid() || span.last > last)
                last = span.last;
        }
        if (spans->empty())
            m_summary->setText(tr("<b>No exchange rates yet.</b> A plan in another currency than its catalog prices "
                                  "needs them: import the European Central Bank's <i>eurofxref-hist.zip</i> (every "
                                  "working day since 1999), or add a rate below with its source."));
        else
            m_summary->setText(tr("<b>%1 rates of %2 currencies</b>, %3 to %4, in units per 1 EUR as the European "
                                  "Central Bank quotes them; from %5 source%6. A price converts at the rate of the day it "
                                  "was observed (the last ECB day up to 14 days before).")
                                   .arg(report::grouped(static_cast<double>(total), 0), QString::number(spans->size()),
                                        first.toString(Qt::ISODate), last.toString(Qt::ISODate),
                                        QString::number(sources), sources == 1 ? QString() : QStringLiteral("s")));
        const int index = m_currency->findData(before.isEmpty() ? QStringLiteral("USD") : before);
        m_currency->setCurrentIndex(index >= 0 ? index : 0);
    }
    showCurrency();
}

void RatesView::showCurrency()
{
    auto *chart = new QChart;
    chart->legend()->hide();
    const QString code = m_currency->currentData().toString();
    if (code.isEmpty()) {
        chart->setTitle(tr("No rates to show"));
        theme::colorChart(chart);
        m_chart->setChart(chart);
        return;
    }
    auto *series = new QLineSeries;
    series->setName(tr("%1 per 1 EUR").arg(code));
    double lo = 0, hi = 0;
    bool any = false;
    QString lastSource;
    QDate firstDay, lastDay;
    double lastRate = 0;
    const Status s = catalog::visitRates(m_editor->document().database(), code, {}, {}, [&](const catalog::FxQuote &q) {
        series->append(QDateTime(q.day, QTime(12, 0)).toMSecsSinceEpoch(), q.perEur);
        if (!any)
            firstDay = q.day;
        lo = any ? std::min(lo, q.perEur) : q.perEur;
        hi = any ? std::max(hi, q.perEur) : q.perEur;
        any = true;
        lastSource = q.source;
        lastDay = q.day;
        lastRate = q.perEur;
        return true;
    });
    if (!s)
        showMessage(s.error().message, true);
    chart->addSeries(series);
    auto *x = new QDateTimeAxis;
    x->setTitleText(tr("Day"));
    auto *y = new QValueAxis;
    y->setTitleText(tr("%1 per 1 EUR").arg(code));
    const double pad = hi > lo ? (hi - lo) * 0.05 : std::max(1e-6, hi * 0.05);
    setNiceRange(y, std::max(0.0, lo - pad), hi + pad);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    if (any)
        setCalendarRange(x, firstDay, lastDay, 8); // each January of every year, 2, 5 or 10, as the history's length asks
    chart->setTitle(any ? tr("%1 per euro: %2 on %3 (%4)")
                              .arg(code, QString::number(lastRate, 'g', 6), lastDay.toString(Qt::ISODate),
                                   catalog::rateSourceLabel(lastSource))
                        : tr("No rates of %1").arg(code));
    theme::colorChart(chart);
    m_chart->setChart(chart);
}

void RatesView::importWithDialog()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import exchange rates"), QString(),
        tr("ECB reference rates (eurofxref-hist.zip eurofxref-hist.csv eurofxref.csv *.zip *.csv);;All files (*)"));
    if (!path.isEmpty())
        importFile(path);
}

bool RatesView::importFile(const QString &path)
{
    if (Status s = m_editor->document().checkWritable(tr("import exchange rates into")); !s) {
        showMessage(s.error().message, true);
        return false;
    }
    QApplication::setOverrideCursor(Qt::WaitCursor);
    Expected<catalog::EcbImportResult> result = catalog::importEcbRates(m_editor->document().database(), path);
    QApplication::restoreOverrideCursor();
    if (!result) {
        QStringList lines = result.error().details.mid(0, 5);
        showMessage(tr("%1 was not imported: %2%3 Nothing was changed.")
                        .arg(QFileInfo(path).fileName(), result.error().message,
                             lines.isEmpty() ? QString() : QStringLiteral(" (") + lines.join(QStringLiteral("; ")) +
                                                               QStringLiteral(")")),
                    true);
        return false;
    }
    showMessage(tr("Imported the ECB's rates of %1 currencies over %2 days (%3 to %4): %5 added, %6 changed, %7 already "
                   "there.")
                    .arg(result->rates.currencies.size())
                    .arg(result->rates.days)
                    .arg(result->rates.first.toString(Qt::ISODate), result->rates.last.toString(Qt::ISODate))
                    .arg(result->written.added)
                    .arg(result->written.changed)
                    .arg(result->written.unchanged),
                false);
    refresh();
    m_editor->reevaluate(); // catalog prices in other currencies convert now
    return true;
}

void RatesView::addByHand()
{
    const QString code = m_addCurrency->text().trimmed().toUpper();
    bool ok = false;
    const double rate = QLocale::c().toDouble(m_addRate->text().trimmed(), &ok);
    if (!isCurrencyCode(code)) {
        showMessage(tr("The currency must be a code of three letters, such as CHF or GBP."), true);
        m_addCurrency->setFocus();
        return;
    }
    if (!ok || !std::isfinite(rate) || rate <= 0.0) {
        showMessage(tr("The rate must be a number above 0: units of %1 per 1 EUR (for example 0.93).").arg(code), true);
        m_addRate->setFocus();
        return;
    }
    if (Status s = m_editor->document().checkWritable(tr("add an exchange rate to")); !s) {
        showMessage(s.error().message, true);
        return;
    }
    Expected<catalog::FxWriteResult> written = catalog::addRateByHand(
        m_editor->document().database(), catalog::FxQuote{code, m_addDate->date(), rate, {}}, m_addSource->text());
    if (!written) {
        showMessage(written.error().message, true);
        return;
    }
    showMessage(tr("%1 the rate of %2 on %3: %4 per 1 EUR (%5).")
                    .arg(written->changed > 0 ? tr("Changed") : tr("Added"), code,
                         m_addDate->date().toString(Qt::ISODate), QString::number(rate, 'g', 6),
                         m_addSource->text().simplified()),
                false);
    m_addRate->clear();
    refresh();
    const int index = m_currency->findData(code);
    if (index >= 0)
        m_currency->setCurrentIndex(index);
    m_editor->reevaluate();
}

void RatesView::showMessage(const QString &text, bool error)
{
    m_message->setText(text);
    m_message->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(error ? theme::Role::BadText : theme::Role::GoodText)));
    m_message->show();
}

} // namespace mltco::ui

#include "ui/scenarios/workloadform.h"

#include "ui/scenarios/parametertext.h"

#include "ui/core/planeditor.h"
#include "ui/core/theme.h"
#include "ui/scenarios/demandstepseditor.h"
#include "ui/scenarios/parameterfield.h"

#include "models/catalog/fxrates.h"
#include "models/common/currency.h"
#include "models/plan/planevaluation.h"
#include "models/report/format.h"

#include <QComboBox>
#include <QMessageBox>
#include <QPushButton>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QDateEdit>
#include <QCheckBox>
#include <QLocale>

namespace mltco::ui {
namespace {

// The currencies a plan is offered in: the US dollar, the euro and those the European Central Bank quotes today.
constexpr const char *kPlanCurrencies[] = {"USD", "EUR", "GBP", "CHF", "JPY", "CAD", "AUD", "SEK", "NOK", "DKK",
                                           "PLN", "CZK", "HUF", "RON", "BGN", "ISK", "TRY", "CNY", "HKD", "SGD",
                                           "KRW", "INR", "IDR", "MYR", "PHP", "THB", "NZD", "BRL", "MXN", "ILS", "ZAR"};

} // namespace

WorkloadForm::WorkloadForm(PlanEditor *editor, QWidget *parent)
    : QGroupBox(tr("Workload \u2014 the work every scenario serves"), parent), m_editor(editor),
      m_grid(new QGridLayout(this))
{
    setObjectName(QStringLiteral("workloadForm"));
    m_grid->setHorizontalSpacing(10);
    m_grid->setVerticalSpacing(4);
    QList<tco::ParamId> ids = tco::workloadParameters();
    ids.removeAll(tco::ParamId::DemandSteps); // a list: its own editor below the fields
    // The demand per engineer beside the team's demand it sets.
    ids.removeAll(tco::ParamId::DemandGpuHoursPerEngineer);
    ids.insert(ids.indexOf(tco::ParamId::DemandGpuHours) + 1, tco::ParamId::DemandGpuHoursPerEngineer);
    for (tco::ParamId id : std::as_const(ids)) {
        // The plan's electricity price shares its key with a purchase's own: its widgets are named apart.
        auto *field = new ParameterField(tco::parameterInfo(id), this,
                                         id == tco::ParamId::PlanElectricityPerKwh
                                             ? QStringLiteral("param_plan_electricity_per_kwh")
                                             : QString());
        connect(field, &ParameterField::committed, this, [this, id](double value) {
            const tco::Workload before = m_editor->plan().workload;
            m_editor->setWorkloadValue(id, value);
            // The team grew or shrank while its demand is one total for the whole team: that total does not follow.
            if (id == tco::ParamId::Engineers && !before.demandGpuHoursPerEngineer && before.engineers > 0 &&
                before.demandGpuHours > 0.0 && m_editor->plan().workload.engineers != before.engineers &&
                m_teamBefore < 0)
                m_teamBefore = before.engineers;
            updateTeamOffer();
        });
        // Optional values: confirming an empty field removes them (the demand stays the total it was).
        field->setOptional(id == tco::ParamId::PlanElectricityPerKwh || id == tco::ParamId::DemandGpuHoursPerEngineer);
        connect(field, &ParameterField::resetRequested, this, [this, id] { m_editor->clearWorkloadValue(id); });
        m_fields.insert(id, field);
        m_order << field;
    }
    // The plan's currency: every money field, card, axis and export of the plan is in it.
    m_currencyLabel = new QLabel(tr("Currency"), this);
    m_currency = new QComboBox(this);
    m_currency->setObjectName(QStringLiteral("planCurrency"));
    m_currency->setAccessibleName(tr("Plan currency"));
    m_currency->setToolTip(tr("<p>The currency of every money value of this plan and of every figure it shows. A change "
                              "asks whether to convert the plan's amounts at a stated exchange rate or keep their "
                              "figures; catalog prices in another currency are always converted at the rate of the day "
                              "they were observed (File › Import exchange rates…, or the plan's fixed rates).</p>"));
    for (const char *code : kPlanCurrencies) {
        const QString text = QString::fromLatin1(code);
        m_currency->addItem(symbolIsCode(text) ? text : QStringLiteral("%1  %2").arg(text, currencySymbol(text)), text);
    }
    m_currencyLabel->setBuddy(m_currency);
    connect(m_currency, &QComboBox::activated, this,
            [this](int index) { chooseCurrency(m_currency->itemData(index).toString()); });
    m_currencyNote = new QLabel(this);
    m_currencyNote->setWordWrap(true);
    m_currencyNote->setObjectName(QStringLiteral("planCurrencyNote"));
    const tco::ParameterInfo &stepsInfo = tco::parameterInfo(tco::ParamId::DemandSteps);
    m_stepsLabel = new QLabel(QString::fromUtf8(stepsInfo.label), this);
    m_steps = new DemandStepsEditor(this);
    m_stepsLabel->setBuddy(m_steps);
    connect(m_steps, &DemandStepsEditor::committed, this,
            [this](const std::vector<tco::DemandStep> &steps) { m_editor->setDemandSteps(steps); });
    m_teamOffer = new QWidget(this);
    m_teamOffer->setObjectName(QStringLiteral("teamDemandOffer"));
    auto *offer = new QHBoxLayout(m_teamOffer);
    offer->setContentsMargins(0, 0, 0, 0);
    m_teamNote = new QLabel(m_teamOffer);
    m_teamNote->setObjectName(QStringLiteral("teamDemandNote"));
    m_teamNote->setWordWrap(true);
    m_teamNote->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::WarningText)));
    m_perEngineer = new QPushButton(tr("Make demand per engineer"), m_teamOffer);
    m_perEngineer->setObjectName(QStringLiteral("makeDemandPerEngineer"));
    m_perEngineer->setToolTip(tr("The demand becomes each engineer's share, so it follows the team's size (one step of "
                                 "Edit ▸ Undo)"));
    connect(m_perEngineer, &QPushButton::clicked, this, [this] {
        const tco::Workload &w = m_editor->plan().workload;
        if (m_teamBefore > 0 && !w.demandGpuHoursPerEngineer)
            m_editor->setWorkloadValue(tco::ParamId::DemandGpuHoursPerEngineer, w.demandGpuHours / m_teamBefore);
        m_teamBefore = -1;
        updateTeamOffer();
    });
    offer->addWidget(m_teamNote, 1);
    offer->addWidget(m_perEngineer, 0, Qt::AlignTop);
    m_teamOffer->hide();

    // Which day's catalog prices the plan stands on (workload.prices_as_of): the latest, or a day of its own.
    m_pricesLabel = new QLabel(tr("Catalog prices"), this);
    m_prices = new QWidget(this);
    auto *prices = new QHBoxLayout(m_prices);
    prices->setContentsMargins(0, 0, 0, 0);
    m_pricesPinned = new QCheckBox(tr("as of"), m_prices);
    m_pricesPinned->setObjectName(QStringLiteral("pricesAsOfPinned"));
    m_pricesPinned->setToolTip(tr("Keep the plan on the catalog's prices of one day, whatever is imported later "
                                  "(workload.prices_as_of)"));
    m_pricesDay = new QDateEdit(m_prices);
    m_pricesDay->setObjectName(QStringLiteral("pricesAsOf"));
    m_pricesDay->setAccessibleName(tr("Catalog prices as of"));
    m_pricesDay->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    m_pricesDay->setCalendarPopup(true);
    m_pricesDay->setDateRange(QDate(2000, 1, 1), QDate(2100, 12, 31));
    m_pricesNote = new QLabel(m_prices);
    m_pricesNote->setObjectName(QStringLiteral("pricesAsOfNote"));
    m_pricesNote->setWordWrap(true);
    m_pricesNote->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    m_pricesLabel->setBuddy(m_pricesPinned);
    prices->addWidget(m_pricesPinned);
    prices->addWidget(m_pricesDay);
    prices->addWidget(m_pricesNote, 1);
    connect(m_pricesPinned, &QCheckBox::toggled, this, [this](bool pinned) {
        setPricesDay(pinned ? m_pricesDay->date() : QDate());
    });
    connect(m_pricesDay, &QDateEdit::editingFinished, this, [this] {
        if (m_pricesPinned->isChecked())
            setPricesDay(m_pricesDay->date());
    });
    arrange(2);
    updateFromPlan();
}

void WorkloadForm::updateTeamOffer()
{
    const tco::Workload &w = m_editor->plan().workload;
    // Nothing to offer once the demand follows the team, or the team is back to the size the demand was set for.
    if (m_teamBefore > 0 && (w.demandGpuHoursPerEngineer || w.engineers == m_teamBefore || w.demandGpuHours <= 0.0))
        m_teamBefore = -1;
    m_teamOffer->setVisible(m_teamBefore > 0);
    if (m_teamBefore <= 0)
        return;
    const double per = w.demandGpuHours / m_teamBefore;
    const QLocale locale;
    m_teamNote->setText(tr("The demand, %1 GPU-hours a month, is set for the whole team: it stays the same with %2 "
                           "engineers as with %3. Per engineer it would be %4 each, %5 a month for %2.")
                            .arg(locale.toString(w.demandGpuHours, 'f', 0))
                            .arg(w.engineers)
                            .arg(m_teamBefore)
                            .arg(locale.toString(per, 'f', 0), locale.toString(per * w.engineers, 'f', 0)));
}

void WorkloadForm::chooseCurrency(const QString &code)
{
    const QString from = m_editor->plan().currency;
    if (code == from)
        return;
    // Never a silent relabel: $250,000 typed into the plan is not €250,000. Converting at a stated rate is the default;
    // keeping the figures is said to mean what it means.
    QString why;
    const std::optional<tco::CurrencyConversion> conversion = m_editor->conversionTo(code, &why);
    QMessageBox ask(QMessageBox::Question, tr("Plan currency"), QString(), QMessageBox::NoButton, this);
    ask.setObjectName(QStringLiteral("currencySwitchQuestion"));
    QPushButton *convert = ask.addButton(conversion ? tr("Convert at %1").arg(tco::conversionInWords(*conversion))
                                                    : tr("Convert"),
                                         QMessageBox::AcceptRole);
    convert->setObjectName(QStringLiteral("currencyConvert"));
    QPushButton *relabel = ask.addButton(tr("Keep the figures"), QMessageBox::DestructiveRole);
    relabel->setObjectName(QStringLiteral("currencyRelabel"));
    ask.addButton(QMessageBox::Cancel);
    if (conversion) {
        ask.setText(tr("Convert the plan's amounts from %1 to %2?").arg(from, code));
        ask.setInformativeText(
            tr("Converting multiplies every amount of the plan (server prices, prices per hour you typed, overheads, "
               "staff, power, budgets, their defaults too) by %1 and writes the rate and its day beside each. Keeping "
               "the figures makes %2 read as %3. Catalog prices are converted at the rate of their own day either way.")
                .arg(tco::conversionInWords(*conversion), report::money(250000, from), report::money(250000, code)));
        ask.setDefaultButton(convert);
    } else {
        ask.setText(tr("There is no exchange rate to convert the plan's amounts from %1 to %2: %3.").arg(from, code, why));
        ask.setInformativeText(tr("Import the ECB's rates (File › Import exchange rates (ECB)…) to convert them, or keep "
                                  "the figures: %1 would then read as %2.")
                                   .arg(report::money(250000, from), report::money(250000, code)));
        convert->setEnabled(false);
        ask.setDefaultButton(QMessageBox::Cancel);
    }
    ask.exec();
    if (ask.clickedButton() == convert && conversion)
        m_editor->convertCurrency(*conversion);
    else if (ask.clickedButton() == relabel)
        m_editor->setCurrency(code);
    updateFromPlan(); // cancelled: the picker shows the plan's currency again
}

void WorkloadForm::arrange(int columns)
{
    if (columns == m_columns)
        return;
    m_columns = columns;
    for (ParameterField *field : std::as_const(m_order))
        field->removeFromGrid(m_grid);
    m_grid->removeWidget(m_stepsLabel);
    m_grid->removeWidget(m_steps);
    m_grid->removeWidget(m_currencyLabel);
    m_grid->removeWidget(m_currency);
    m_grid->removeWidget(m_currencyNote);
    m_grid->removeWidget(m_teamOffer);
    m_grid->removeWidget(m_pricesLabel);
    m_grid->removeWidget(m_prices);
    // Fields filled column by column: two columns keep the form three rows high on a wide window; one column
    // keeps every field and its note readable on a narrow one.
    constexpr int kFieldColumns = 5;
    const int count = static_cast<int>(m_order.size());
    const int rows = (count + columns - 1) / columns;
    // The currency first: it says what every money field below is in.
    m_grid->addWidget(m_currencyLabel, 0, 0);
    m_grid->addWidget(m_currency, 0, 1);
    m_grid->addWidget(m_currencyNote, 0, 2, 1, columns * kFieldColumns + columns - 2);
    m_grid->addWidget(m_teamOffer, 1, 0, 1, columns * kFieldColumns + columns - 1);
    for (int i = 0; i < count; ++i)
        m_order[i]->addToGrid(m_grid, 2 + 2 * (i % rows), (i / rows) * (kFieldColumns + 1));
    m_grid->addWidget(m_stepsLabel, 2 + 2 * rows, 0, Qt::AlignTop);
    m_grid->addWidget(m_steps, 2 + 2 * rows, 1, 1, columns * kFieldColumns + columns - 1);
    m_grid->addWidget(m_pricesLabel, 3 + 2 * rows, 0);
    m_grid->addWidget(m_prices, 3 + 2 * rows, 1, 1, columns * kFieldColumns + columns - 1);
    // A gap between the two columns of fields, and the notes take what is left.
    for (int c = 0; c < 2 * (kFieldColumns + 1); ++c) {
        m_grid->setColumnStretch(c, 0);
        m_grid->setColumnMinimumWidth(c, 0);
    }
    m_grid->setColumnStretch(3, 1);
    if (columns > 1) {
        m_grid->setColumnMinimumWidth(kFieldColumns, 24);
        m_grid->setColumnStretch(kFieldColumns + 1 + 3, 1);
    }
}

void WorkloadForm::resizeEvent(QResizeEvent *event)
{
    QGroupBox::resizeEvent(event);
    arrange(width() >= kTwoColumnWidth ? 2 : 1);
}

void WorkloadForm::updateFromPlan()
{
    const tco::Plan &plan = m_editor->plan();
    int index = m_currency->findData(plan.currency);
    if (index < 0) { // a plan file in a currency the list does not offer
        m_currency->addItem(symbolIsCode(plan.currency)
                                ? plan.currency
                                : QStringLiteral("%1  %2").arg(plan.currency, currencySymbol(plan.currency)),
                            plan.currency);
        index = m_currency->count() - 1;
    }
    m_currency->setCurrentIndex(index);
    QStringList rates;
    for (const tco::FxUse &fx : m_editor->result() ? m_editor->result()->fxUsed() : std::vector<tco::FxUse>{})
        rates << tr("%1 %2 per %3 (%4, %5)")
                     .arg(QString::number(fx.rate, 'g', 6), fx.currency, plan.currency, fx.date.toString(Qt::ISODate),
                          catalog::rateSourceLabel(fx.source));
    m_currencyNote->setText(rates.isEmpty() ? tr("every money value and figure of the plan")
                                            : tr("catalog prices converted at %1").arg(rates.join(QStringLiteral("; "))));
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        it.value()->setValue(tco::parameterValue(plan.workload, it.key()));
        it.value()->setCurrency(plan.currency);
    }
    // Which of the two sets the demand, in place.
    if (const std::optional<double> per = plan.workload.demandGpuHoursPerEngineer) {
        m_fields.value(tco::ParamId::DemandGpuHours)
            ->setNote(tr("%1 engineers × %2 each; typing a total here ends the link")
                          .arg(plan.workload.engineers)
                          .arg(QLocale().toString(*per, 'f', 0)),
                      ParameterField::NoteStyle::Muted);
        m_fields.value(tco::ParamId::DemandGpuHoursPerEngineer)
            ->setNote(tr("the demand follows the number of engineers"), ParameterField::NoteStyle::Muted);
    } else {
        for (tco::ParamId id : {tco::ParamId::DemandGpuHours, tco::ParamId::DemandGpuHoursPerEngineer})
            m_fields.value(id)->setNote(parametertext::defaultNote(tco::parameterInfo(id)), ParameterField::NoteStyle::Muted);
    }
    updateElectricityNote();
    m_steps->setWorkload(plan.workload);
    updateTeamOffer();
    {
        const QSignalBlocker blockCheck(m_pricesPinned);
        const QSignalBlocker blockDay(m_pricesDay);
        const bool pinned = plan.pricesAsOf.isValid();
        m_pricesPinned->setChecked(pinned);
        if (pinned)
            m_pricesDay->setDate(plan.pricesAsOf);
        else if (!m_pricesDay->hasFocus())
            m_pricesDay->setDate(QDate::currentDate());
        m_pricesDay->setEnabled(pinned);
        m_pricesNote->setText(pinned ? tr("every catalog price the plan uses is the latest observed on or before this "
                                          "day, whatever is imported later")
                                     : tr("the latest observation of each price; tick to keep the plan on one day's "
                                          "prices"));
    }
}

void WorkloadForm::setPricesDay(const QDate &day)
{
    if (day == m_editor->plan().pricesAsOf)
        return;
    tco::Plan after = m_editor->plan();
    after.pricesAsOf = day;
    m_editor->apply(after, day.isValid() ? tr("Stand on the prices of %1").arg(day.toString(Qt::ISODate))
                                         : tr("Stand on the latest prices"));
}

void WorkloadForm::updateElectricityNote()
{
    // The plan's electricity price counts only through purchases that draw power and state no price of their own:
    // said next to the field, never left silently inert.
    const tco::Plan &plan = m_editor->plan();
    ParameterField *field = m_fields.value(tco::ParamId::PlanElectricityPerKwh);
    if (!field || !plan.workload.electricityPerKwh)
        return;
    int paying = 0, own = 0, unpowered = 0;
    for (const tco::PlanScenario &s : plan.scenarios) {
        const auto *purchase = std::get_if<tco::PurchaseScenario>(&s.scenario);
        if (!purchase)
            continue;
        if (purchase->powerKwPerServer <= 0.0)
            ++unpowered;
        else if (purchase->electricityFromPlan)
            ++paying;
        else
            ++own;
    }
    if (paying > 0) {
        QString note = tr("paid by %n purchase(s) of the plan", nullptr, paying);
        if (own > 0)
            note += own == 1 ? tr("; 1 states a price of its own") : tr("; %1 state prices of their own").arg(own);
        field->setNote(note, ParameterField::NoteStyle::Muted);
    } else if (own > 0) {
        field->setNote(tr("no effect: every purchase that draws power states its own price"),
                       ParameterField::NoteStyle::Warning);
    } else {
        field->setNote(unpowered > 0 ? tr("no effect: no purchase states its power per server (power is inside "
                                          "facilities); set it in the purchase, or fill it from its GPU")
                                     : tr("no effect: the plan buys no servers"),
                       ParameterField::NoteStyle::Warning);
    }
}

} // namespace mltco::ui

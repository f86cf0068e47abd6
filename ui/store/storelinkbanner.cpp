#include "ui/store/storelinkbanner.h"

#include "models/store/document.h"
#include "models/store/linkwatch.h"
#include "models/store/location.h"
#include "models/store/storeprobe.h"
#include "ui/core/planeditor.h"
#include "ui/core/theme.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QThreadPool>
#include <QtConcurrent>

namespace mltco::ui {

namespace {

/// The probes' own thread, so a check never waits behind the app's other background work (prices being read, an
/// analysis). Never destroyed: a check under way at exit is not waited for.
QThreadPool *probePool()
{
    static QThreadPool *const pool = [] {
        auto *p = new QThreadPool;
        p->setMaxThreadCount(1);
        return p;
    }();
    return pool;
}

QString clockTime(const QDateTime &utc)
{
    return QLocale().toString(utc.toLocalTime().time(), QStringLiteral("HH:mm:ss"));
}

} // namespace

StoreLinkBanner::StoreLinkBanner(QWidget *parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("storeLinkBanner"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(14, 8, 10, 8);
    m_text = new QLabel(this);
    m_text->setObjectName(QStringLiteral("storeLinkMessage"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_retry = new QPushButton(tr("Try now"), this);
    m_retry->setObjectName(QStringLiteral("storeLinkRetryButton"));
    m_retry->setToolTip(tr("Ask the team store now rather than at the next try."));
    connect(m_retry, &QPushButton::clicked, this, &StoreLinkBanner::probeNow);
    m_save = new QPushButton(tr("Save my edits"), this);
    m_save->setObjectName(QStringLiteral("storeLinkSaveButton"));
    m_save->setToolTip(tr("Save the plan as edited here. If a colleague saved it meanwhile, nothing is overwritten: "
                          "you choose between theirs and yours."));
    connect(m_save, &QPushButton::clicked, this, &StoreLinkBanner::saveEdits);
    m_dismiss = new QPushButton(tr("Close"), this);
    m_dismiss->setObjectName(QStringLiteral("storeLinkCloseButton"));
    connect(m_dismiss, &QPushButton::clicked, this, [this] {
        m_state = State::Reachable;
        hide();
    });
    layout->addWidget(m_text, 1);
    layout->addWidget(m_retry);
    layout->addWidget(m_save);
    layout->addWidget(m_dismiss);
    hide();
    m_tick.setInterval(store::storeProbeSeconds() * 1000);
    connect(&m_tick, &QTimer::timeout, this, &StoreLinkBanner::startProbe);
    connect(&m_check, &QFutureWatcher<Status>::finished, this, &StoreLinkBanner::probeFinished);
}

StoreLinkBanner::~StoreLinkBanner()
{
    m_check.disconnect(this); // a check still running finishes on its thread, holding its own probe
}

void StoreLinkBanner::follow(store::Document *document, PlanEditor *editor)
{
    ++m_generation;
    m_tick.stop();
    disconnect(m_planChanged);
    m_document = document && document->isTeamStore() ? document : nullptr;
    m_editor = m_document ? editor : nullptr;
    m_probe.reset();
    m_state = State::Reachable;
    m_failedChecks = 0;
    m_lastAnswer = QDateTime::currentDateTimeUtc();
    hide();
    if (!m_document)
        return;
    m_probe = std::make_shared<store::StoreProbe>(store::storeConninfo(m_document->database()).toUtf8());
    m_tick.start();
    if (m_editor)
        m_planChanged = connect(m_editor, &PlanEditor::planChanged, this, [this] {
            if (m_state == State::Unreachable)
                showUnreachable(); // says whether edits are kept unsaved
            else if (m_state == State::Back)
                showBack();
        });
}

void StoreLinkBanner::probeNow()
{
    if (m_document)
        startProbe();
}

void StoreLinkBanner::startProbe()
{
    if (!m_probe || m_check.isRunning())
        return;
    m_checkGeneration = m_generation;
    m_check.setFuture(
        QtConcurrent::run(probePool(), [probe = m_probe] { return probe->check(store::kStoreProbeTimeoutMs); }));
}

void StoreLinkBanner::probeFinished()
{
    if (m_checkGeneration != m_generation || !m_document)
        return; // asked about a document no longer shown
    const Status answer = m_check.result();
    if (!answer) {
        m_why = answer.error().message;
        ++m_failedChecks;
        if (m_state != State::Unreachable) {
            m_state = State::Unreachable;
            m_since = QDateTime::currentDateTimeUtc();
            m_document->setUnreachable(m_why);
            emit message(tr("The team store is unreachable: %1.").arg(m_why));
        }
        showUnreachable();
        return;
    }
    m_lastAnswer = QDateTime::currentDateTimeUtc();
    if (m_state == State::Unreachable)
        reconnect(tr("it answers again"));
    else if (store::connectionBroken(m_document->database()))
        reconnect(tr("the window's connection to it was lost"));
}

void StoreLinkBanner::reconnect(const QString &why)
{
    if (Status s = m_document->reconnect(); !s) {
        m_why = s.error().message;
        if (m_state != State::Unreachable) {
            m_state = State::Unreachable;
            m_since = QDateTime::currentDateTimeUtc();
            m_document->setUnreachable(m_why);
        }
        showUnreachable();
        return;
    }
    m_state = State::Back;
    m_failedChecks = 0;
    emit reconnected();
    emit message(tr("Reconnected to the team store (%1); the window was read again.").arg(why));
    showBack();
}

void StoreLinkBanner::showUnreachable()
{
    setStyleSheet(theme::bannerStyle(objectName(), theme::Role::BadBackground, theme::Role::BadBorder));
    const bool unsaved = m_editor && m_editor->hasUnsavedChanges() && !m_editor->isReadOnly();
    m_text->setText(
        tr("<b>The team store is unreachable — retrying every %1 s</b> (%2; %3 since %4). What this window shows "
           "was read before %4 and may be out of date. %5")
            .arg(store::storeProbeSeconds())
            .arg(m_why.toHtmlEscaped(),
                 m_failedChecks == 1 ? tr("1 try") : tr("%1 tries").arg(m_failedChecks),
                 clockTime(m_since),
                 m_editor && m_editor->isReadOnly()
                     ? QString() // a read-only window's edits are its own (its banner says so)
                 : unsaved ? tr("Your plan edits are kept here, not saved; save them once the store is back.")
                           : tr("Edits to the plan are kept here until the store is back; nothing else can be "
                                "written meanwhile.")));
    m_retry->show();
    m_save->hide();
    m_dismiss->hide();
    show();
}

void StoreLinkBanner::showBack()
{
    const bool unsaved = m_editor && m_editor->hasUnsavedChanges() && !m_editor->hasSaveConflict() &&
                         !m_editor->isReadOnly();
    if (!unsaved && m_editor && m_editor->hasSaveConflict()) {
        hide(); // the conflict banner says what to do
        m_state = State::Reachable;
        return;
    }
    setStyleSheet(theme::bannerStyle(objectName(), unsaved ? theme::Role::WarningBackground : theme::Role::GoodBackground,
                                     unsaved ? theme::Role::WarningBorder : theme::Role::GoodBorder));
    m_text->setText(unsaved ? tr("<b>The team store answers again</b> (since %1), and this window was read again. "
                                 "Your plan edits made meanwhile are <b>not saved yet</b>.")
                                  .arg(clockTime(m_lastAnswer))
                            : tr("<b>The team store answers again</b> (since %1), and this window was read again.")
                                  .arg(clockTime(m_lastAnswer)));
    m_retry->hide();
    m_save->setVisible(unsaved);
    m_dismiss->setVisible(!unsaved);
    show();
}

void StoreLinkBanner::saveEdits()
{
    if (!m_editor)
        return;
    if (Status s = m_editor->saveUnsaved(); !s) {
        emit message(tr("The plan was not saved: %1").arg(s.error().message));
        probeNow();
        return;
    }
    if (m_editor->hasSaveConflict()) {
        hide(); // the conflict banner offers theirs or a copy of yours
        m_state = State::Reachable;
        return;
    }
    if (m_editor->hasUnsavedChanges()) {
        emit message(tr("The plan was not saved."));
        return;
    }
    emit message(tr("Your plan edits were saved to the team store."));
    m_state = State::Reachable;
    hide();
}

} // namespace mltco::ui

#pragma once

#include "models/common/expected.h"

#include <QDateTime>
#include <QFrame>
#include <QFutureWatcher>
#include <QTimer>

#include <memory>

class QLabel;
class QPushButton;

namespace mltco::store {
class Document;
class StoreProbe;
} // namespace mltco::store

namespace mltco::ui {

class PlanEditor;

/// A team store's link as the window sees it (docs/data-safety.md, "A team store that stops answering").
///
/// Every few seconds (store::storeProbeSeconds) a probe asks the store on a connection and a thread of its own, so
/// the window never waits for it. When the store stops answering, the banner says so — "unreachable, retrying" —
/// and that what the window shows may be out of date; the document then refuses writes at once
/// (store::Document::setUnreachable) and plan edits are kept in memory. Once the store answers again the window's
/// connection is made anew, everything is read again (reconnected()), and the edits kept meanwhile are saved when the
/// user asks, with the plan's revision check: a colleague's newer save becomes a conflict, never overwritten.
/// A connection found broken while the store answers (the watch cut it, the server ended it) is made anew too.
class StoreLinkBanner final : public QFrame
{
    Q_OBJECT

public:
    explicit StoreLinkBanner(QWidget *parent = nullptr);
    ~StoreLinkBanner() override;

    /// Follows `document` (a team store; a file needs no banner) edited through `editor`; nullptr stops.
    void follow(store::Document *document, PlanEditor *editor);
    bool isUnreachable() const { return m_state == State::Unreachable; }
    /// Asks the store now rather than at the next tick (a write just failed).
    void probeNow();

signals:
    /// The window's connection was made anew: what it shows must be read again.
    void reconnected();
    /// Something to say in the status bar.
    void message(const QString &text);

private:
    enum class State { Reachable, Unreachable, Back };
    void startProbe();
    void probeFinished();
    void reconnect(const QString &why);
    void showUnreachable();
    void showBack();
    void saveEdits();

    store::Document *m_document = nullptr;
    PlanEditor *m_editor = nullptr;
    std::shared_ptr<store::StoreProbe> m_probe;
    QTimer m_tick;
    QFutureWatcher<Status> m_check;
    int m_generation = 0; ///< which document a running check asks about
    int m_checkGeneration = 0;
    State m_state = State::Reachable;
    QString m_why;             ///< why the last check failed
    QDateTime m_lastAnswer;    ///< the store's last answer (UTC)
    QDateTime m_since;         ///< when it stopped answering (UTC)
    int m_failedChecks = 0;
    QMetaObject::Connection m_planChanged;
    QLabel *m_text = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_retry = nullptr;
    QPushButton *m_dismiss = nullptr;
};

} // namespace mltco::ui

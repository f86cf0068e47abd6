#pragma once

#include <QStringList>
#include <QWidget>

class QLabel;
class QListWidget;
class QListWidgetItem;
class QToolButton;

namespace mltco::ui {

/// A mix's layers (model.md §11.3): every purchase, dedicated, cluster or reserved scenario of the plan in a list,
/// ticked when it is a layer, the ticked ones first in the order they serve demand; Up and Down move the current one.
/// Unticking the last layer is refused with the reason under the list (a mix needs at least one). Only a valid list is
/// committed. A layer that names no scenario of the plan any more is shown struck out, so that it can be removed.
class MixLayersEditor final : public QWidget
{
    Q_OBJECT

public:
    explicit MixLayersEditor(QWidget *parent = nullptr);

    /// `layers`: the mix's own, in order; `candidates`: the plan's scenarios that may be layers, in plan order.
    void setLayers(const QStringList &layers, const QStringList &candidates);

signals:
    void committed(const QStringList &layers);

private:
    void onItemChanged(QListWidgetItem *item);
    void move(int step);
    QStringList ticked() const;
    void updateButtons();

    QListWidget *m_list;
    QToolButton *m_up;
    QToolButton *m_down;
    QLabel *m_note;
    QLabel *m_error;
    QStringList m_layers;
    bool m_loading = false;
};

} // namespace mltco::ui

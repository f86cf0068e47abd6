#include "ui/scenarios/mixlayerseditor.h"

#include "models/plan/parameters.h"
#include "ui/core/theme.h"
#include "ui/scenarios/parametertext.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace mltco::ui {

MixLayersEditor::MixLayersEditor(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    auto *row = new QHBoxLayout;
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("param_layers"));
    m_list->setAccessibleName(tr("Layers"));
    m_list->setToolTip(parametertext::tooltip(tco::parameterInfo(tco::ParamId::Layers)));
    m_list->setMaximumWidth(300);
    m_list->setMaximumHeight(130);
    row->addWidget(m_list);
    auto *buttons = new QVBoxLayout;
    m_up = new QToolButton(this);
    m_up->setObjectName(QStringLiteral("layerUpButton"));
    m_up->setArrowType(Qt::UpArrow);
    m_up->setToolTip(tr("Serve demand earlier: move the selected layer up"));
    m_up->setAccessibleName(tr("Move layer up"));
    m_down = new QToolButton(this);
    m_down->setObjectName(QStringLiteral("layerDownButton"));
    m_down->setArrowType(Qt::DownArrow);
    m_down->setToolTip(tr("Serve demand later: move the selected layer down"));
    m_down->setAccessibleName(tr("Move layer down"));
    buttons->addWidget(m_up);
    buttons->addWidget(m_down);
    buttons->addStretch(1);
    row->addLayout(buttons);
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("layersSummary"));
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    row->addWidget(m_note, 1, Qt::AlignTop);
    layout->addLayout(row);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("error_layers"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::BadText)));
    m_error->hide();
    layout->addWidget(m_error);

    connect(m_list, &QListWidget::itemChanged, this, &MixLayersEditor::onItemChanged);
    connect(m_list, &QListWidget::currentRowChanged, this, &MixLayersEditor::updateButtons);
    connect(m_up, &QToolButton::clicked, this, [this] { move(-1); });
    connect(m_down, &QToolButton::clicked, this, [this] { move(+1); });
}

void MixLayersEditor::setLayers(const QStringList &layers, const QStringList &candidates)
{
    m_layers = layers;
    m_loading = true;
    const QString current = m_list->currentItem() ? m_list->currentItem()->data(Qt::UserRole).toString() : QString();
    m_list->clear();
    const auto add = [&](const QString &name, bool on, bool known) {
        auto *item = new QListWidgetItem(known ? name : tr("%1 (not in the plan)").arg(name), m_list);
        item->setData(Qt::UserRole, name);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
        if (!known) {
            QFont font = item->font();
            font.setStrikeOut(true);
            item->setFont(font);
        }
        if (name == current)
            m_list->setCurrentItem(item);
    };
    for (const QString &name : layers)
        add(name, true, candidates.contains(name));
    for (const QString &name : candidates)
        if (!layers.contains(name))
            add(name, false, true);
    m_loading = false;
    m_error->hide();
    if (candidates.isEmpty())
        m_note->setText(tr("Add a purchase, dedicated, cluster or reserved scenario to the plan: those are the layers a "
                           "mix can hold."));
    else if (layers.size() == 1)
        m_note->setText(tr("One layer: the same figures as a hybrid on %1. Tick more to stack them; the first ticked "
                           "serves demand first.")
                            .arg(layers.front()));
    else
        m_note->setText(tr("%1 layers, serving demand in this order; the order changes no total, only which layer is "
                           "busiest.")
                            .arg(layers.size()));
    updateButtons();
}

QStringList MixLayersEditor::ticked() const
{
    QStringList names;
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->checkState() == Qt::Checked)
            names << m_list->item(i)->data(Qt::UserRole).toString();
    return names;
}

void MixLayersEditor::onItemChanged(QListWidgetItem *item)
{
    if (m_loading || !item)
        return;
    const QStringList names = ticked();
    if (names.isEmpty()) {
        m_error->setText(tr("A mix needs at least one layer: tick the scenario that should serve demand first."));
        m_error->show();
        const QSignalBlocker block(m_list);
        item->setCheckState(Qt::Checked);
        return;
    }
    m_error->hide();
    if (names != m_layers)
        emit committed(names);
}

void MixLayersEditor::move(int step)
{
    const int row = m_list->currentRow();
    QListWidgetItem *item = m_list->currentItem();
    if (!item || item->checkState() != Qt::Checked)
        return;
    QStringList names = m_layers;
    const int from = static_cast<int>(names.indexOf(item->data(Qt::UserRole).toString()));
    const int to = from + step;
    if (from < 0 || to < 0 || to >= names.size())
        return;
    names.move(from, to);
    emit committed(names);
    m_list->setCurrentRow(row + step);
}

void MixLayersEditor::updateButtons()
{
    const QListWidgetItem *item = m_list->currentItem();
    const int at = item && item->checkState() == Qt::Checked
                       ? static_cast<int>(m_layers.indexOf(item->data(Qt::UserRole).toString()))
                       : -1;
    m_up->setEnabled(at > 0);
    m_down->setEnabled(at >= 0 && at + 1 < m_layers.size());
}

} // namespace mltco::ui

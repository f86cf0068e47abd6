#include "ui/scenarios/listtable.h"

#include "ui/core/theme.h"

#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QTableWidgetItem>

#include <algorithm>
#include <cmath>

namespace mltco::ui {

namespace {

const QColor kRefusedCell(0xfd, 0xe7, 0xe4);

} // namespace

ListTableEditor::ListTableEditor(const Names &names, const Texts &texts, int columns, QWidget *parent)
    : QWidget(parent), m_table(new QTableWidget(0, columns, this)), m_add(new QPushButton(texts.add, this)),
      m_remove(new QPushButton(texts.remove, this)), m_note(new QLabel(this)), m_error(new QLabel(this))
{
    m_table->setObjectName(names.table);
    m_table->setHorizontalHeaderLabels(texts.headers);
    m_table->setToolTip(texts.toolTip);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    m_table->setFixedWidth(texts.width);
    m_table->setAccessibleName(texts.accessibleName);
    // Arrow keys move between cells; Tab leaves the table (a table that keeps Tab traps the keyboard in it).
    m_table->setTabKeyNavigation(false);
    m_add->setObjectName(names.add);
    m_remove->setObjectName(names.remove);
    m_note->setObjectName(names.note);
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::Muted)));
    m_error->setObjectName(names.error);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: %1;").arg(theme::css(theme::Role::BadText)));
    m_error->setVisible(false);

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_table, 0, 0, 3, 1);
    grid->addWidget(m_add, 0, 1);
    grid->addWidget(m_remove, 1, 1);
    grid->addWidget(m_note, 0, 2, 3, 1, Qt::AlignTop);
    grid->addWidget(m_error, 3, 0, 1, 3);
    grid->setColumnStretch(2, 1);
    grid->setRowStretch(2, 1);

    connect(m_table, &QTableWidget::itemChanged, this, [this] {
        if (!m_loading)
            onItemChanged();
    });
    connect(m_table, &QTableWidget::itemSelectionChanged, this,
            [this] { m_remove->setEnabled(!m_table->selectedItems().isEmpty()); });
    connect(m_add, &QPushButton::clicked, this, [this] { addRow(); });
    connect(m_remove, &QPushButton::clicked, this, [this] { removeRow(); });
    m_remove->setEnabled(false);
}

void ListTableEditor::finishLoading()
{
    const int rows = std::max(2, m_table->rowCount());
    m_table->setFixedHeight(m_table->horizontalHeader()->sizeHint().height() +
                            rows * m_table->verticalHeader()->defaultSectionSize() + 2 * m_table->frameWidth());
    m_error->setVisible(false);
    m_remove->setEnabled(!m_table->selectedItems().isEmpty());
}

void ListTableEditor::clearMarks()
{
    const bool loading = m_loading;
    m_loading = true; // repainting a cell is not an edit
    for (int row = 0; row < m_table->rowCount(); ++row) {
        for (int column = 0; column < m_table->columnCount(); ++column) {
            if (QTableWidgetItem *item = m_table->item(row, column))
                item->setBackground(QBrush());
        }
    }
    m_loading = loading;
}

void ListTableEditor::showProblem(QTableWidgetItem *bad, const QString &problem)
{
    if (bad) {
        const bool loading = m_loading;
        m_loading = true;
        bad->setBackground(kRefusedCell);
        m_loading = loading;
    }
    m_error->setText(problem.isEmpty() ? QString() : tr("Not applied: %1").arg(problem));
    m_error->setVisible(!problem.isEmpty());
}

bool ListTableEditor::hasProblem() const
{
    return m_error->isVisible();
}

QTableWidgetItem *ListTableEditor::numberItem(const QString &text)
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

std::optional<double> ListTableEditor::cellNumber(const QTableWidgetItem *item)
{
    if (!item)
        return std::nullopt;
    QString text = item->text().trimmed();
    text.remove(QLatin1Char(','));
    bool ok = false;
    const double value = QLocale::c().toDouble(text, &ok);
    return ok && std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

std::optional<double> ListTableEditor::cellWhole(const QTableWidgetItem *item)
{
    const std::optional<double> value = cellNumber(item);
    return value && *value == std::floor(*value) ? value : std::nullopt;
}

} // namespace mltco::ui

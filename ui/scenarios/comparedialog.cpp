#include "ui/scenarios/comparedialog.h"

#include "models/report/summary.h"
#include "ui/core/planeditor.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace mltco::ui {

CompareDialog::CompareDialog(PlanEditor *editor, int a, int b, QWidget *parent)
    : QDialog(parent), m_editor(editor), m_a(new QComboBox), m_b(new QComboBox), m_table(new QTableWidget),
      m_leftOut(new QLabel)
{
    setObjectName(QStringLiteral("compareDialog"));
    setWindowTitle(tr("Compare two scenarios"));
    m_a->setObjectName(QStringLiteral("compareA"));
    m_b->setObjectName(QStringLiteral("compareB"));
    m_a->setAccessibleName(tr("First scenario"));
    m_b->setAccessibleName(tr("Second scenario"));
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setAccessibleName(tr("Comparison"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setTabKeyNavigation(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->setVisible(false);
    // The figures take the room they need and the labels the rest: the difference column is never cut off.
    m_table->setColumnCount(4);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_leftOut->setObjectName(QStringLiteral("compareLeftOut"));
    m_leftOut->setWordWrap(true);
    const QList<tco::PlanScenario> &scenarios = editor->plan().scenarios;
    const auto nameAt = [&](int i) { return i >= 0 && i < scenarios.size() ? scenarios.at(i).name : QString(); };
    m_a->addItem(nameAt(a)); // found again by name once the choices are filled in
    m_b->addItem(nameAt(b));
    repopulate();

    auto *pick = new QFormLayout;
    pick->addRow(tr("&A"), m_a);
    pick->addRow(tr("&B"), m_b);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(pick);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_leftOut);
    layout->addWidget(buttons);
    setTabOrder(m_a, m_b);
    setTabOrder(m_b, m_table);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_a, &QComboBox::currentIndexChanged, this, &CompareDialog::refresh);
    connect(m_b, &QComboBox::currentIndexChanged, this, &CompareDialog::refresh);
    connect(editor, &PlanEditor::planChanged, this, &CompareDialog::repopulate);
    resize(860, 520);
    refresh();
}

void CompareDialog::repopulate()
{
    const QString a = m_a->currentText(), b = m_b->currentText();
    const std::optional<tco::PlanResult> &result = m_editor->result();
    {
        const QSignalBlocker blockA(m_a), blockB(m_b);
        m_a->clear();
        m_b->clear();
        if (result) {
            for (const tco::EvaluatedScenario &s : result->scenarios) {
                m_a->addItem(s.name);
                m_b->addItem(s.name);
            }
        }
        m_a->setCurrentIndex(std::max(0, m_a->findText(a)));
        m_b->setCurrentIndex(std::max(0, m_b->findText(b)));
    }
    QStringList leftOut;
    if (result) {
        for (const tco::LeftOut &l : result->leftOut)
            if (l.scenario)
                leftOut << QStringLiteral("\u201c%1\u201d").arg(l.name);
    }
    m_leftOut->setText(tr("Not offered, as they cannot be evaluated yet: %1.").arg(leftOut.join(QStringLiteral(", "))));
    m_leftOut->setVisible(!leftOut.isEmpty());
    refresh();
}

void CompareDialog::refresh()
{
    const std::optional<tco::PlanResult> &result = m_editor->result();
    const int a = m_a->currentIndex(), b = m_b->currentIndex();
    std::vector<report::ComparisonLine> lines;
    if (result && a >= 0 && b >= 0)
        lines = report::compareScenarios(*result, static_cast<std::size_t>(a), static_cast<std::size_t>(b));
    m_table->clear();
    m_table->setHorizontalHeaderLabels({QString(), m_a->currentText(), m_b->currentText(), tr("A − B")});
    m_table->setRowCount(static_cast<int>(lines.size()));
    for (std::size_t r = 0; r < lines.size(); ++r) {
        const report::ComparisonLine &line = lines[r];
        const QStringList cells{line.label, line.a, line.b, line.difference};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(static_cast<int>(r), c, item);
        }
    }
}

} // namespace mltco::ui

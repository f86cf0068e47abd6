#include "ui/dashboard/chartpalette.h"

#include "ui/core/theme.h"

#include <QAbstractAxis>
#include <QChart>
#include <QCoreApplication>
#include <QGraphicsLayout>
#include <QLegend>

#include <array>

namespace mltco::ui::palette {

QColor categoryColor(tco::Category category)
{
    switch (category) {
    case tco::Category::Compute:
        return QColor(0x3b, 0x75, 0xaf);
    case tco::Category::Capex:
        return QColor(0xe0, 0x8a, 0x2c);
    case tco::Category::Resale:
        return QColor(0x4c, 0xa8, 0x5a);
    case tco::Category::Financing:
        return QColor(0xb8, 0x5c, 0x1f); // a darker capex: the same servers, paid over time
    case tco::Category::Facilities:
        return QColor(0x8c, 0x6b, 0xb1);
    case tco::Category::Power:
        return QColor(0xd4, 0xb0, 0x1e);
    case tco::Category::Failures:
        return QColor(0xc8, 0x4b, 0x4b);
    case tco::Category::Staff:
        return QColor(0x2a, 0x9d, 0x9a);
    case tco::Category::Overhead:
        return QColor(0x8a, 0x93, 0x9c);
    case tco::Category::Tax:
        return QColor(0x5b, 0x5f, 0x97);
    }
    return Qt::gray;
}

QString categoryLabel(tco::Category category)
{
    switch (category) {
    case tco::Category::Compute:
        return QCoreApplication::translate("palette", "Compute");
    case tco::Category::Capex:
        return QCoreApplication::translate("palette", "Capex");
    case tco::Category::Resale:
        return QCoreApplication::translate("palette", "Resale & residual");
    case tco::Category::Financing:
        return QCoreApplication::translate("palette", "Financing");
    case tco::Category::Facilities:
        return QCoreApplication::translate("palette", "Facilities");
    case tco::Category::Power:
        return QCoreApplication::translate("palette", "Power");
    case tco::Category::Failures:
        return QCoreApplication::translate("palette", "Failures");
    case tco::Category::Staff:
        return QCoreApplication::translate("palette", "Staff");
    case tco::Category::Overhead:
        return QCoreApplication::translate("palette", "Overhead");
    case tco::Category::Tax:
        return QCoreApplication::translate("palette", "Tax");
    }
    return {};
}

QColor scenarioColor(int index)
{
    // Tableau 10, then six more chosen to stay apart from them and from each other (every pair at least 18 apart in
    // CIELAB, where 10 is plainly different): a plan of 16 scenarios repeats no colour.
    static constexpr std::array<QRgb, 16> kColors = {0xff4e79a7, 0xfff28e2b, 0xffe15759, 0xff76b7b2, 0xff59a14f,
                                                     0xffedc948, 0xffb07aa1, 0xffff9da7, 0xff9c755f, 0xffbab0ac,
                                                     0xff17becf, 0xff6b3fa0, 0xffbcbd22, 0xff1f3f6e, 0xffa0522d,
                                                     0xff3b3b3b};
    const auto i = static_cast<std::size_t>(index < 0 ? 0 : index) % kColors.size();
    return QColor::fromRgba(kColors[i]);
}

void styleChart(QChart *chart)
{
    QFont title = chart->titleFont();
    title.setPointSizeF(9.5);
    title.setBold(true);
    chart->setTitleFont(title);
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    const QList<QAbstractAxis *> axes = chart->axes();
    for (QAbstractAxis *axis : axes) {
        QFont font = axis->titleFont();
        font.setPointSizeF(8.5);
        font.setBold(false);
        axis->setTitleFont(font);
    }
    theme::colorChart(chart);
}

} // namespace mltco::ui::palette

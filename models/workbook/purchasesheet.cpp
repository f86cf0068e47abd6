#include "models/workbook/sheetbuilder.h"

#include "models/tco/defaults.h"

#include <cmath>

namespace mltco::workbook::detail {

// ---- purchase -------------------------------------------------------------------------------------------------

void purchaseSheet(Builder &b, const tco::PurchaseScenario &s)
{
    const int H = b.H;
    const int T = std::max(1, s.holdingMonths);
    const int L = std::max(0, s.leadTimeMonths);
    const int D = std::max(1, s.depreciationMonths.value_or(s.holdingMonths));
    const bool macrs = s.depreciation == tco::Depreciation::Macrs5;
    const bool lease = s.financing == tco::Financing::Lease;
    const bool loan = s.financing == tco::Financing::Loan;
    const double i = s.loanRate.value_or(0.0) / 12.0;
    const int n = std::max(1, s.loanTermMonths.value_or(1));
    const double pf = tco::loanPaymentFactor(i, n);
    const double delta = std::clamp(s.downPaymentFraction, 0.0, 1.0);
    // Model version 4 (model.md §14.1, §14.2): the month the hardware goes on sale, the fabric on top of each server,
    // the successor's drop on every value taken from its month, the share written off at once.
    const int A = std::max(1, s.availableFromMonth);
    const double infra = 1.0 + s.infrastructureCapexFraction;
    const double bonus = std::clamp(s.bonusDepreciationFraction, 0.0, 1.0);
    const auto succ = [&s](int month) {
        return s.successorMonth && month >= *s.successorMonth ? 1.0 - s.successorValueDrop : 1.0;
    };
    // The successor's factor of a value taken in month `month` (a formula), "1" without a successor.
    const auto succFormula = [&s](const QString &month) {
        return s.successorMonth ? QStringLiteral("IF(%1>=SuccessorMonth,1-SuccessorValueDrop,1)").arg(month)
                                : QStringLiteral("1");
    };
    // The list price moves by g_s a year (model.md §14.1): P_p = P (1 + g_s)^((p - 1)/12). Each cycle pays the list
    // price of its payment month, so a renewal T months later costs (1 + g_s)^(T/12) times its cohort's last cycle.
    const auto listPrice = [&s](double month) { return s.serverPrice * std::pow(1.0 + s.serverPriceTrend, (month - 1.0) / 12.0); };
    const double renewal = std::pow(1.0 + s.serverPriceTrend, T / 12.0);

    b.constant(QStringLiteral("Reference GPU-hours a server sizes for"), QStringLiteral("SizedFor"),
               QStringLiteral("GpusPerServer*Speedup*730*TargetUtilization"), tco::sizingUnit(s));
    if (loan) {
        b.constant(QStringLiteral("Loan: monthly rate"), QStringLiteral("LoanMonthlyRate"), QStringLiteral("LoanRate/12"), i);
        b.constant(QStringLiteral("Loan: level payment per unit borrowed"), QStringLiteral("LoanPaymentFactor"),
                   QStringLiteral("IF(LoanMonthlyRate=0,1/MAX(1,LoanTermMonths),LoanMonthlyRate/(1-(1+LoanMonthlyRate)^(-MAX(1,LoanTermMonths))))"),
                   pf);
        b.constant(QStringLiteral("Loan: share paid in cash"), QStringLiteral("DownShare"),
                   QStringLiteral("MIN(1,MAX(0,DownPaymentFraction))"), delta);
    }
    b.start();
    const QString mine = quotedText(b.evaluated.name);

    // C++ mirrors of the columns, month 1 at [1].
    std::vector<double> sched(H + 1), bought(H + 1), ordered(H + 1), unit(H + 1), cohortCost(H + 1), cohortValue(H + 1),
        cycleCost(H + 1), cycleValue(H + 1), horizonValue(H + 1), capex(H + 1), inService(H + 1), basisStart(H + 1), residual(H + 1),
        residualGain(H + 1), saleValue(H + 1), saleGain(H + 1), depreciation(H + 1), leasePay(H + 1), leaseRun(H + 1),
        borrowed(H + 1), financing(H + 1), interest(H + 1);
    const auto charged = [&](double held) { // the share of a cycle's basis written off over `held` months
        if (!macrs)
            return bonus + (1.0 - bonus) * (std::min(held, double(D)) / D);
        double f = 0.0;
        for (int y = 0; y < 6; ++y)
            f += kMacrs5Rates[y] * std::clamp(held - 12.0 * y, 0.0, 12.0) / 12.0;
        return bonus + (1.0 - bonus) * f;
    };
    const double sizedFor = tco::sizingUnit(s);
    for (int m = 1; m <= H; ++m) {
        for (const tco::ScheduledPurchase &p : s.purchases)
            if (p.month == m)
                sched[m] += p.servers;
        bought[m] = (m == A ? std::max(0, s.servers) : 0.0) + bought[m - 1] + sched[m];
        if (s.expansion == tco::Expansion::ToDemand && m >= A)
            bought[m] = std::max(bought[m], std::min(tco::unitsNeeded(b.G(m), sizedFor), double(tco::defaults::kMaxFleet) + 1));
        ordered[m] = bought[m] - bought[m - 1];
        unit[m] = listPrice(m) * (1.0 - tco::bulkDiscountFor(s.bulkDiscounts, static_cast<int>(ordered[m])));
        cohortCost[m] = ordered[m] * unit[m] * infra;
        // Sold at the end of its first cycle, in month m + L + T - 1, at that month's list price (capped at the price
        // paid); every later cycle of the cohort scales by the same renewal factor as its cost.
        cohortValue[m] = ordered[m] * std::min(s.resaleFraction * listPrice(m + L + T - 1), unit[m]);
        cycleCost[m] = cohortCost[m] + (m > T ? cycleCost[m - T] * renewal : 0.0);
        cycleValue[m] = cohortValue[m] + (m > T ? cycleValue[m - T] * renewal : 0.0);
        capex[m] = m + L <= H ? cycleCost[m] : 0.0;
        inService[m] = m - L >= 1 ? bought[m - L] : 0.0;
        basisStart[m] = m - L >= 1 ? capex[m - L] : 0.0;
        const bool held = m + L <= H && m + L + T - 1 > H;
        // A cycle still held at H is valued at H's list price, capped at each cohort's own price of this cycle.
        if (held)
            for (int j = m; j >= 1; j -= T)
                horizonValue[m] += ordered[j] * std::min(s.resaleFraction * listPrice(H), unit[j] * std::pow(1.0 + s.serverPriceTrend, (m - j) / 12.0));
        residual[m] = held ? (cycleCost[m] / infra - (cycleCost[m] / infra - horizonValue[m]) * (H - m - L + 1) / T) * succ(H)
                           : 0.0;
        residualGain[m] = held ? residual[m] - cycleCost[m] * (1.0 - charged(H - m - L + 1)) : 0.0;
        const int q = m - L - T + 1;
        saleValue[m] = q >= 1 ? cycleValue[q] * succ(m) : 0.0;
        saleGain[m] = q >= 1 ? cycleValue[q] * succ(m) - cycleCost[q] * (1.0 - charged(T)) : 0.0;
        if (macrs) {
            for (int y = 0; y < 6; ++y)
                for (int age = 12 * y; age <= std::min(12 * y + 11, T - 1); ++age)
                    if (m - age >= 1)
                        depreciation[m] += basisStart[m - age] * kMacrs5Rates[y] / 12.0;
        } else {
            for (int j = std::max(1, m - std::min(D, T) + 1); j <= m; ++j)
                depreciation[m] += basisStart[j] / D;
        }
        depreciation[m] = bonus * basisStart[m] + (1.0 - bonus) * depreciation[m];
        leasePay[m] = ordered[m] * (s.leasePaymentPerServerMonth ? *s.leasePaymentPerServerMonth
                                                                 : unit[m] * infra * s.leaseRateFactor.value_or(0.0));
        leaseRun[m] = (m > 1 ? leaseRun[m - 1] : 0.0) + (m - L >= 1 ? leasePay[m - L] : 0.0);
        borrowed[m] = (1.0 - delta) * capex[m];
    }
    const auto balanceShare = [&](int k) { // what is left of 1 borrowed after k level payments
        if (i == 0.0)
            return 1.0 - k * pf;
        const double q = std::pow(1.0 + i, k);
        return q - pf * (q - 1.0) / i;
    };
    for (int m = 1; m <= H; ++m) {
        for (int p = std::max(1, m - n); p <= m - 1; ++p) {
            financing[m] += m < H ? borrowed[p] * pf : borrowed[p] * balanceShare(H - 1 - p) * (1.0 + i);
            interest[m] += borrowed[p] * i * balanceShare(m - 1 - p);
        }
        if (m == H)
            financing[m] += borrowed[H];
    }

    // The fleet (model.md §10.2, §11.1).
    const int schedCol = b.t.add(QStringLiteral("scheduled"), Fmt::Number,
                                 [&b, mine](int m) {
                                     return QStringLiteral("SUMPRODUCT((AsScenario=%1)*(AsKey=\"purchases\")*(AsAt=%2),AsValue)").arg(mine, b.M(m));
                                 },
                                 std::vector<double>(sched.begin() + 1, sched.end()));
    int boughtCol = static_cast<int>(b.t.columns().size());
    boughtCol = b.t.add(
        QStringLiteral("bought to date"), Fmt::Number,
        [&b, &boughtCol, schedCol](int m) {
            // `servers` in the month the hardware goes on sale (month 1 unless it says), the fleet that follows demand
            // from then on (model.md §14.1).
            const QString before = QStringLiteral("IF(%1=AvailableFromMonth,MAX(0,Servers),0)%2")
                                       .arg(b.M(m), m == 1 ? QString() : QLatin1Char('+') + b.at(boughtCol, m - 1));
            return QStringLiteral("IF(AND(Expansion=\"to_demand\",%4>=AvailableFromMonth),MAX(%1+%2,%3),%1+%2)")
                .arg(before, b.at(schedCol, m), unitsNeeded(b.at(b.demandCol, m), QStringLiteral("SizedFor")), b.M(m));
        },
        std::vector<double>(bought.begin() + 1, bought.end()));
    const int orderedCol = b.t.add(QStringLiteral("bought"), Fmt::Number,
                                   [&b, boughtCol](int m) {
                                       return m == 1 ? b.at(boughtCol, m) : QStringLiteral("%1-%2").arg(b.at(boughtCol, m), b.at(boughtCol, m - 1));
                                   },
                                   std::vector<double>(ordered.begin() + 1, ordered.end()));
    const QString tiers = QStringLiteral("(AsScenario=%1)*(AsKey=\"bulk_discounts\")").arg(mine);
    const int unitCol = b.t.add(QStringLiteral("price paid per server"), Fmt::Money,
                                [&b, orderedCol, tiers](int m) {
                                    // The list price of this month (model.md §14.1) less the bulk tier of the servers bought.
                                    return QStringLiteral("ServerPrice*(1+ServerPriceTrend)^((%3-1)/12)*(1-SUMPRODUCT(%1*(AsAt=SUMPRODUCT(MAX(%1*(AsAt<=%2)*AsAt))),AsValue))")
                                        .arg(tiers, b.at(orderedCol, m), b.M(m));
                                },
                                std::vector<double>(unit.begin() + 1, unit.end()));
    const int inServiceCol = b.t.add(QStringLiteral("servers in service"), Fmt::Number,
                                     [&b, boughtCol](int m) {
                                         return QStringLiteral("IF(%1-LeadTimeMonths>=1,%2,0)")
                                             .arg(b.M(m), b.t.index(boughtCol, QStringLiteral("%1-LeadTimeMonths").arg(b.M(m))));
                                     },
                                     std::vector<double>(inService.begin() + 1, inService.end()));
    b.out.columns.fleet = inServiceCol;

    Categories cat;
    int depreciationCol = -1, gainCol = -1, deductibleCol = -1;
    if (lease) {
        // An operating lease (§12, clarification 36): each server in service pays its cohort's payment until H.
        const int payCol = b.t.add(QStringLiteral("lease payment of the servers bought"), Fmt::Money,
                                   [&b, orderedCol, unitCol, &s](int m) {
                                       return s.leasePaymentPerServerMonth
                                                  ? QStringLiteral("%1*LeasePaymentPerServerMonth").arg(b.at(orderedCol, m))
                                                  : QStringLiteral("%1*%2*(1+InfrastructureCapexFraction)*LeaseRateFactor")
                                                        .arg(b.at(orderedCol, m), b.at(unitCol, m));
                                   },
                                   std::vector<double>(leasePay.begin() + 1, leasePay.end()));
        deductibleCol = b.t.add(QStringLiteral("lease payments"), Fmt::Money,
                                [&b, payCol](int m) {
                                    return QStringLiteral("IF(%1-LeadTimeMonths>=1,SUM(%2),0)")
                                        .arg(b.M(m), b.t.window(payCol, QStringLiteral("1"), QStringLiteral("%1-LeadTimeMonths").arg(b.M(m))));
                                },
                                std::vector<double>(leaseRun.begin() + 1, leaseRun.end()));
        cat[idx(Category::Financing)] = [&b, deductibleCol](int m) { return b.at(deductibleCol, m); };
    } else {
        const int costCol = b.t.add(QStringLiteral("cost of the servers bought"), Fmt::Money,
                                    [&b, orderedCol, unitCol](int m) {
                                        // With the network fabric, storage and racks on top (model.md §14.2).
                                        return QStringLiteral("%1*%2*(1+InfrastructureCapexFraction)").arg(b.at(orderedCol, m), b.at(unitCol, m));
                                    },
                                    std::vector<double>(cohortCost.begin() + 1, cohortCost.end()));
        const int valueCol = b.t.add(QStringLiteral("their value at the end of holding"), Fmt::Money,
                                     [&b, orderedCol, unitCol](int m) {
                                         // At the list price of the month they are sold, never above the price paid.
                                         return QStringLiteral("%1*MIN(ResaleFraction*ServerPrice*(1+ServerPriceTrend)^((%3+LeadTimeMonths+HoldingMonths-2)/12),%2)")
                                             .arg(b.at(orderedCol, m), b.at(unitCol, m), b.M(m));
                                     },
                                     std::vector<double>(cohortValue.begin() + 1, cohortValue.end()));
        // Every holding cycle paid this month: the cohorts bought now and those bought T, 2T, … months ago; money at
        // this month's list price, T months of the price trend after the last cycle.
        const auto cycle = [&b](int own, int column, bool money) {
            return [&b, own, column, money](int m) {
                if (m == 1)
                    return b.at(own, m);
                const QString before = QStringLiteral("INDEX(%1:%2,%3-HoldingMonths)%4")
                                           .arg(absoluteCell(b.t.rowOf(1), column), cell(b.t.rowOf(m - 1), column), b.M(m),
                                                money ? QStringLiteral("*(1+ServerPriceTrend)^(HoldingMonths/12)") : QString());
                return QStringLiteral("%1+IF(%2>HoldingMonths,%3,0)").arg(b.at(own, m), b.M(m), before);
            };
        };
        int cycleCostCol = static_cast<int>(b.t.columns().size());
        cycleCostCol = b.t.add(QStringLiteral("holding cycles paid: cost"), Fmt::Money, cycle(costCol, cycleCostCol, true),
                               std::vector<double>(cycleCost.begin() + 1, cycleCost.end()));
        int cycleValueCol = static_cast<int>(b.t.columns().size());
        cycleValueCol = b.t.add(QStringLiteral("holding cycles paid: value at the end"), Fmt::Money, cycle(valueCol, cycleValueCol, true),
                                std::vector<double>(cycleValue.begin() + 1, cycleValue.end()));
        // The servers of those cycles, and the servers retired (sold) at the end of a cycle.
        std::vector<double> cycleServers(H + 1), retired(H + 1);
        for (int m = 1; m <= H; ++m) {
            cycleServers[m] = ordered[m] + (m > T ? cycleServers[m - T] : 0.0);
            const int q = m - L - T + 1;
            retired[m] = q >= 1 ? cycleServers[q] : 0.0;
        }
        int cycleServersCol = static_cast<int>(b.t.columns().size());
        cycleServersCol = b.t.add(QStringLiteral("holding cycles paid: servers"), Fmt::Number, cycle(orderedCol, cycleServersCol, false),
                                  std::vector<double>(cycleServers.begin() + 1, cycleServers.end()));
        b.t.add(QStringLiteral("servers retired (sold)"), Fmt::Number,
                [&b, cycleServersCol](int m) {
                    const QString q = QStringLiteral("%1-LeadTimeMonths-HoldingMonths+1").arg(b.M(m));
                    return QStringLiteral("IF(%1>=1,%2,0)").arg(q, b.t.index(cycleServersCol, q));
                },
                std::vector<double>(retired.begin() + 1, retired.end()));
        const int H_ = H;
        const int capexCol = b.t.add(QStringLiteral("capex basis paid"), Fmt::Money,
                                     [&b, cycleCostCol, H_](int m) {
                                         return QStringLiteral("IF(%1+LeadTimeMonths<=%2,%3,0)").arg(b.M(m)).arg(H_).arg(b.at(cycleCostCol, m));
                                     },
                                     std::vector<double>(capex.begin() + 1, capex.end()));
        const int basisCol = b.t.add(QStringLiteral("basis entering service"), Fmt::Money,
                                     [&b, capexCol](int m) {
                                         return QStringLiteral("IF(%1-LeadTimeMonths>=1,%2,0)")
                                             .arg(b.M(m), b.t.index(capexCol, QStringLiteral("%1-LeadTimeMonths").arg(b.M(m))));
                                     },
                                     std::vector<double>(basisStart.begin() + 1, basisStart.end()));
        // Depreciation (§10.5): straight line over D months, or the MACRS rates by year of service; never after a sale.
        depreciationCol = b.t.add(
            QStringLiteral("depreciation"), Fmt::Money,
            [&b, basisCol, macrs](int m) -> QString {
                const QString M = b.M(m);
                // Bonus depreciation (model.md §14.2): a share of the basis at once in its first month of service, the
                // rest by the method.
                const QString now = QStringLiteral("BonusDepreciationFraction*%1+(1-BonusDepreciationFraction)*").arg(b.at(basisCol, m));
                if (!macrs)
                    return now + QStringLiteral("SUM(%1)/DepreciationMonths")
                                     .arg(b.t.window(basisCol, QStringLiteral("MAX(1,%1-MIN(DepreciationMonths,HoldingMonths)+1)").arg(M), M));
                QStringList years;
                for (int y = 0; y < 6; ++y)
                    years << QStringLiteral("IF(AND(%1-%2>=1,%2<=HoldingMonths-1),MacrsYear%3*SUM(%4),0)")
                                 .arg(M)
                                 .arg(12 * y)
                                 .arg(y + 1)
                                 .arg(b.t.window(basisCol, QStringLiteral("MAX(1,%1-MIN(%2,HoldingMonths-1))").arg(M).arg(12 * y + 11),
                                                 QStringLiteral("MAX(1,%1-%2)").arg(M).arg(12 * y)));
                return now + QStringLiteral("(%1)/12").arg(years.join(QLatin1Char('+')));
            },
            std::vector<double>(depreciation.begin() + 1, depreciation.end()));
        const QString chargedT = QStringLiteral("(BonusDepreciationFraction+(1-BonusDepreciationFraction)*%1)")
                                     .arg(macrs ? QStringLiteral("SUMPRODUCT(MacrsRates,((HoldingMonths-MacrsFrom)>12)*12+((HoldingMonths-MacrsFrom)>0)*((HoldingMonths-MacrsFrom)<=12)*(HoldingMonths-MacrsFrom))/12")
                                                : QStringLiteral("MIN(HoldingMonths,DepreciationMonths)/DepreciationMonths"));
        const auto chargedHeld = [macrs](const QString &held) {
            return QStringLiteral("(BonusDepreciationFraction+(1-BonusDepreciationFraction)*%1)")
                .arg(macrs ? QStringLiteral("SUMPRODUCT(MacrsRates,((%1-MacrsFrom)>12)*12+((%1-MacrsFrom)>0)*((%1-MacrsFrom)<=12)*(%1-MacrsFrom))/12").arg(held)
                           : QStringLiteral("MIN(%1,DepreciationMonths)/DepreciationMonths").arg(held));
        };
        // The cycles paid this month that are still held at H, valued at H's list price and capped at each cohort's
        // price of this cycle (model.md §14.1): the cohorts bought T, 2T, … months before, their price grown since.
        // MIN(a, b) as (a + b - ABS(a - b))/2, which stays one figure per row inside SUMPRODUCT.
        const QString heldCycle = QStringLiteral("AND(%1+LeadTimeMonths<=%2,%1+LeadTimeMonths+HoldingMonths-1>%2)");
        const int horizonValueCol = b.t.add(
            QStringLiteral("their value at the horizon"), Fmt::Money,
            [&b, orderedCol, unitCol, H_, heldCycle](int m) {
                const QString upTo = QStringLiteral("%1:%2");
                const QString months = upTo.arg(absoluteCell(b.t.rowOf(1), b.monthCol), cell(b.t.rowOf(m), b.monthCol));
                const QString value = QStringLiteral("ResaleFraction*ServerPrice*(1+ServerPriceTrend)^((%1-1)/12)").arg(H_);
                const QString price = QStringLiteral("%1*(1+ServerPriceTrend)^((%2-%3)/12)")
                                          .arg(upTo.arg(absoluteCell(b.t.rowOf(1), unitCol), cell(b.t.rowOf(m), unitCol)), b.M(m), months);
                return QStringLiteral("IF(%1,SUMPRODUCT((MOD(%2-%3,HoldingMonths)=0)*%4*(%5+%6-ABS(%5-%6))/2),0)")
                    .arg(heldCycle.arg(b.M(m)).arg(H_), b.M(m), months,
                         upTo.arg(absoluteCell(b.t.rowOf(1), orderedCol), cell(b.t.rowOf(m), orderedCol)), value, price);
            },
            std::vector<double>(horizonValue.begin() + 1, horizonValue.end()));
        // A cycle still held at H: its straight-line value from the price paid to the value at H (§10.2).
        const int residualCol = b.t.add(
            QStringLiteral("residual of cycles held at the horizon"), Fmt::Money,
            [&b, cycleCostCol, horizonValueCol, H_, heldCycle, succFormula](int m) {
                // The server's value only (the fabric is worth nothing), after the successor's drop when it has shipped.
                const QString server = QStringLiteral("%1/(1+InfrastructureCapexFraction)").arg(b.at(cycleCostCol, m));
                return QStringLiteral("IF(%1,(%2-(%2-%3)*(%4-%5-LeadTimeMonths+1)/HoldingMonths)*%6,0)")
                    .arg(heldCycle.arg(b.M(m)).arg(H_), server, b.at(horizonValueCol, m), QString::number(H_), b.M(m),
                         succFormula(QString::number(H_)));
            },
            std::vector<double>(residual.begin() + 1, residual.end()));
        const int residualGainCol = b.t.add(
            QStringLiteral("gain on that residual"), Fmt::Money,
            [&b, residualCol, cycleCostCol, H_, chargedHeld](int m) {
                return QStringLiteral("IF(%1<>0,%1-%2*(1-%3),0)")
                    .arg(b.at(residualCol, m), b.at(cycleCostCol, m), chargedHeld(QStringLiteral("(%1-%2-LeadTimeMonths+1)").arg(H_).arg(b.M(m))));
            },
            std::vector<double>(residualGain.begin() + 1, residualGain.end()));
        const QString sold = QStringLiteral("%1-LeadTimeMonths-HoldingMonths+1");
        const int saleCol = b.t.add(QStringLiteral("sold"), Fmt::Money,
                                    [&b, cycleValueCol, sold, succFormula](int m) {
                                        return QStringLiteral("IF(%1>=1,%2*%3,0)")
                                            .arg(sold.arg(b.M(m)), b.t.index(cycleValueCol, sold.arg(b.M(m))), succFormula(b.M(m)));
                                    },
                                    std::vector<double>(saleValue.begin() + 1, saleValue.end()));
        gainCol = b.t.add(
            QStringLiteral("gain on sale"), Fmt::Money,
            [&b, cycleValueCol, cycleCostCol, sold, chargedT, residualGainCol, H_, succFormula](int m) {
                QString f = QStringLiteral("IF(%1>=1,%2*%5-%3*(1-%4),0)")
                                .arg(sold.arg(b.M(m)), b.t.index(cycleValueCol, sold.arg(b.M(m))), b.t.index(cycleCostCol, sold.arg(b.M(m))), chargedT,
                                     succFormula(b.M(m)));
                if (m == H_)
                    f += QStringLiteral("+IF(CreditResidualAtHorizon,SUM(%1),0)").arg(b.t.range(residualGainCol));
                return f;
            },
            [&](int m) { return saleGain[m] + (m == H && s.creditResidualAtHorizon ? [&] { double r = 0; for (int p = 1; p <= H; ++p) r += residualGain[p]; return r; }() : 0.0); });
        cat[idx(Category::Resale)] = [&b, saleCol, residualCol, H_](int m) {
            QString f = QStringLiteral("-%1").arg(b.at(saleCol, m));
            if (m == H_)
                f += QStringLiteral("-IF(CreditResidualAtHorizon,SUM(%1),0)").arg(b.t.range(residualCol));
            return f;
        };
        if (loan) {
            cat[idx(Category::Capex)] = [&b, capexCol](int m) { return QStringLiteral("DownShare*%1").arg(b.at(capexCol, m)); };
            const int borrowedCol = b.t.add(QStringLiteral("borrowed"), Fmt::Money,
                                            [&b, capexCol](int m) { return QStringLiteral("(1-DownShare)*%1").arg(b.at(capexCol, m)); },
                                            std::vector<double>(borrowed.begin() + 1, borrowed.end()));
            // What is left of 1 borrowed after k level payments: (1+i)^k - PF((1+i)^k - 1)/i, or 1 - k PF at 0 %.
            const auto windowOf = [&b](int column, int m) {
                return b.t.window(column, QStringLiteral("MAX(1,%1-MAX(1,LoanTermMonths))").arg(b.M(m)), QStringLiteral("%1-1").arg(b.M(m)));
            };
            const int financingCol = b.t.add(
                QStringLiteral("loan payments"), Fmt::Money,
                [&b, borrowedCol, windowOf, H_](int m) {
                    if (m == 1)
                        return H_ == 1 ? b.at(borrowedCol, m) : QStringLiteral("0");
                    const QString window = windowOf(borrowedCol, m);
                    const QString months = windowOf(b.monthCol, m);
                    if (m < H_)
                        return QStringLiteral("LoanPaymentFactor*SUM(%1)").arg(window);
                    // The last month repays what is left of every loan, with that month's interest; bought in month H,
                    // the whole amount borrowed then, without interest.
                    return QStringLiteral("%1+(1+LoanMonthlyRate)*IF(LoanMonthlyRate=0,SUMPRODUCT(%2,1-(%3-1-%4)*LoanPaymentFactor),"
                                          "SUMPRODUCT(%2,(1+LoanMonthlyRate)^(%3-1-%4)-LoanPaymentFactor*((1+LoanMonthlyRate)^(%3-1-%4)-1)/LoanMonthlyRate))")
                        .arg(b.at(borrowedCol, m), window, b.M(m), months);
                },
                std::vector<double>(financing.begin() + 1, financing.end()));
            deductibleCol = b.t.add(
                QStringLiteral("loan interest"), Fmt::Money,
                [&b, borrowedCol, windowOf](int m) {
                    if (m == 1)
                        return QStringLiteral("0");
                    const QString window = windowOf(borrowedCol, m);
                    const QString months = windowOf(b.monthCol, m);
                    return QStringLiteral("LoanMonthlyRate*IF(LoanMonthlyRate=0,0,SUMPRODUCT(%1,(1+LoanMonthlyRate)^(%2-1-%3)-LoanPaymentFactor*((1+LoanMonthlyRate)^(%2-1-%3)-1)/LoanMonthlyRate))")
                        .arg(window, b.M(m), months);
                },
                std::vector<double>(interest.begin() + 1, interest.end()));
            cat[idx(Category::Financing)] = [&b, financingCol](int m) { return b.at(financingCol, m); };
        } else if (L > 0) {
            // A deposit at order and the rest on delivery, in the first month of service (model.md §14.2).
            cat[idx(Category::Capex)] = [&b, capexCol, basisCol](int m) {
                return QStringLiteral("PaidAtOrderFraction*%1+(1-PaidAtOrderFraction)*%2").arg(b.at(capexCol, m), b.at(basisCol, m));
            };
        } else {
            cat[idx(Category::Capex)] = [&b, capexCol](int m) { return b.at(capexCol, m); };
        }
    }
    const int capacity = b.t.add(QStringLiteral("capacity"), Fmt::Hours,
                                 [&b, inServiceCol](int m) { return QStringLiteral("%1*GpusPerServer*Speedup*730").arg(b.at(inServiceCol, m)); },
                                 [&b](int m) { return b.rows[static_cast<std::size_t>(m - 1)].capacity; });
    // The purchase's electricity price: its own, or on the Assumptions a formula of the plan's (§4.2).
    const QString price = QStringLiteral("ElectricityPerKwh");
    // Facilities, and the kilowatts contracted at the colocation's price per kW (model.md §14.2).
    cat[idx(Category::Facilities)] = [&b, inServiceCol](int m) {
        return QStringLiteral("%1*(FacilitiesPerServerYear/12+PowerKwPerServer*ColocationPerKwMonth)").arg(b.at(inServiceCol, m));
    };
    if (s.idlePowerFraction) {
        // Idle power (model.md §14.2): the power at full load times φ + (1 − φ) u, u the share of the capacity that
        // serves; alone, what it serves of the month's demand.
        const tco::Workload &w = b.cx.result.workload;
        const double kwh = s.electricityFromPlan && w.electricityPerKwh ? *w.electricityPerKwh : s.electricityPerKwh;
        std::vector<double> full(static_cast<std::size_t>(H));
        for (int m = 1; m <= H; ++m)
            full[static_cast<std::size_t>(m - 1)] = b.t.value(inServiceCol, m) * s.powerKwPerServer * s.pue * 730.0 * kwh *
                                                    std::pow(1.0 + s.electricityPriceTrend, (m - 1) / 12.0);
        const int fullCol = b.t.add(QStringLiteral("power at full load"), Fmt::Money,
                                    [&b, inServiceCol, price](int m) {
                                        return QStringLiteral("%1*PowerKwPerServer*Pue*730*%2*(1+ElectricityPriceTrend)^((%3-1)/12)")
                                            .arg(b.at(inServiceCol, m), price, b.M(m));
                                    },
                                    full);
        b.out.columns.fullPower = fullCol;
        cat[idx(Category::Power)] = [&b, fullCol, capacity](int m) {
            return QStringLiteral("%1*IF(%2>0,IdlePowerFraction+(1-IdlePowerFraction)*MIN(1,MIN(%3,%2)/%2),IdlePowerFraction)")
                .arg(b.at(fullCol, m), b.at(capacity, m), b.at(b.demandCol, m));
        };
    } else {
        cat[idx(Category::Power)] = [&b, inServiceCol, price](int m) {
            return QStringLiteral("%1*PowerKwPerServer*AverageLoad*Pue*730*%2*(1+ElectricityPriceTrend)^((%3-1)/12)")
                .arg(b.at(inServiceCol, m), price, b.M(m));
        };
    }
    cat[idx(Category::Failures)] = [&b, inServiceCol](int m) { return QStringLiteral("%1*FailuresPerServerYear/12").arg(b.at(inServiceCol, m)); };
    cat[idx(Category::Staff)] = [&b, inServiceCol](int m) {
        return QStringLiteral("IF(AND(%1>0,ServersPerFte>0),CEILING(%1/ServersPerFte-1E-9,1),0)*FteAnnualCost/12").arg(b.at(inServiceCol, m));
    };
    const int first = static_cast<int>(b.t.columns().size());
    cat[idx(Category::Tax)] = [&b, first, gainCol, depreciationCol, deductibleCol](int m) {
        const auto c = [&](Category k) { return b.at(first + int(idx(k)), m); };
        return QStringLiteral("%1-(%2+%3+%4+%5+%6)-%7")
            .arg(gainCol >= 0 ? b.at(gainCol, m) : QStringLiteral("0"), c(Category::Facilities), c(Category::Power),
                 c(Category::Failures), c(Category::Staff), deductibleCol >= 0 ? b.at(deductibleCol, m) : QStringLiteral("0"),
                 depreciationCol >= 0 ? b.at(depreciationCol, m) : QStringLiteral("0"));
    };
    b.finishStandalone(cat, capacity);
}

} // namespace mltco::workbook::detail

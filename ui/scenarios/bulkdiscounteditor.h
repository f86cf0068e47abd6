#pragma once

#include "models/tco/scenario.h"

#include "ui/scenarios/listtable.h"

#include <optional>
#include <vector>

namespace mltco::ui {

/// The bulk-discount tiers of a purchase scenario, [[min_servers, fraction], ...], as a small table:
/// "From servers" and "Discount (%)". A table with a bad cell is refused with the reason under it and the
/// cell marked; only a complete, valid set of tiers is committed (sorted by server count).
class BulkDiscountEditor final : public ListTableEditor
{
    Q_OBJECT

public:
    enum Column { MinServers, Discount, ColumnCount };

    explicit BulkDiscountEditor(QWidget *parent = nullptr);

    /// Shows the plan's tiers and which one applies to `servers` servers at list price `serverPrice`.
    /// Leaves a table the user is still correcting alone unless the plan's tiers changed.
    void setTiers(const std::vector<tco::BulkTier> &tiers, int servers, double serverPrice);

signals:
    void committed(const std::vector<tco::BulkTier> &tiers);

private:
    void load(const std::vector<tco::BulkTier> &tiers);
    /// The tiers in the table, or none with the problem shown and the bad cell marked.
    std::optional<std::vector<tco::BulkTier>> read();
    void onItemChanged() override;
    void addRow() override;
    void removeRow() override;
    void updateApplies();

    std::vector<tco::BulkTier> m_tiers; ///< the plan's
    int m_servers = 0;
    double m_serverPrice = 0.0;
};

} // namespace mltco::ui

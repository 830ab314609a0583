/**
 * The dashboard's figures from aggregates (docs/decisions/0031-reads-follow-changes.md): per IST
 * day, the count and sum of the non-cancelled orders (aggregation queries), and the best sellers
 * from the per-product, per-day sales counters (catalog/sales-counters.ts). Pure, for tests.
 */
import { BEST_SELLER_COUNT, type BestSeller, type RevenueDay } from '@bagshop/domain';

/** Today (the last day) and the week, from the days' aggregates, oldest first. */
export function revenueFigures(byDay: readonly RevenueDay[]) {
  const today = byDay[byDay.length - 1] ?? { revenue: 0, orders: 0 };
  return {
    today: today.revenue,
    ordersToday: today.orders,
    last7Days: byDay.reduce((sum, d) => sum + d.revenue, 0),
    ordersLast7Days: byDay.reduce((sum, d) => sum + d.orders, 0),
    byDay: [...byDay],
  };
}

/** One `salesByDay` document, as read. */
export interface DaySales {
  productId: string;
  name: string;
  imageUrl: string;
  quantity: number;
  revenue: number;
}

/** Top products by units over the days given; ties go to the higher revenue, then the name. Nothing sold (all cancelled) is left out. */
export function bestSellers(days: readonly DaySales[], count = BEST_SELLER_COUNT): BestSeller[] {
  const byProduct = new Map<string, BestSeller>();
  for (const d of days) {
    const entry = byProduct.get(d.productId) ?? { _id: d.productId, name: d.name, quantity: 0, revenue: 0, imageUrl: d.imageUrl };
    entry.quantity += d.quantity;
    entry.revenue += d.revenue;
    byProduct.set(d.productId, entry);
  }
  return [...byProduct.values()]
    .filter((b) => b.quantity > 0)
    .sort((a, b) => b.quantity - a.quantity || b.revenue - a.revenue || a.name.localeCompare(b.name))
    .slice(0, count);
}

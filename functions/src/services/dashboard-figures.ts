import {
  BEST_SELLER_COUNT,
  CodecError,
  istDayKey,
  lastIstDays,
  lineTotal,
  ORDER_STATUSES,
  orderFromData,
  REVENUE_DAYS,
  type BestSeller,
  type Order,
  type OrderStatus,
  type RevenueDay,
} from '@bagshop/domain';

/** What the dashboard needs of one order, read from Firestore. */
export interface OrderFacts {
  createdAt: Date;
  status: OrderStatus;
  totalAmount: number;
  items: { productId: string; name: string; price: number; discount: number; quantity: number; imageUrl: string }[];
}

/** Revenue by IST day over the last `REVENUE_DAYS` days; cancelled orders bring in nothing. */
export function revenueFigures(orders: readonly OrderFacts[], now: Date) {
  const days = lastIstDays(now, REVENUE_DAYS);
  const byKey = new Map<string, RevenueDay>(days.map((date) => [date, { date, revenue: 0, orders: 0 }]));
  for (const order of orders) {
    if (order.status === 'cancelled') continue;
    const day = byKey.get(istDayKey(order.createdAt));
    if (!day) continue;
    day.revenue += order.totalAmount;
    day.orders += 1;
  }
  const byDay = days.map((d) => byKey.get(d) as RevenueDay);
  const today = byDay[byDay.length - 1] ?? { revenue: 0, orders: 0 };
  return {
    today: today.revenue,
    ordersToday: today.orders,
    last7Days: byDay.reduce((sum, d) => sum + d.revenue, 0),
    ordersLast7Days: byDay.reduce((sum, d) => sum + d.orders, 0),
    byDay,
  };
}

/** Top products by units sold in non-cancelled orders; ties go to the higher revenue, then the name. */
export function bestSellers(orders: readonly OrderFacts[], since: Date, count = BEST_SELLER_COUNT): BestSeller[] {
  const byProduct = new Map<string, BestSeller>();
  for (const order of orders) {
    if (order.status === 'cancelled' || order.createdAt < since) continue;
    for (const item of order.items) {
      const entry = byProduct.get(item.productId) ?? {
        _id: item.productId,
        name: item.name,
        quantity: 0,
        revenue: 0,
        imageUrl: item.imageUrl,
      };
      entry.quantity += item.quantity;
      entry.revenue += lineTotal(item);
      byProduct.set(item.productId, entry);
    }
  }
  return [...byProduct.values()]
    .sort((a, b) => b.quantity - a.quantity || b.revenue - a.revenue || a.name.localeCompare(b.name))
    .slice(0, count);
}

export function emptyStatusCounts(): Record<OrderStatus, number> {
  return Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
}

/**
 * An order document's facts for the figures (the codec: domain/src/codecs/order.ts). A
 * malformed order is left out, never a 500; so are lines without a product or a quantity.
 */
export function orderFacts(id: string, data: unknown): OrderFacts | null {
  let order: Order;
  try {
    order = orderFromData(id, data);
  } catch (error) {
    if (error instanceof CodecError) return null;
    throw error;
  }
  if (!order.createdAt) return null;
  return {
    createdAt: new Date(order.createdAt),
    status: order.status,
    totalAmount: order.totalAmount,
    items: order.items
      .filter((item) => item._id && item.quantity > 0)
      .map((item) => ({
        productId: item._id,
        name: item.name,
        price: item.price,
        discount: item.discount,
        quantity: item.quantity,
        imageUrl: item.product.image.url,
      })),
  };
}

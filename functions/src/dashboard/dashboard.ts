import {
  BEST_SELLER_DAYS,
  istDayKey,
  istDayStart,
  lastIstDays,
  LOW_STOCK_THRESHOLD,
  nameWithVariant,
  ORDER_STATUSES,
  variantImages,
  variantLabel,
  REVENUE_DAYS,
  type AdminDashboard,
  type LowStockProduct,
  type OrderStatus,
  type RevenueDay,
} from '@bagshop/domain';
import { AggregateField, Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { products, toProduct } from '../catalog/index.js';
import { fulfilmentDashboard } from '../fulfilment/dashboard.js';
import { productOf, stockMapOf, variantStockDocs } from '../catalog/index.js';
import { bestSellers, revenueFigures, type DaySales } from './figures.js';
import { salesByDay } from '../catalog/index.js';

/** Variants at or below the low-stock threshold (docs/variants.md), named with their options. */
async function lowStockVariants(): Promise<LowStockProduct[]> {
  const low = await variantStockDocs().where('stock', '<=', LOW_STOCK_THRESHOLD).orderBy('stock', 'asc').limit(LOW_STOCK_LIMIT).get();
  if (low.empty) return [];
  const stocks = stockMapOf(low.docs);
  const ids = [...new Set(low.docs.map((d) => String(d.get('productId') ?? '')).filter((id) => id !== ''))];
  const snaps = ids.length ? await db.getAll(...ids.map((id) => products().doc(id))) : [];
  const out: LowStockProduct[] = [];
  for (const snap of snaps) {
    if (!snap.exists) continue;
    const p = productOf(snap, stocks);
    for (const v of p.variants ?? []) {
      if (!stocks.has(v._id)) continue;
      const label = variantLabel(p.options ?? [], v);
      out.push({
        _id: p._id,
        name: nameWithVariant(p.name, label),
        category: p.category,
        stock: v.stock,
        imageUrl: (variantImages(v, p.images)[0] ?? p.image).url,
        ...(label ? { variantId: v._id, sku: v.sku } : {}),
      });
    }
  }
  return out;
}

// Variants count one by one (docs/variants.md): room for a catalogue with many sold-out combinations.
const LOW_STOCK_LIMIT = 200;

/** Every status but cancelled: what the revenue counts. */
const SOLD_STATUSES = ORDER_STATUSES.filter((s) => s !== 'cancelled');

/** One IST day's non-cancelled orders: a count and a sum, one aggregation query (decision 0031). */
async function revenueDay(date: string): Promise<RevenueDay> {
  const start = istDayStart(date);
  const end = new Date(start.getTime() + 86_400_000);
  const snap = await db
    .collection('orders')
    .where('createdAt', '>=', Timestamp.fromDate(start))
    .where('createdAt', '<', Timestamp.fromDate(end))
    .where('status', 'in', SOLD_STATUSES)
    .aggregate({ orders: AggregateField.count(), revenue: AggregateField.sum('totalAmount') })
    .get();
  return { date, orders: snap.data().orders, revenue: snap.data().revenue ?? 0 };
}

/** The sales counters of the last BEST_SELLER_DAYS IST days (catalog/sales-counters.ts). */
async function recentSales(now: Date): Promise<DaySales[]> {
  const since = lastIstDays(now, BEST_SELLER_DAYS)[0] ?? istDayKey(now);
  const snap = await salesByDay().where('day', '>=', since).get();
  return snap.docs.map((d) => ({
    productId: String(d.get('productId') ?? ''),
    name: String(d.get('name') ?? ''),
    imageUrl: String(d.get('imageUrl') ?? ''),
    quantity: Number(d.get('quantity') ?? 0),
    revenue: Number(d.get('revenue') ?? 0),
  }));
}

/**
 * The admin dashboard, aggregated on the server without reading the orders themselves
 * (docs/decisions/0031-reads-follow-changes.md): one count-and-sum per day of the revenue chart,
 * one count() per status, the sales counters of 30 days (at most one document per product sold
 * per day), the variants at or below the low-stock threshold, and the fulfilment figures as
 * count() queries (fulfilment/dashboard.ts).
 */
export async function dashboard(now = new Date()): Promise<AdminDashboard> {
  const orders = db.collection('orders');
  const [byDay, counts, sales, lowStock, fulfilment] = await Promise.all([
    Promise.all(lastIstDays(now, REVENUE_DAYS).map(revenueDay)),
    Promise.all(
      ORDER_STATUSES.map(async (status) => [status, (await orders.where('status', '==', status).count().get()).data().count] as const),
    ),
    recentSales(now),
    db.collection('products').where('stock', '<=', LOW_STOCK_THRESHOLD).orderBy('stock', 'asc').limit(LOW_STOCK_LIMIT).get(),
    fulfilmentDashboard(now),
  ]);

  const ordersByStatus = emptyStatusCounts();
  for (const [status, count] of counts) ordersByStatus[status] = count;

  return {
    generatedAt: now.toISOString(),
    timeZone: 'Asia/Kolkata',
    revenue: revenueFigures(byDay),
    ordersByStatus,
    totalOrders: Object.values(ordersByStatus).reduce((a, b) => a + b, 0),
    lowStock: [
      ...lowStock.docs.map((snap): LowStockProduct => {
        const p = toProduct(snap);
        return { _id: p._id, name: p.name, category: p.category, stock: p.stock, imageUrl: p.image.url };
      }),
      ...(await lowStockVariants()),
    ]
      .sort((a, b) => a.stock - b.stock)
      .slice(0, LOW_STOCK_LIMIT),
    bestSellers: bestSellers(sales),
    fulfilment,
  };
}

function emptyStatusCounts(): Record<OrderStatus, number> {
  return Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
}

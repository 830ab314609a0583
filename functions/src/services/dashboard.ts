import {
  BEST_SELLER_DAYS,
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
} from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/admin.js';
import { plainDoc } from '../lib/firestore-data.js';
import { products, toProduct } from './catalog.js';
import { fulfilmentDashboard } from './fulfilment/dashboard.js';
import { productOf, stockMapOf, variantStockDocs } from './variant-stock.js';
import { bestSellers, emptyStatusCounts, orderFacts, revenueFigures, type OrderFacts } from './dashboard-figures.js';

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

/**
 * The admin dashboard, aggregated on the server. Reads: the orders of the last 30 days (one
 * range query on createdAt, which also covers the 7-day revenue), one count() per status,
 * and the products at or below the low-stock threshold. No composite index is needed.
 */
export async function dashboard(now = new Date()): Promise<AdminDashboard> {
  const revenueStart = istDayStart(lastIstDays(now, REVENUE_DAYS)[0] ?? '');
  const bestSince = new Date(now.getTime() - BEST_SELLER_DAYS * 86_400_000);
  const since = revenueStart < bestSince ? revenueStart : bestSince;

  const orders = db.collection('orders');
  const [recent, counts, lowStock, fulfilment] = await Promise.all([
    orders.where('createdAt', '>=', Timestamp.fromDate(since)).get(),
    Promise.all(
      ORDER_STATUSES.map(async (status) => [status, (await orders.where('status', '==', status).count().get()).data().count] as const),
    ),
    db.collection('products').where('stock', '<=', LOW_STOCK_THRESHOLD).orderBy('stock', 'asc').limit(LOW_STOCK_LIMIT).get(),
    fulfilmentDashboard(now),
  ]);

  const facts = recent.docs.map((d) => orderFacts(d.id, plainDoc(d))).filter((f): f is OrderFacts => f !== null);
  const ordersByStatus = emptyStatusCounts();
  for (const [status, count] of counts) ordersByStatus[status] = count;

  return {
    generatedAt: now.toISOString(),
    timeZone: 'Asia/Kolkata',
    revenue: revenueFigures(facts, now),
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
    bestSellers: bestSellers(facts, bestSince),
    fulfilment,
  };
}

import type { FulfilmentFigures } from './fulfilment.js';
/**
 * The admin dashboard's figures (GET /api/admin/dashboard) and the India-time day
 * arithmetic they are grouped by. India has no daylight saving: IST is always UTC+5:30.
 */
import type { Category } from './categories.js';
import type { OrderStatus } from './order-status.js';

export const IST_OFFSET_MS = 330 * 60 * 1000;

/** Best sellers: top N by quantity … */
export const BEST_SELLER_COUNT = 5;
/** … over the last N days. */
export const BEST_SELLER_DAYS = 30;
/** Revenue chart: today and the six days before it. */
export const REVENUE_DAYS = 7;

/** The IST calendar day of an instant, as 'YYYY-MM-DD'. */
export function istDayKey(date: Date): string {
  return new Date(date.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant an IST calendar day ('YYYY-MM-DD') begins. */
export function istDayStart(dayKey: string): Date {
  return new Date(Date.parse(`${dayKey}T00:00:00.000Z`) - IST_OFFSET_MS);
}

/** The IST day keys of the last `days` days, oldest first, ending with the day of `now`. */
export function lastIstDays(now: Date, days: number): string[] {
  const today = istDayStart(istDayKey(now)).getTime();
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i -= 1) out.push(istDayKey(new Date(today - i * 86_400_000 + 60_000)));
  return out;
}

export interface RevenueDay {
  /** IST calendar day, 'YYYY-MM-DD'. */
  date: string;
  /** Sum of totalAmount of the day's non-cancelled orders, whole rupees. */
  revenue: number;
  orders: number;
}

export interface LowStockProduct {
  _id: string;
  name: string;
  category: Category;
  stock: number;
  imageUrl: string;
  /** A variant of a product with options: its id and SKU (`name` then names the variant). */
  variantId?: string;
  sku?: string;
}

export interface BestSeller {
  _id: string;
  name: string;
  /** Units sold in the window (non-cancelled orders). */
  quantity: number;
  /** What those units brought in (sale price × quantity), whole rupees. */
  revenue: number;
  imageUrl: string;
}

export interface AdminDashboard {
  generatedAt: string;
  timeZone: 'Asia/Kolkata';
  revenue: {
    today: number;
    last7Days: number;
    ordersToday: number;
    ordersLast7Days: number;
    /** The last 7 IST days, oldest first, every day present (0 when quiet). */
    byDay: RevenueDay[];
  };
  ordersByStatus: Record<OrderStatus, number>;
  totalOrders: number;
  lowStock: LowStockProduct[];
  bestSellers: BestSeller[];
  /** After "shipped" (docs/fulfilment.md): RTO rates, on-time deliveries, open NDRs, COD awaiting confirmation. */
  fulfilment?: FulfilmentFigures;
}

import { BEST_SELLER_DAYS, istDayKey, istDayStart, lastIstDays, ORDER_STATUSES, type AdminDashboard } from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { createProduct, placeOrder, shopperWithAddress } from '../support/commerce';

// GET /api/admin/dashboard: figures aggregated on the server. Other suites may add orders
// too, so this file compares the figures before and after writing its own orders.
describe('GET /api/admin/dashboard', () => {
  let adminUser: TestUser;
  let shopper: TestUser;
  const tag = `dash-${Date.now().toString(36)}`;
  const orderIds: string[] = [];
  const productIds: string[] = [];

  const fetchDashboard = async () => {
    const res = await api<{ success: boolean; data: AdminDashboard }>('admin/dashboard', { token: adminUser.idToken });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    return res.body.data;
  };

  async function writeOrder(
    status: string,
    lines: { id: string; price: number; discount: number; quantity: number }[],
    createdAt = new Date(),
  ) {
    const { db } = admin();
    const ref = db.collection('orders').doc();
    const items = lines.map((l) => ({
      _id: l.id,
      name: `Test bag ${l.id}`,
      price: l.price,
      discount: l.discount,
      quantity: l.quantity,
      product: { _id: l.id, image: { url: '', hash: '' } },
    }));
    const totalAmount = lines.reduce((s, l) => s + (l.price - l.discount) * l.quantity, 0);
    await ref.set({
      userId: shopper.uid,
      user: { _id: shopper.uid, fullname: { firstname: 'Test', lastname: 'User' }, email: shopper.email },
      items,
      shippingAddress: { street: '1 MG Road', city: 'Pune', state: 'Maharashtra', postalCode: '411001', country: 'India', landmark: '' },
      subtotal: lines.reduce((s, l) => s + l.price * l.quantity, 0),
      totalAmount,
      status,
      paymentMethod: 'COD',
      payment: { status: 'unpaid', sessionId: null, paidAt: null },
      statusHistory: [{ status, at: Timestamp.fromDate(createdAt), by: shopper.uid }],
      createdAt: Timestamp.fromDate(createdAt),
      updatedAt: Timestamp.fromDate(createdAt),
    });
    orderIds.push(ref.id);
    return totalAmount;
  }

  beforeAll(async () => {
    [adminUser, shopper] = await Promise.all([createTestUser({ role: 'admin', firstname: 'Dash' }), createTestUser()]);
  });

  afterAll(async () => {
    const { db } = admin();
    await Promise.all([
      ...orderIds.map((id) => db.doc(`orders/${id}`).delete()),
      ...productIds.map((id) => db.doc(`products/${id}`).delete()),
    ]);
  });

  it('answers 401 to an anonymous caller and 403 to a shopper', async () => {
    const anonymous = await api('admin/dashboard');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, message: 'You are not logged in' });
    const asShopper = await api('admin/dashboard', { token: shopper.idToken });
    expect(asShopper.status).toBe(403);
    expect(asShopper.body).toMatchObject({ success: false, message: 'You don’t have permission' });
  });

  it('shows the seeded orders by status and a week of days', async () => {
    const data = await fetchDashboard();
    expect(data.timeZone).toBe('Asia/Kolkata');
    expect(data.revenue.byDay).toHaveLength(7);
    // The demo data has one completed and one pending order for the shopper.
    expect(data.ordersByStatus.completed).toBeGreaterThanOrEqual(1);
    expect(data.ordersByStatus.pending).toBeGreaterThanOrEqual(1);
    expect(data.totalOrders).toBe(Object.values(data.ordersByStatus).reduce((a, b) => a + b, 0));
    // The demo catalog has one product out of stock.
    expect(data.lowStock.some((p) => p.stock === 0)).toBe(true);
    expect(data.lowStock.every((p) => p.stock <= 5)).toBe(true);
  });

  it('counts new orders: revenue today and over 7 days without cancelled ones, statuses, best sellers, low stock', async () => {
    const before = await fetchDashboard();

    const top = `${tag}-top`;
    const second = `${tag}-second`;
    const pendingTotal = await writeOrder('pending', [
      { id: top, price: 2000, discount: 500, quantity: 4000 },
      { id: second, price: 1000, discount: 0, quantity: 3000 },
    ]);
    const shippedTotal = await writeOrder('shipped', [{ id: top, price: 2000, discount: 500, quantity: 1000 }]);
    await writeOrder('cancelled', [{ id: second, price: 1000, discount: 0, quantity: 9000 }]);
    // Three days ago (IST): in the 7 days, not today.
    const earlierTotal = await writeOrder(
      'completed',
      [{ id: second, price: 1000, discount: 0, quantity: 1 }],
      new Date(Date.now() - 3 * 86_400_000),
    );
    // Forty days ago: outside both windows.
    await writeOrder(
      'completed',
      [{ id: `${tag}-old`, price: 1000, discount: 0, quantity: 50_000 }],
      new Date(Date.now() - 40 * 86_400_000),
    );

    const { db } = admin();
    const low = db.collection('products').doc();
    await low.set({
      name: `Nearly gone ${tag}`,
      description: '',
      price: 1500,
      discount: 0,
      category: 'duffles',
      stock: 2,
      image: { url: '', hash: '' },
      createdAt: Timestamp.now(),
      updatedAt: Timestamp.now(),
    });
    productIds.push(low.id);

    const after = await fetchDashboard();
    expect(after.revenue.today - before.revenue.today).toBe(pendingTotal + shippedTotal);
    expect(after.revenue.ordersToday - before.revenue.ordersToday).toBe(2);
    expect(after.revenue.last7Days - before.revenue.last7Days).toBe(pendingTotal + shippedTotal + earlierTotal);
    expect(after.revenue.byDay.reduce((s, d) => s + d.revenue, 0)).toBe(after.revenue.last7Days);
    expect(after.ordersByStatus.pending - before.ordersByStatus.pending).toBe(1);
    expect(after.ordersByStatus.shipped - before.ordersByStatus.shipped).toBe(1);
    expect(after.ordersByStatus.cancelled - before.ordersByStatus.cancelled).toBe(1);
    expect(after.ordersByStatus.completed - before.ordersByStatus.completed).toBe(2);
    expect(after.totalOrders - before.totalOrders).toBe(5);

    // Best sellers come from the sales counters the order placement keeps (the next test), not from these documents.
    expect(after.bestSellers.map((b) => b._id)).not.toContain(top);
    expect(after.bestSellers.length).toBeLessThanOrEqual(5);
    expect(after.lowStock).toContainEqual({ _id: low.id, name: `Nearly gone ${tag}`, category: 'duffles', stock: 2, imageUrl: '' });
  });

  it('figures equal a direct count: the day’s revenue and orders, and best sellers from orders placed and cancelled through the API', async () => {
    const { db } = admin();
    const [bag, other] = [
      await createProduct(adminUser, { price: 3000, discount: 500 }),
      await createProduct(adminUser, { price: 2000, discount: 0 }),
    ];
    productIds.push(bag._id, other._id);
    const shopper = await shopperWithAddress();
    const place = async (productId: string, quantity: number) => {
      const res = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId, quantity });
      expect(res.status).toBe(201);
      orderIds.push(res.body.data._id);
      return res.body.data._id;
    };
    await place(bag._id, 2);
    await place(bag._id, 3);
    const cancelled = await place(other._id, 4);
    expect((await api(`order/${cancelled}/cancel`, { method: 'POST', token: shopper.idToken, body: {} })).status).toBe(200);

    // The counters, read directly: 5 units of `bag` at 2500, nothing of `other` (its order was cancelled).
    const counted = async (id: string) =>
      (await db.collection('salesByDay').where('productId', '==', id).get()).docs.reduce((s, d) => s + Number(d.get('quantity')), 0);
    expect(await counted(bag._id)).toBe(5);
    expect(await counted(other._id)).toBe(0);

    // A direct count over the orders themselves, as the dashboard used to read them: today's
    // revenue, the statuses, and the best sellers of the orders placed since the counters exist
    // (`salesCounted`). Other suites place orders meanwhile: the dashboard is read between two
    // direct counts, again until they agree.
    const direct = async () => {
      const now = new Date();
      const today = await db
        .collection('orders')
        .where('createdAt', '>=', Timestamp.fromDate(istDayStart(istDayKey(now))))
        .get();
      const sold = today.docs.filter((d) => d.get('status') !== 'cancelled');
      const byStatus = Object.fromEntries(
        await Promise.all(
          ORDER_STATUSES.map(async (s) => [s, (await db.collection('orders').where('status', '==', s).count().get()).data().count]),
        ),
      );
      const month = await db
        .collection('orders')
        .where('createdAt', '>=', Timestamp.fromDate(istDayStart(lastIstDays(now, BEST_SELLER_DAYS)[0] ?? '')))
        .get();
      const units = new Map<string, { quantity: number; revenue: number }>();
      for (const d of month.docs) {
        if (d.get('status') === 'cancelled' || d.get('salesCounted') !== true) continue;
        for (const item of d.get('items') as { _id: string; price: number; discount: number; quantity: number }[]) {
          const u = units.get(item._id) ?? { quantity: 0, revenue: 0 };
          u.quantity += item.quantity;
          u.revenue += (item.price - item.discount) * item.quantity;
          units.set(item._id, u);
        }
      }
      return { revenueToday: sold.reduce((sum, d) => sum + Number(d.get('totalAmount')), 0), ordersToday: sold.length, byStatus, units };
    };
    let agreed: { data: AdminDashboard; counts: Awaited<ReturnType<typeof direct>> } | null = null;
    for (let attempt = 0; attempt < 5 && !agreed; attempt += 1) {
      const before = await direct();
      const data = await fetchDashboard();
      const after = await direct();
      if (JSON.stringify({ ...before, units: [...before.units] }) === JSON.stringify({ ...after, units: [...after.units] }))
        agreed = { data, counts: after };
    }
    if (!agreed) throw new Error('Orders kept changing while the dashboard was read');
    const { data, counts } = agreed;
    expect(data.revenue.today).toBe(counts.revenueToday);
    expect(data.revenue.ordersToday).toBe(counts.ordersToday);
    expect(data.ordersByStatus).toEqual(counts.byStatus);
    for (const b of data.bestSellers) expect(counts.units.get(b._id), b.name).toEqual({ quantity: b.quantity, revenue: b.revenue });
    const ranked = [...counts.units.values()]
      .map((u) => u.quantity)
      .filter((q) => q > 0)
      .sort((a, b) => b - a);
    expect(data.bestSellers.map((b) => b.quantity)).toEqual(ranked.slice(0, 5));
    expect(counts.units.get(bag._id)).toEqual({ quantity: 5, revenue: 5 * 2500 });
    expect(data.bestSellers.find((b) => b._id === other._id)).toBeUndefined();
  });
});

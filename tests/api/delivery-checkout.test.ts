// Checkout against the PIN directory and the seeded delivery rules: PIN ↔ state on address
// save and on order, unserved PINs, the cash-on-delivery limits, the stored promise; the
// seller disclosures and the complaint tickets (docs/delivery-and-disclosures.md).
import {
  DEFAULT_DELIVERY_RULES,
  DEFAULT_WARRANTY_TERMS,
  deliveryWindow,
  type GrievanceTicket,
  type OrderDelivery,
  type SellerInfo,
} from '@bagshop/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { createProduct, ordersOf, placeOrder, stockOf, type Envelope, type OrderJson, type ProductJson } from '../support/commerce';

async function addressAt(uid: string, fields: { city: string; state: string; postalCode: string }): Promise<string> {
  const ref = admin().db.collection(`users/${uid}/addresses`).doc();
  await ref.set({ street: '1 Test Lane', country: 'India', landmark: '', createdAt: new Date(), ...fields });
  return ref.id;
}

describe('checkout with PIN codes', () => {
  let adminUser: TestUser;
  let shopper: TestUser;
  let cheap: ProductJson;
  let dear: ProductJson;
  beforeAll(async () => {
    [adminUser, shopper] = await Promise.all([createTestUser({ role: 'admin' }), createTestUser()]);
    [cheap, dear] = await Promise.all([
      createProduct(adminUser, { price: 1500, discount: 0, stock: 50 }),
      createProduct(adminUser, { price: 6000, discount: 0, stock: 50 }),
    ]);
  });

  it('saving an address: the PIN must exist and be in the chosen state', async () => {
    const save = (body: Record<string, string>) =>
      api<Envelope<unknown>>('users/address', {
        method: 'POST',
        token: shopper.idToken,
        body: { street: '12 MG Road', country: 'India', ...body },
      });
    const wrong = await save({ city: 'Mumbai', state: 'Maharashtra', postalCode: '560001' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('PIN code 560001 is in Karnataka, not Maharashtra');
    expect(wrong.body.errors).toEqual([{ field: 'postalCode', message: 'PIN code 560001 is in Karnataka, not Maharashtra' }]);
    const unknown = await save({ city: 'Nowhere', state: 'Karnataka', postalCode: '999999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('We could not find PIN code 999999');
    expect((await save({ city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' })).status).toBe(201);
  });

  it('ordering to an address whose PIN is in another state is 400 and writes nothing', async () => {
    const addressId = await addressAt(shopper.uid, { city: 'Mumbai', state: 'Maharashtra', postalCode: '560001' });
    const before = await stockOf(cheap._id);
    const res = await placeOrder(shopper, { paymentMethod: 'COD', addressId, productId: cheap._id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('PIN code 560001 is in Karnataka, not Maharashtra');
    expect(await stockOf(cheap._id)).toBe(before);
  });

  it('an unserved PIN cannot be ordered to (409), whatever the payment', async () => {
    const addressId = await addressAt(shopper.uid, { city: 'Campbell Bay', state: 'Andaman and Nicobar Islands', postalCode: '744302' });
    for (const paymentMethod of ['COD', 'ONLINE']) {
      const res = await placeOrder(shopper, { paymentMethod, addressId, productId: cheap._id });
      expect(res.status, paymentMethod).toBe(409);
      expect(res.body.message).toBe('Sorry, we do not deliver to PIN code 744302 yet');
    }
  });

  it('cash on delivery above ₹10,000 is refused in the order transaction; paying online is not', async () => {
    const addressId = await addressAt(shopper.uid, { city: 'Pune', state: 'Maharashtra', postalCode: '411001' });
    const before = await stockOf(dear._id);
    const cod = await placeOrder(shopper, { paymentMethod: 'COD', addressId, productId: dear._id, quantity: 2 });
    expect(cod.status).toBe(409);
    expect(cod.body.message).toBe('Cash on delivery is available only for orders up to ₹10,000. Please pay online.');
    expect(await stockOf(dear._id)).toBe(before);
    const online = await placeOrder(shopper, { paymentMethod: 'ONLINE', addressId, productId: dear._id, quantity: 2 });
    expect(online.status).toBe(201);
    expect(online.body.data.totalAmount).toBe(12_000);
    // A total of exactly the limit is still allowed.
    const atLimit = await createProduct(adminUser, { price: 5000, discount: 0, stock: 5 });
    expect((await placeOrder(shopper, { paymentMethod: 'COD', addressId, productId: atLimit._id, quantity: 2 })).status).toBe(201);
  });

  it('cash on delivery to a COD-off PIN is refused with the same words the checkout shows', async () => {
    const addressId = await addressAt(shopper.uid, { city: 'Port Blair', state: 'Andaman and Nicobar Islands', postalCode: '744101' });
    const cod = await placeOrder(shopper, { paymentMethod: 'COD', addressId, productId: cheap._id });
    expect(cod.status).toBe(409);
    expect(cod.body.message).toBe('Cash on delivery is not available for PIN code 744101. Please pay online.');
    expect((await placeOrder(shopper, { paymentMethod: 'ONLINE', addressId, productId: cheap._id })).status).toBe(201);
  });

  it('the order stores the promised delivery range, and the API returns it', async () => {
    const user = await createTestUser();
    const addressId = await addressAt(user.uid, { city: 'Bengaluru', state: 'Karnataka', postalCode: '560038' });
    const before = new Date();
    const res = await placeOrder(user, { paymentMethod: 'COD', addressId, productId: cheap._id });
    const after = new Date();
    expect(res.status).toBe(201);
    const delivery = (res.body.data as OrderJson & { delivery: OrderDelivery }).delivery;
    expect(delivery).toMatchObject({ pin: '560038', zone: 'metro', days: { min: 2, max: 4 } });
    expect([
      deliveryWindow(before, { min: 2, max: 4 }, DEFAULT_DELIVERY_RULES),
      deliveryWindow(after, { min: 2, max: 4 }, DEFAULT_DELIVERY_RULES),
    ]).toContainEqual(delivery.deliverBy);
    const [stored] = await ordersOf(user.uid);
    expect(stored?.get('delivery')).toEqual(delivery);
    const read = await api<Envelope<{ delivery: OrderDelivery }>>(`order/${res.body.data._id}`, { token: user.idToken });
    expect(read.body.data.delivery).toEqual(delivery);
  });
});

describe('disclosures', () => {
  it('GET /api/seller gives the seller and the grievance officer, publicly', async () => {
    const res = await api<Envelope<SellerInfo>>('seller');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=300');
    expect(res.body.data).toEqual({
      legalName: 'Bagshop Retail LLP',
      address: {
        line1: 'Unit 12, Kamala Mills Compound',
        line2: 'Senapati Bapat Marg, Lower Parel',
        city: 'Mumbai',
        state: 'Maharashtra',
        pincode: '400013',
      },
      gstin: '27AAPFB1234C1ZU',
      email: 'support@bagshop.test',
      phone: '+91 22 4000 1234',
      // The returns window the product page and the policy pages show (issue 27).
      returnWindowDays: 7,
      // Shown on every listing (docs/legal-metrology.md): the seller's own until set.
      consumerCare: {
        name: 'Bagshop Retail LLP',
        address: 'Unit 12, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel, Mumbai, Maharashtra 400013',
        phone: '+91 22 4000 1234',
        email: 'support@bagshop.test',
      },
      // The payments page's provider (PAYMENT_PROVIDER) and whether it can take payments now.
      payments: { provider: expect.stringMatching(/^(stripe|razorpay)$/), online: expect.any(Boolean) },
      // The warranty terms every surface words (issue 40): the defaults until the seller saves their own.
      warranty: DEFAULT_WARRANTY_TERMS,
      grievanceOfficer: {
        name: 'Priya Nair',
        designation: 'Grievance Officer',
        email: 'grievance@bagshop.test',
        phone: '+91 22 4000 1235',
      },
    });
  });

  it('a complaint gets the next ticket number, is acknowledged at once, and the admin sees it', async () => {
    const complaint = {
      name: 'Rahul Sharma',
      email: 'rahul@example.in',
      orderId: 'abc123',
      subject: 'Parcel late',
      message: 'My bag was promised for Monday and has not come.',
    };
    const first = await api<Envelope<GrievanceTicket>>('grievance', { method: 'POST', body: complaint });
    expect(first.status).toBe(201);
    const ticket = first.body.data;
    expect(ticket.number).toMatch(/^GRV-\d{4}-\d{5}$/);
    expect(first.body.message).toBe(`Complaint ${ticket.number} received`);
    expect(ticket).toMatchObject({ status: 'open', name: 'Rahul Sharma', email: 'rahul@example.in', orderId: 'abc123', phone: '' });
    expect(ticket.acknowledgedAt).toBe(ticket.createdAt);
    const created = Date.parse(ticket.createdAt);
    expect(Date.parse(ticket.acknowledgeBy) - created).toBe(48 * 3_600_000);
    const monthLater = Date.parse(ticket.resolveBy) - created;
    expect(monthLater).toBeGreaterThanOrEqual(28 * 86_400_000);
    expect(monthLater).toBeLessThanOrEqual(31 * 86_400_000);

    const second = await api<Envelope<GrievanceTicket>>('grievance', { method: 'POST', body: complaint });
    const seq = (n: string) => Number(n.split('-')[2]);
    expect(seq(second.body.data.number)).toBe(seq(ticket.number) + 1);

    const shopper = await createTestUser();
    expect((await api('admin/grievances', { token: shopper.idToken })).status).toBe(403);
    const adminUser = await createTestUser({ role: 'admin' });
    const list = await api<Envelope<GrievanceTicket[]>>('admin/grievances', { token: adminUser.idToken });
    expect(list.status).toBe(200);
    expect(list.body.data.map((t) => t.number).slice(0, 2)).toEqual([second.body.data.number, ticket.number]);

    const resolved = await api<Envelope<GrievanceTicket>>(`admin/grievances/${ticket.number}`, {
      method: 'PATCH',
      token: adminUser.idToken,
      body: { status: 'resolved' },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.status).toBe('resolved');
    expect(resolved.body.data.resolvedAt).not.toBeNull();
    expect(
      (await api(`admin/grievances/GRV-1999-00001`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'resolved' } })).status,
    ).toBe(404);
  });

  it('a complaint without the required fields is 400', async () => {
    const res = await api<Envelope<unknown>>('grievance', { method: 'POST', body: { name: '', email: 'x', subject: '', message: 'hi' } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['name', 'email', 'subject', 'message']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestUser, type TestUser } from '../support/api';
import { createProduct, placeOrder, shopperWithAddress, type Envelope } from '../support/commerce';
import { startTestCheckout, type StripeLocal } from '../support/stripe';

// Every order and payment route as anonymous, the owner, another shopper and an admin.
// Someone else's order answers 404: we never reveal that it exists.
type Who = 'anonymous' | 'owner' | 'other' | 'admin';

let standin: StripeLocal;
let adminUser: TestUser;
let owner: TestUser & { addressId: string };
let other: TestUser;
let productId: string;
let sessionId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  standin = await startTestCheckout();
  [adminUser, owner, other] = await Promise.all([createTestUser({ role: 'admin' }), shopperWithAddress(), createTestUser()]);
  productId = (await createProduct(adminUser, { stock: 100 }))._id;
  const place = async (paymentMethod = 'COD') =>
    (await placeOrder(owner, { paymentMethod, addressId: owner.addressId, productId })).body.data._id;
  for (const key of ['read', 'cancelByOwner', 'cancelByAdmin', 'status']) ids[key] = await place();
  ids.online = await place('ONLINE');
  const pay = await api<Envelope<{ sessionId: string }>>('payment', {
    method: 'POST',
    token: owner.idToken,
    body: { orderId: ids.online },
  });
  sessionId = pay.body.data.sessionId;
});

afterAll(async () => {
  await standin.close();
});

const token = (who: Who) =>
  who === 'admin' ? adminUser.idToken : who === 'owner' ? owner.idToken : who === 'other' ? other.idToken : undefined;

interface Row {
  route: string;
  method: string;
  path: () => string;
  body?: () => unknown;
  expect: Record<Who, number>;
}

const rows: Row[] = [
  {
    route: 'POST /api/order (Buy Now)',
    method: 'POST',
    path: () => 'order',
    body: () => ({ paymentMethod: 'COD', addressId: owner.addressId, productId }),
    expect: { anonymous: 401, owner: 201, other: 404, admin: 404 },
  },
  {
    route: 'GET /api/order/my-order',
    method: 'GET',
    path: () => 'order/my-order',
    expect: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  { route: 'GET /api/order/all', method: 'GET', path: () => 'order/all', expect: { anonymous: 401, owner: 403, other: 403, admin: 200 } },
  {
    route: 'GET /api/order/:id',
    method: 'GET',
    path: () => `order/${ids.read}`,
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
  },
  {
    route: 'PATCH /api/order/:id/status',
    method: 'PATCH',
    path: () => `order/${ids.status}/status`,
    body: () => ({ status: 'confirmed' }),
    expect: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    route: 'POST /api/payment',
    method: 'POST',
    path: () => 'payment',
    body: () => ({ orderId: ids.online }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  {
    route: 'GET /api/payment/session/:id',
    method: 'GET',
    path: () => `payment/session/${sessionId}`,
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  {
    route: 'POST /api/payment/webhook (unsigned)',
    method: 'POST',
    path: () => 'payment/webhook',
    body: () => ({ id: 'evt_x', type: 'checkout.session.completed' }),
    expect: { anonymous: 400, owner: 400, other: 400, admin: 400 },
  },
];

const order: Who[] = ['anonymous', 'other', 'owner', 'admin'];
const cases = rows.flatMap((row) => order.map((who) => ({ ...row, who, status: row.expect[who] })));

describe('order and payment routes: who gets what', () => {
  it.each(cases)('$route as $who → $status', async ({ method, path, body, who, status }) => {
    const t = token(who);
    const res = await api<{ success: boolean }>(path(), { method, ...(t ? { token: t } : {}), ...(body ? { body: body() } : {}) });
    // An admin has no saved address of the owner's: 404 like any other stranger.
    expect(res.status).toBe(status);
    expect(res.body.success).toBe(status < 300);
  });

  it('cancel: other shopper 404, anonymous 401, owner 200; admin 200 on another order', async () => {
    expect((await api(`order/${ids.cancelByOwner}/cancel`, { method: 'POST' })).status).toBe(401);
    expect((await api(`order/${ids.cancelByOwner}/cancel`, { method: 'POST', token: other.idToken })).status).toBe(404);
    expect((await api(`order/${ids.cancelByOwner}/cancel`, { method: 'POST', token: owner.idToken })).status).toBe(200);
    expect((await api(`order/${ids.cancelByAdmin}/cancel`, { method: 'POST', token: adminUser.idToken })).status).toBe(200);
  });
});

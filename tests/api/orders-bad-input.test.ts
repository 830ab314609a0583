import { beforeAll, describe, expect, it } from 'vitest';
import { api, createTestUser, type TestUser } from '../support/api';
import { cartOf, createProduct, ordersOf, setCart, shopperWithAddress, stockOf, type ProductJson } from '../support/commerce';

let adminUser: TestUser;
let shopper: TestUser & { addressId: string };
let product: ProductJson;
let placedId: string;

beforeAll(async () => {
  [adminUser, shopper] = await Promise.all([createTestUser({ role: 'admin' }), shopperWithAddress()]);
  product = await createProduct(adminUser, { price: 1000, discount: 100, stock: 8 });
});

interface Case {
  title: string;
  body?: unknown;
  raw?: { body: string; type: string };
  status: number;
  message?: string;
}

const ok = () => ({ paymentMethod: 'COD', addressId: shopper.addressId });
const cases: Case[] = [
  { title: 'no body', status: 400 },
  { title: 'an array body', body: [{ paymentMethod: 'COD' }], status: 400 },
  { title: 'an empty object', body: {}, status: 400 },
  { title: 'addressId as a number', body: { paymentMethod: 'ONLINE', addressId: 123 }, status: 400 },
  { title: 'productId 129 chars', body: { paymentMethod: 'COD', addressId: 'a', productId: 'p'.repeat(129) }, status: 400 },
  { title: 'missing paymentMethod', body: { addressId: 'x' }, status: 400, message: 'Payment method must be COD or ONLINE' },
  { title: 'lower-case cod', body: { paymentMethod: 'cod', addressId: 'x' }, status: 400 },
  { title: 'paymentMethod CARD', body: { paymentMethod: 'CARD', addressId: 'x' }, status: 400 },
  { title: 'paymentMethod as a number', body: { paymentMethod: 1, addressId: 'x' }, status: 400 },
  { title: 'paymentMethod as an object', body: { paymentMethod: { $ne: null }, addressId: 'x' }, status: 400 },
  { title: 'missing addressId', body: { paymentMethod: 'COD' }, status: 400 },
  { title: 'addressId with a slash', body: { paymentMethod: 'COD', addressId: '../../users/x' }, status: 400 },
  { title: 'addressId 100 000 chars', body: { paymentMethod: 'COD', addressId: 'a'.repeat(100_000) }, status: 400 },
  { title: 'addressId as an array', body: { paymentMethod: 'COD', addressId: ['a'] }, status: 400 },
  { title: 'quantity without productId', body: { paymentMethod: 'COD', addressId: 'a', quantity: 2 }, status: 400 },
  { title: 'quantity 0', body: { paymentMethod: 'COD', addressId: 'a', productId: 'p', quantity: 0 }, status: 400 },
  { title: 'quantity -3', body: { paymentMethod: 'COD', addressId: 'a', productId: 'p', quantity: -3 }, status: 400 },
  { title: 'quantity 1.5', body: { paymentMethod: 'COD', addressId: 'a', productId: 'p', quantity: 1.5 }, status: 400 },
  { title: 'quantity 1e9', body: { paymentMethod: 'COD', addressId: 'a', productId: 'p', quantity: 1e9 }, status: 400 },
  { title: 'quantity as "two"', body: { paymentMethod: 'COD', addressId: 'a', productId: 'p', quantity: 'two' }, status: 400 },
  { title: 'productId __reserved__', body: { paymentMethod: 'COD', addressId: 'a', productId: '__x__' }, status: 400 },
  { title: 'productId as an object', body: { paymentMethod: 'COD', addressId: 'a', productId: { id: 1 } }, status: 400 },
  { title: 'malformed JSON', raw: { body: '{"paymentMethod": "COD",', type: 'application/json' }, status: 400 },
  { title: 'a bare JSON string', raw: { body: '"COD"', type: 'application/json' }, status: 400 },
  { title: 'JSON null', raw: { body: 'null', type: 'application/json' }, status: 400 },
  { title: 'a text/plain body', raw: { body: 'paymentMethod=COD', type: 'text/plain' }, status: 415 },
  { title: 'a urlencoded body', raw: { body: 'paymentMethod=COD&addressId=a', type: 'application/x-www-form-urlencoded' }, status: 415 },
  {
    title: 'a multipart body',
    raw: {
      body: '--b\r\nContent-Disposition: form-data; name="paymentMethod"\r\n\r\nCOD\r\n--b--\r\n',
      type: 'multipart/form-data; boundary=b',
    },
    status: 415,
  },
];

describe('POST /api/order refuses bad input and writes nothing', () => {
  beforeAll(async () => {
    await setCart(shopper.uid, { [product._id]: 2 });
  });

  it.each(cases)('$title → $status', async ({ body, raw, status, message }) => {
    const res = await api<{ success: boolean; message: string }>('order', {
      method: 'POST',
      token: shopper.idToken,
      ...(raw ? { rawBody: raw.body, headers: { 'Content-Type': raw.type } } : body === undefined ? {} : { body }),
    });
    expect(res.status).toBe(status);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.message).toBe('string');
    if (message) expect(res.body.message).toBe(message);
    expect(await ordersOf(shopper.uid)).toHaveLength(0);
    expect(await stockOf(product._id)).toBe(8);
    expect(await cartOf(shopper.uid)).toEqual({ [product._id]: 2 });
  });

  it('a valid body still works afterwards (the checks above were not just a broken route)', async () => {
    const res = await api('order', { method: 'POST', token: shopper.idToken, body: ok() });
    expect(res.status).toBe(201);
    placedId = (res.body as { data: { _id: string } }).data._id;
    expect(await stockOf(product._id)).toBe(6);
  });
});

describe('status and cancel routes refuse bad input', () => {
  const statusCases: { title: string; body: unknown; status: number }[] = [
    { title: 'unknown status', body: { status: 'lost' }, status: 400 },
    { title: 'upper-case status', body: { status: 'CONFIRMED' }, status: 400 },
    { title: 'status as an array', body: { status: ['confirmed'] }, status: 400 },
    { title: 'no status', body: {}, status: 400 },
    { title: 'status as a number', body: { status: 2 }, status: 400 },
  ];

  it.each(statusCases)('PATCH status: $title → $status', async ({ body, status }) => {
    const res = await api<{ success: boolean }>(`order/${placedId}/status`, { method: 'PATCH', token: adminUser.idToken, body });
    expect(res.status).toBe(status);
    expect(res.body.success).toBe(false);
    const read = await api<{ data: { status: string; statusHistory: unknown[] } }>(`order/${placedId}`, { token: shopper.idToken });
    expect(read.body.data.status).toBe('pending');
    expect(read.body.data.statusHistory).toHaveLength(1);
  });

  it('PATCH status with a text body is 415', async () => {
    const res = await api(`order/${placedId}/status`, {
      method: 'PATCH',
      token: adminUser.idToken,
      rawBody: 'status=confirmed',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(415);
  });

  it('an order id 100 000 characters long is a 404, not a fault', async () => {
    const res = await api(`order/${'x'.repeat(2000)}`, { token: shopper.idToken });
    expect(res.status).toBe(404);
  });
});

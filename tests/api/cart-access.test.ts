// Who may touch which cart: anonymous, the shopper who owns the line, another shopper, an admin.
// Paths are always the caller's own cart, so someone else's line answers 404 and stays as it was.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, createTestUser, type ApiResult, type TestUser } from '../support/api';
import { cartQuantity, createProduct } from '../support/accounts';

type Persona = 'anonymous' | 'shopper' | 'other' | 'admin';
const PERSONAS: Persona[] = ['anonymous', 'shopper', 'other', 'admin'];

let people: Record<Exclude<Persona, 'anonymous'>, TestUser>;
let productId: string;
const opts = (who: Persona, rest: Parameters<typeof api>[1] = {}) => (who === 'anonymous' ? rest : { ...rest, token: people[who].idToken });

interface Route {
  route: string;
  call: (who: Persona) => Promise<ApiResult<unknown>>;
  expect: Record<Persona, number>;
  /** The shopper's line (2 before each call) afterwards, per caller. */
  shopperLine: Record<Persona, number>;
}

const routes: Route[] = [
  {
    route: 'GET /api/cart',
    call: (who) => api('cart', opts(who)),
    expect: { anonymous: 401, shopper: 200, other: 200, admin: 200 },
    shopperLine: { anonymous: 2, shopper: 2, other: 2, admin: 2 },
  },
  {
    route: 'POST /api/cart/{productId}',
    call: (who) => api(`cart/${productId}`, opts(who, { method: 'POST' })),
    expect: { anonymous: 401, shopper: 200, other: 200, admin: 200 },
    shopperLine: { anonymous: 2, shopper: 3, other: 2, admin: 2 },
  },
  {
    route: 'PATCH /api/cart/increment/{productId}',
    call: (who) => api(`cart/increment/${productId}`, opts(who, { method: 'PATCH' })),
    expect: { anonymous: 401, shopper: 200, other: 404, admin: 404 },
    shopperLine: { anonymous: 2, shopper: 3, other: 2, admin: 2 },
  },
  {
    route: 'PATCH /api/cart/decrement/{productId}',
    call: (who) => api(`cart/decrement/${productId}`, opts(who, { method: 'PATCH' })),
    expect: { anonymous: 401, shopper: 200, other: 404, admin: 404 },
    shopperLine: { anonymous: 2, shopper: 1, other: 2, admin: 2 },
  },
  {
    route: 'DELETE /api/cart/{productId}',
    call: (who) => api(`cart/${productId}`, opts(who, { method: 'DELETE' })),
    expect: { anonymous: 401, shopper: 200, other: 404, admin: 404 },
    shopperLine: { anonymous: 2, shopper: 0, other: 2, admin: 2 },
  },
  {
    route: 'DELETE /api/cart/deleteCart',
    call: (who) => api('cart/deleteCart', opts(who, { method: 'DELETE' })),
    expect: { anonymous: 401, shopper: 200, other: 200, admin: 200 },
    shopperLine: { anonymous: 2, shopper: 0, other: 2, admin: 2 },
  },
];

describe('cart access matrix', () => {
  beforeAll(async () => {
    people = {
      shopper: await createTestUser({ firstname: 'Shopper' }),
      other: await createTestUser({ firstname: 'Other' }),
      admin: await createTestUser({ role: 'admin', firstname: 'Admin' }),
    };
    productId = (await createProduct({ stock: 50 })).id;
  });

  beforeEach(async () => {
    // The shopper holds 2; nobody else has the product in their cart.
    for (const who of ['shopper', 'other', 'admin'] as const)
      await api('cart/deleteCart', { method: 'DELETE', token: people[who].idToken });
    expect((await api(`cart/${productId}`, { method: 'POST', token: people.shopper.idToken, body: { quantity: 2 } })).status).toBe(200);
  });

  const table = routes.flatMap((r) => PERSONAS.map((who) => [r.route, who, r.expect[who], r] as const));
  it.each(table)('%s as %s → %i', async (_route, who, status, r) => {
    const res = await r.call(who);
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(status);
    expect(res.body).toMatchObject({ success: status < 400 });
    expect(await cartQuantity(people.shopper.uid, productId)).toBe(r.shopperLine[who]);
    if (status === 200 && who !== 'shopper' && who !== 'anonymous') {
      // Another user's answer is their own cart: never the shopper's line.
      const data = (res.body as { data: { product: { _id: string }; quantity: number }[] }).data;
      expect(data.every((l) => l.quantity !== 2)).toBe(true);
    }
  });
});

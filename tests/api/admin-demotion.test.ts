// A demoted admin's old ID token is refused at once on every path that uses admin rights.
// (On the Auth emulator firebase-admin checks revocation on every verification, so this
// suite cannot show the hole of a guard that forgets to; functions/src/http/auth.test.ts
// proves what the guard asks the verifier for. This is the end-to-end half.)
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, signIn, type TestUser } from '../support/api';
import { createProduct, placeOrder, shopperWithAddress, type Envelope, type OrderJson } from '../support/commerce';
import { expectFailure } from '../support/accounts';

let shopperOrder: string;
let otherOrder: string;
let productId: string;

beforeAll(async () => {
  const seller = await createTestUser({ role: 'admin' });
  const shopper = await shopperWithAddress();
  const product = await createProduct(seller, { stock: 20 });
  productId = product._id;
  const first = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId, quantity: 1 });
  const second = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId, quantity: 1 });
  expect([first.status, second.status]).toEqual([201, 201]);
  shopperOrder = first.body.data._id;
  otherOrder = second.body.data._id;
});

/** Every use of admin rights, with the token given. */
function adminRightsCalls(token: string) {
  return [
    ['GET /api/order/all', () => api('order/all', { token })],
    ['GET /api/order/{another’s order}', () => api(`order/${shopperOrder}`, { token })],
    ['POST /api/order/{another’s order}/cancel', () => api(`order/${shopperOrder}/cancel`, { method: 'POST', token })],
    ['PATCH /api/order/{id}/status', () => api(`order/${otherOrder}/status`, { method: 'PATCH', token, body: { status: 'confirmed' } })],
    ['GET /api/users', () => api('users', { token })],
    ['PATCH /api/users/{uid}/role', () => api(`users/${'x'.repeat(20)}/role`, { method: 'PATCH', token, body: { role: 'admin' } })],
    ['GET /api/admin/dashboard', () => api('admin/dashboard', { token })],
    ['PATCH /api/products/{id}', () => api(`products/${productId}`, { method: 'PATCH', token, rawBody: new FormData() })],
    ['DELETE /api/products/{id}', () => api(`products/${productId}`, { method: 'DELETE', token })],
  ] as const;
}

async function expectAllRefused(token: string) {
  for (const [route, call] of adminRightsCalls(token)) {
    const res = await call();
    expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBe(401);
    expectFailure(res, 401);
    expect(res.headers.get('www-authenticate'), route).toContain('error="invalid_token"');
  }
}

/**
 * Firebase compares a token's auth_time with the revocation time in whole seconds: a token
 * minted in the same second as the revocation survives it. Our tokens are minutes old in real
 * life; here the test waits until the clock has left the second the token was minted in.
 */
async function afterTokenSecond(idToken: string): Promise<void> {
  const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { auth_time: number };
  while (Math.floor(Date.now() / 1000) <= payload.auth_time) await new Promise((r) => setTimeout(r, 50));
}

async function orderStatus(id: string): Promise<string> {
  return String((await admin().db.doc(`orders/${id}`).get()).get('status'));
}

describe('a demoted admin', () => {
  it('demoted through PATCH /api/users/{uid}/role: the old token is refused at once on every admin-rights path', async () => {
    const actor = await createTestUser({ role: 'admin' });
    const demoted = await createTestUser({ role: 'admin' });
    // Before: the token works where admin rights are needed.
    expect((await api('order/all', { token: demoted.idToken })).status).toBe(200);
    expect((await api<Envelope<OrderJson>>(`order/${shopperOrder}`, { token: demoted.idToken })).status).toBe(200);
    await afterTokenSecond(demoted.idToken);

    const res = await api('users/' + demoted.uid + '/role', { method: 'PATCH', token: actor.idToken, body: { role: 'customer' } });
    expect(res.status).toBe(200);
    expect((await admin().auth.getUser(demoted.uid)).customClaims?.role).toBeUndefined();

    await expectAllRefused(demoted.idToken);
    // Nothing moved: the order is still pending, the product still there.
    expect(await orderStatus(shopperOrder)).toBe('pending');
    expect(await orderStatus(otherOrder)).toBe('pending');
    expect((await admin().db.doc(`products/${productId}`).get()).exists).toBe(true);

    // Signing in again gives a customer's token: 403 on admin routes, 404 on another's order.
    const fresh = await signIn(demoted.email, demoted.password);
    expectFailure(await api('order/all', { token: fresh.idToken }), 403);
    expectFailure(await api(`order/${shopperOrder}`, { token: fresh.idToken }), 404);
    expectFailure(await api(`order/${shopperOrder}/cancel`, { method: 'POST', token: fresh.idToken }), 404);
    expect((await api('users/currentUser', { token: fresh.idToken })).body).toMatchObject({ data: { role: 'customer' } });
  });

  it('demoted with `npm run grant-admin -- EMAIL --revoke`: the old token is refused at once', async () => {
    const demoted: TestUser = await createTestUser({ role: 'admin' });
    expect((await api('users', { token: demoted.idToken })).status).toBe(200);
    await afterTokenSecond(demoted.idToken);
    const code = await new Promise<number>((done, fail) => {
      const child = spawn(resolve(process.cwd(), 'node_modules/.bin/tsx'), ['scripts/grant-admin.ts', demoted.email, '--revoke'], {
        cwd: process.cwd(),
        env: process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.on('error', fail);
      child.on('exit', (c) => done(c ?? 1));
    });
    expect(code).toBe(0);
    expect((await admin().auth.getUser(demoted.uid)).customClaims?.role).toBeUndefined();
    expect((await admin().db.doc(`users/${demoted.uid}`).get()).get('role')).toBe('customer');
    await expectAllRefused(demoted.idToken);
    expect(await orderStatus(shopperOrder)).toBe('pending');
  });
});

// Bad inputs across the accounts, address, admin-user and cart routes: each answers 4xx in the
// failure envelope, and a read-back of everything those routes can touch shows no change.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, uniqueEmail, type ApiResult, type TestUser } from '../support/api';
import { createProduct, expectFailure, passwordResetCodes } from '../support/accounts';

const HUGE = 'x'.repeat(100_000);
const address = { street: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001', country: 'India', landmark: '' };
const signup = (extra: Record<string, unknown>) => ({
  fullname: { firstname: 'Priya', lastname: 'Nair' },
  email: uniqueEmail('bad'),
  password: 'Secret@123',
  phonenumber: '9812345678',
  ...extra,
});
const details = { firstname: 'Rahul', lastname: 'Verma', email: 'unchanged@test.bagshop.test', phonenumber: '9812345678' };

let shopper: TestUser;
let target: TestUser;
let boss: TestUser;
let productId: string;

/** Everything the routes under test could change, read straight from Auth and Firestore. */
async function state() {
  const { auth, db } = admin();
  const [profile, record, targetRecord, addresses, cart, users, codes] = await Promise.all([
    db.doc(`users/${shopper.uid}`).get(),
    auth.getUser(shopper.uid),
    auth.getUser(target.uid),
    db.collection(`users/${shopper.uid}/addresses`).get(),
    db.collection(`users/${shopper.uid}/cart`).get(),
    auth.listUsers(1000),
    passwordResetCodes(shopper.email),
  ]);
  return {
    profile: profile.data(),
    email: record.email,
    passwordHash: record.passwordHash ?? null,
    validAfter: record.tokensValidAfterTime ?? null,
    claims: record.customClaims ?? null,
    targetClaims: targetRecord.customClaims ?? null,
    addresses: addresses.docs.map((d) => d.id).sort(),
    cart: cart.docs.map((d) => [d.id, d.get('quantity')]),
    userCount: users.users.length,
    resetCodes: codes.length,
  };
}

interface Case {
  label: string;
  call: () => Promise<ApiResult<unknown>>;
  status?: number;
}

const json =
  (method: string, path: string, body: unknown, token?: () => string): Case['call'] =>
  () =>
    api(path, { method, body, ...(token ? { token: token() } : {}) });
const raw =
  (method: string, path: string, rawBody: string, contentType: string, token?: () => string): Case['call'] =>
  () =>
    api(path, { method, rawBody, headers: { 'Content-Type': contentType }, ...(token ? { token: token() } : {}) });
const asShopper = () => shopper.idToken;
const asAdmin = () => boss.idToken;

const cases: Case[] = [
  // ---- signup (anonymous) ----
  { label: 'signup: malformed JSON', call: raw('POST', 'users/signup', '{"email": "a@b.co", ', 'application/json'), status: 400 },
  { label: 'signup: JSON string body', call: raw('POST', 'users/signup', '"hello"', 'application/json'), status: 400 },
  { label: 'signup: JSON null body', call: raw('POST', 'users/signup', 'null', 'application/json'), status: 400 },
  { label: 'signup: array body', call: json('POST', 'users/signup', [signup({})]), status: 400 },
  { label: 'signup: text/plain', call: raw('POST', 'users/signup', JSON.stringify(signup({})), 'text/plain'), status: 415 },
  {
    label: 'signup: form-encoded',
    call: raw('POST', 'users/signup', 'email=a%40b.co&password=Secret%40123', 'application/x-www-form-urlencoded'),
    status: 415,
  },
  { label: 'signup: empty object', call: json('POST', 'users/signup', {}), status: 400 },
  { label: 'signup: fullname missing', call: json('POST', 'users/signup', signup({ fullname: undefined })), status: 400 },
  { label: 'signup: fullname an array', call: json('POST', 'users/signup', signup({ fullname: ['Priya', 'Nair'] })), status: 400 },
  { label: 'signup: fullname a string', call: json('POST', 'users/signup', signup({ fullname: 'Priya Nair' })), status: 400 },
  {
    label: 'signup: first name too short',
    call: json('POST', 'users/signup', signup({ fullname: { firstname: 'Al', lastname: 'B' } })),
    status: 400,
  },
  {
    label: 'signup: 100000-char first name',
    call: json('POST', 'users/signup', signup({ fullname: { firstname: HUGE, lastname: 'B' } })),
    status: 400,
  },
  { label: 'signup: invalid email', call: json('POST', 'users/signup', signup({ email: 'not-an-email' })), status: 400 },
  { label: 'signup: 100000-char email', call: json('POST', 'users/signup', signup({ email: `${HUGE}@x.co` })), status: 400 },
  { label: 'signup: email a number', call: json('POST', 'users/signup', signup({ email: 42 })), status: 400 },
  { label: 'signup: short password', call: json('POST', 'users/signup', signup({ password: '12345' })), status: 400 },
  { label: 'signup: 100000-char password', call: json('POST', 'users/signup', signup({ password: HUGE })), status: 400 },
  { label: 'signup: password an array', call: json('POST', 'users/signup', signup({ password: ['Secret@123'] })), status: 400 },
  { label: 'signup: phone 9 digits', call: json('POST', 'users/signup', signup({ phonenumber: '987654321' })), status: 400 },
  { label: 'signup: phone with letters', call: json('POST', 'users/signup', signup({ phonenumber: '98765abcde' })), status: 400 },
  { label: 'signup: phone an object', call: json('POST', 'users/signup', signup({ phonenumber: { n: '9876543210' } })), status: 400 },
  // ---- signin (anonymous) ----
  { label: 'signin: email missing', call: json('POST', 'users/signin', { password: 'Secret@123' }), status: 400 },
  { label: 'signin: password an object', call: json('POST', 'users/signin', { email: 'a@b.co', password: { $ne: '' } }), status: 400 },
  { label: 'signin: email an array', call: json('POST', 'users/signin', { email: ['a@b.co'], password: 'x' }), status: 400 },
  { label: 'signin: malformed JSON', call: raw('POST', 'users/signin', '{email: a@b.co}', 'application/json'), status: 400 },
  // ---- updateDetails (shopper) ----
  {
    label: 'updateDetails: no phone',
    call: json('PATCH', 'users/updateDetails', { ...details, phonenumber: undefined }, asShopper),
    status: 400,
  },
  {
    label: 'updateDetails: invalid email',
    call: json('PATCH', 'users/updateDetails', { ...details, email: 'nope' }, asShopper),
    status: 400,
  },
  {
    label: 'updateDetails: 100000-char first name',
    call: json('PATCH', 'users/updateDetails', { ...details, firstname: HUGE }, asShopper),
    status: 400,
  },
  {
    label: 'updateDetails: last name a number',
    call: json('PATCH', 'users/updateDetails', { ...details, lastname: 7 }, asShopper),
    status: 400,
  },
  { label: 'updateDetails: array body', call: json('PATCH', 'users/updateDetails', [details], asShopper), status: 400 },
  {
    label: 'updateDetails: malformed JSON',
    call: raw('PATCH', 'users/updateDetails', '{"firstname":', 'application/json', asShopper),
    status: 400,
  },
  {
    label: 'updateDetails: text/plain',
    call: raw('PATCH', 'users/updateDetails', JSON.stringify(details), 'text/plain', asShopper),
    status: 415,
  },
  // ---- updatePassword (shopper) ----
  {
    label: 'updatePassword: new one too short',
    call: json('PATCH', 'users/updatePassword', { currentPassword: 'Secret@123', newPassword: '123' }, asShopper),
    status: 400,
  },
  {
    label: 'updatePassword: current missing',
    call: json('PATCH', 'users/updatePassword', { newPassword: 'Newer@123' }, asShopper),
    status: 400,
  },
  {
    label: 'updatePassword: 100000-char new one',
    call: json('PATCH', 'users/updatePassword', { currentPassword: 'Secret@123', newPassword: HUGE }, asShopper),
    status: 400,
  },
  {
    label: 'updatePassword: new one a number',
    call: json('PATCH', 'users/updatePassword', { currentPassword: 'Secret@123', newPassword: 12345678 }, asShopper),
    status: 400,
  },
  {
    label: 'updatePassword: wrong current one',
    call: json('PATCH', 'users/updatePassword', { currentPassword: 'Wrong@123', newPassword: 'Newer@123' }, asShopper),
    status: 400,
  },
  // ---- forget / reset password (anonymous) ----
  { label: 'forgetPassword: invalid email', call: json('PATCH', 'users/forgetPassword', { email: 'nope' }), status: 400 },
  { label: 'forgetPassword: email an object', call: json('PATCH', 'users/forgetPassword', { email: { $gt: '' } }), status: 400 },
  { label: 'forgetPassword: malformed JSON', call: raw('PATCH', 'users/forgetPassword', '{"email"', 'application/json'), status: 400 },
  { label: 'resetPassword: no token', call: json('PATCH', 'users/resetPassword', { newPassword: 'Reset@123' }), status: 400 },
  {
    label: 'resetPassword: two tokens',
    call: json('PATCH', 'users/resetPassword?token=a&token=b', { newPassword: 'Reset@123' }),
    status: 400,
  },
  {
    label: 'resetPassword: 3000-char token',
    call: json('PATCH', `users/resetPassword?token=${'z'.repeat(3000)}`, { newPassword: 'Reset@123' }),
    status: 400,
  },
  { label: 'resetPassword: short new password', call: json('PATCH', 'users/resetPassword?token=abc', { newPassword: '1' }), status: 400 },
  // ---- logout (shopper) ----
  { label: 'logout: everywhere "yes"', call: json('POST', 'users/logout', { everywhere: 'yes' }, asShopper), status: 400 },
  { label: 'logout: everywhere 1', call: json('POST', 'users/logout', { everywhere: 1 }, asShopper), status: 400 },
  // ---- addresses (shopper) ----
  { label: 'address: street missing', call: json('POST', 'users/address', { ...address, street: '' }, asShopper), status: 400 },
  { label: 'address: 5-digit PIN', call: json('POST', 'users/address', { ...address, postalCode: '56000' }, asShopper), status: 400 },
  { label: 'address: not an Indian state', call: json('POST', 'users/address', { ...address, state: 'Bavaria' }, asShopper), status: 400 },
  { label: 'address: 100000-char street', call: json('POST', 'users/address', { ...address, street: HUGE }, asShopper), status: 400 },
  { label: 'address: landmark a number', call: json('POST', 'users/address', { ...address, landmark: 5 }, asShopper), status: 400 },
  { label: 'address: array body', call: json('POST', 'users/address', [address], asShopper), status: 400 },
  { label: 'address: country an array', call: json('POST', 'users/address', { ...address, country: ['India'] }, asShopper), status: 400 },
  { label: 'address: city null', call: json('POST', 'users/address', { ...address, city: null }, asShopper), status: 400 },
  {
    label: 'address: form-encoded',
    call: raw('POST', 'users/address', 'street=x&city=y', 'application/x-www-form-urlencoded', asShopper),
    status: 415,
  },
  // ---- admin: list and role (admin) ----
  { label: 'users list: limit 0', call: () => api('users?limit=0', { token: asAdmin() }), status: 400 },
  { label: 'users list: limit abc', call: () => api('users?limit=abc', { token: asAdmin() }), status: 400 },
  { label: 'users list: limit 1.5', call: () => api('users?limit=1.5', { token: asAdmin() }), status: 400 },
  { label: 'users list: limit -1', call: () => api('users?limit=-1', { token: asAdmin() }), status: 400 },
  { label: 'users list: after a bad id', call: () => api('users?after=bad.id!', { token: asAdmin() }), status: 400 },
  {
    label: 'role: superadmin',
    call: () => api(`users/${target.uid}/role`, { method: 'PATCH', token: asAdmin(), body: { role: 'superadmin' } }),
    status: 400,
  },
  { label: 'role: missing', call: () => api(`users/${target.uid}/role`, { method: 'PATCH', token: asAdmin(), body: {} }), status: 400 },
  {
    label: 'role: an array',
    call: () => api(`users/${target.uid}/role`, { method: 'PATCH', token: asAdmin(), body: { role: ['admin'] } }),
    status: 400,
  },
  {
    label: 'role: only in the query',
    call: () => api(`users/${target.uid}/role?role=admin`, { method: 'PATCH', token: asAdmin() }),
    status: 400,
  },
  {
    label: 'role: text/plain',
    call: () =>
      api(`users/${target.uid}/role`, { method: 'PATCH', token: asAdmin(), rawBody: 'admin', headers: { 'Content-Type': 'text/plain' } }),
    status: 415,
  },
  // ---- cart (shopper) ----
  {
    label: 'cart add: quantity 0',
    call: () => api(`cart/${productId}`, { method: 'POST', token: asShopper(), body: { quantity: 0 } }),
    status: 400,
  },
  {
    label: 'cart add: quantity -1',
    call: () => api(`cart/${productId}`, { method: 'POST', token: asShopper(), body: { quantity: -1 } }),
    status: 400,
  },
  {
    label: 'cart add: quantity 1.5',
    call: () => api(`cart/${productId}`, { method: 'POST', token: asShopper(), body: { quantity: 1.5 } }),
    status: 400,
  },
  {
    label: 'cart add: quantity 10001',
    call: () => api(`cart/${productId}`, { method: 'POST', token: asShopper(), body: { quantity: 10001 } }),
    status: 400,
  },
  {
    label: 'cart add: quantity 1e300',
    call: () => api(`cart/${productId}`, { method: 'POST', token: asShopper(), body: { quantity: 1e300 } }),
    status: 400,
  },
  {
    label: 'cart add: quantity "abc"',
    call: () => api(`cart/${productId}`, { method: 'POST', token: asShopper(), body: { quantity: 'abc' } }),
    status: 400,
  },
  {
    label: 'cart add: quantity "1e3"',
    call: () => api(`cart/${productId}`, { method: 'POST', token: asShopper(), body: { quantity: '1e3' } }),
    status: 400,
  },
  {
    label: 'cart add: quantity [1]',
    call: () => api(`cart/${productId}`, { method: 'POST', token: asShopper(), body: { quantity: [1] } }),
    status: 400,
  },
  {
    label: 'cart add: quantity an object',
    call: () => api(`cart/${productId}`, { method: 'POST', token: asShopper(), body: { quantity: { n: 1 } } }),
    status: 400,
  },
  {
    label: 'cart add: quantity true',
    call: () => api(`cart/${productId}`, { method: 'POST', token: asShopper(), body: { quantity: true } }),
    status: 400,
  },
  {
    label: 'cart add: array body',
    call: () => api(`cart/${productId}`, { method: 'POST', token: asShopper(), body: [{ quantity: 1 }] }),
    status: 400,
  },
  {
    label: 'cart add: malformed JSON',
    call: raw('POST', 'cart/placeholder', '{"quantity": 1', 'application/json', asShopper),
    status: 400,
  },
  {
    label: 'cart add: text/plain',
    call: () =>
      api(`cart/${productId}`, {
        method: 'POST',
        token: asShopper(),
        rawBody: '{"quantity":1}',
        headers: { 'Content-Type': 'text/plain' },
      }),
    status: 415,
  },
  { label: 'cart add: id with a dot', call: () => api('cart/bad.id', { method: 'POST', token: asShopper() }), status: 400 },
  { label: 'cart add: reserved id', call: () => api('cart/__x__', { method: 'POST', token: asShopper() }), status: 400 },
  { label: 'cart add: unknown product', call: () => api('cart/noSuchProduct123', { method: 'POST', token: asShopper() }), status: 404 },
  { label: 'cart increment: id with a dot', call: () => api('cart/increment/a.b', { method: 'PATCH', token: asShopper() }), status: 400 },
  {
    label: 'cart remove: not in the cart',
    call: () => api('cart/noSuchProduct123', { method: 'DELETE', token: asShopper() }),
    status: 404,
  },
];

describe('bad inputs answer 4xx { success: false, message } and change nothing', () => {
  beforeAll(async () => {
    shopper = await createTestUser({ firstname: 'Rahul' });
    target = await createTestUser();
    boss = await createTestUser({ role: 'admin' });
    productId = (await createProduct({ stock: 20 })).id;
    // Some state to protect: one address and one cart line.
    expect((await api('users/address', { method: 'POST', token: shopper.idToken, body: address })).status).toBe(201);
    expect((await api(`cart/${productId}`, { method: 'POST', token: shopper.idToken, body: { quantity: 2 } })).status).toBe(200);
  });

  it(`has at least 50 cases (${cases.length})`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
  });

  it.each(cases.map((c) => [c.label, c] as const))('%s', async (_label, c) => {
    const before = await state();
    const res = await c.call();
    expectFailure(res, c.status);
    expect(res.headers.get('content-type') ?? '').toContain('application/json');
    expect(await state()).toEqual(before);
  });

  it('smuggled role / userId / uid / price fields are dropped, not stored', async () => {
    const other = await createTestUser();
    const res = await api(`cart/${productId}`, {
      method: 'POST',
      token: shopper.idToken,
      body: { quantity: 1, userId: other.uid, uid: other.uid, price: 1 },
    });
    expect(res.status).toBe(200);
    const { db } = admin();
    expect((await db.collection(`users/${other.uid}/cart`).get()).size).toBe(0);
    const line = (await db.doc(`users/${shopper.uid}/cart/${productId}`).get()).data();
    expect(Object.keys(line ?? {}).sort()).toEqual(['addedAt', 'quantity', 'updatedAt']);

    const addr = await api<{ data: { _id: string } }>('users/address', {
      method: 'POST',
      token: shopper.idToken,
      body: { ...address, userId: other.uid, role: 'admin' },
    });
    expect(addr.status).toBe(201);
    const stored = (await db.doc(`users/${shopper.uid}/addresses/${addr.body.data._id}`).get()).data();
    expect(Object.keys(stored ?? {}).sort()).toEqual(['city', 'country', 'createdAt', 'landmark', 'postalCode', 'state', 'street']);
    expect((await db.collection(`users/${other.uid}/addresses`).get()).size).toBe(0);

    const upd = await api('users/updateDetails', {
      method: 'PATCH',
      token: other.idToken,
      body: { firstname: 'Other', lastname: 'Person', email: other.email, phonenumber: '9000000001', role: 'admin', uid: shopper.uid },
    });
    expect(upd.status).toBe(200);
    expect((await admin().auth.getUser(other.uid)).customClaims?.role).toBeUndefined();
    expect((await db.doc(`users/${other.uid}`).get()).get('role')).toBe('customer');
    expect((await db.doc(`users/${shopper.uid}`).get()).get('fullname')).toEqual({ firstname: 'Rahul', lastname: 'User' });
  });
});

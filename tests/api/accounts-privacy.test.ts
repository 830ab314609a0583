// Issue 26: verified email, verified phone for cash on delivery, sessions that end, admins/{uid},
// data export and erasure (docs/accounts-privacy.md). Real emulators through Hosting.
import { describe, expect, it } from 'vitest';
import { admin, api, createTestUser, signIn, uniqueEmail } from '../support/api';
import { expectFailure } from '../support/accounts';
import { addAddress, createProduct, placeOrder, type Envelope, type OrderJson } from '../support/commerce';
import { afterTokenSecond, latestMail, linkOf, oobCodeOf, smsCode } from '../support/verification';

type Ok<T> = { success: boolean; message: string; data: T };
type Me = { _id: string; email: string; emailVerified: boolean; verifiedPhone: string | null; phonenumber: string };

const me = async (token: string) => api<Ok<Me>>('users/currentUser', { token });

async function signup(email: string, extra: Record<string, unknown> = {}) {
  const res = await api<Ok<{ _id: string }>>('users/signup', {
    method: 'POST',
    body: { fullname: { firstname: 'Kavya', lastname: 'Iyer' }, email, password: 'Secret@123', phonenumber: '9812345678', ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const session = await signIn(email, 'Secret@123');
  return { uid: res.body.data._id, email, password: 'Secret@123', idToken: session.idToken };
}

describe('verified email', () => {
  it('signup → unverified → the link in the mail document → verified; Resend refused once verified', async () => {
    const email = uniqueEmail('verify');
    const user = await signup(email);
    expect((await me(user.idToken)).body.data).toMatchObject({ email, emailVerified: false });

    const mail = await latestMail(email, 'verify_email');
    expect(mail?.subject).toBe('Verify your Bagshop email address');
    const link = linkOf(mail?.text ?? '');
    expect(link).toMatch(/\/verify-email\?oobCode=/);
    expect(mail?.html).toContain('verify-email?oobCode=');

    const res = await api<Ok<{ email: string; emailChanged: boolean }>>('users/verifyEmail', {
      method: 'POST',
      body: { oobCode: oobCodeOf(mail?.text ?? '') },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: 'Your email is verified', data: { email, emailChanged: false } });
    expect((await admin().auth.getUser(user.uid)).emailVerified).toBe(true);
    expect((await me(user.idToken)).body.data.emailVerified).toBe(true);

    // The same link again, and nonsense: 400 with a message.
    expectFailure(await api('users/verifyEmail', { method: 'POST', body: { oobCode: oobCodeOf(mail?.text ?? '') } }), 400);
    expectFailure(await api('users/verifyEmail', { method: 'POST', body: {} }), 400);
    const again = await api('users/verifyEmail/resend', { method: 'POST', token: user.idToken });
    expectFailure(again, 409);
    expect(again.body).toMatchObject({ message: 'Your email is already verified' });
  });

  it('Resend mails a fresh link, is limited per account (429), and needs a signed-in user', async () => {
    const user = await createTestUser({ verifiedPhone: false });
    expectFailure(await api('users/verifyEmail/resend', { method: 'POST' }), 401);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await api('users/verifyEmail/resend', { method: 'POST', token: user.idToken })).status);
    expect(statuses[0]).toBe(200);
    expect(statuses).toContain(429);
    expect(await latestMail(user.email, 'verify_email')).not.toBeNull();
  });

  it('promotion of an unverified account is refused with 409; a verified one gets the claim and admins/{uid}; demotion removes it', async () => {
    const boss = await createTestUser({ role: 'admin' });
    const target = await createTestUser({ verifiedPhone: false });
    const refused = await api(`users/${target.uid}/role`, { method: 'PATCH', token: boss.idToken, body: { role: 'admin' } });
    expectFailure(refused, 409);
    expect(refused.body).toMatchObject({ message: "This account's email is not verified" });
    expect((await admin().auth.getUser(target.uid)).customClaims?.role).toBeUndefined();
    expect((await admin().db.doc(`admins/${target.uid}`).get()).exists).toBe(false);

    await admin().auth.updateUser(target.uid, { emailVerified: true });
    expect((await api(`users/${target.uid}/role`, { method: 'PATCH', token: boss.idToken, body: { role: 'admin' } })).status).toBe(200);
    expect((await admin().db.doc(`admins/${target.uid}`).get()).exists).toBe(true);
    expect((await api(`users/${target.uid}/role`, { method: 'PATCH', token: boss.idToken, body: { role: 'customer' } })).status).toBe(200);
    expect((await admin().db.doc(`admins/${target.uid}`).get()).exists).toBe(false);
  });

  it('an email change stays pending until the new address is verified; then the profile follows, the old address is told and old tokens end', async () => {
    const user = await createTestUser({ verifiedPhone: false });
    const newEmail = uniqueEmail('moved');
    const res = await api<Ok<Me & { pendingEmail: string }>>('users/updateDetails', {
      method: 'PATCH',
      token: user.idToken,
      body: { firstname: 'Test', lastname: 'User', email: newEmail, phonenumber: '9000000000', currentPassword: user.password },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ email: user.email, pendingEmail: newEmail });
    expect(res.body.message).toContain(newEmail);
    // Pending: Auth and the profile keep the old address; the old one still signs in.
    expect((await admin().auth.getUser(user.uid)).email).toBe(user.email);
    expect((await me(user.idToken)).body.data.email).toBe(user.email);
    expect(await latestMail(user.email, 'email_changed')).toBeNull();

    const mail = await latestMail(newEmail, 'verify_new_email');
    expect(mail?.subject).toBe('Confirm your new Bagshop email address');
    await afterTokenSecond(user.idToken);
    const applied = await api<Ok<{ email: string; emailChanged: boolean }>>('users/verifyEmail', {
      method: 'POST',
      body: { oobCode: oobCodeOf(mail?.text ?? '') },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.data).toEqual({ email: newEmail, emailChanged: true });
    const record = await admin().auth.getUser(user.uid);
    expect([record.email, record.emailVerified]).toEqual([newEmail, true]);
    expect((await admin().db.doc(`users/${user.uid}`).get()).get('email')).toBe(newEmail);
    expect((await latestMail(user.email, 'email_changed'))?.text).toContain(newEmail);
    // Sessions from before the change end; a new sign-in with the new address works.
    const old = await me(user.idToken);
    expectFailure(old, 401);
    expect(old.body).toMatchObject({ message: 'Please sign in again' });
    const fresh = await signIn(newEmail, user.password);
    expect((await me(fresh.idToken)).body.data.email).toBe(newEmail);
  });
});

describe('sessions end when asked', () => {
  it('a stolen token is refused on shopper routes after "log out everywhere" (401 "Please sign in again")', async () => {
    const user = await createTestUser();
    const stolen = user.idToken;
    expect((await api('cart', { token: stolen })).status).toBe(200);
    await afterTokenSecond(stolen);
    expect((await api('users/logout', { method: 'POST', token: user.idToken, body: { everywhere: true } })).status).toBe(200);
    for (const path of ['cart', 'users/currentUser', 'order/my-order', 'users/address', 'users/me/export']) {
      const res = await api(path, { token: stolen });
      expectFailure(res, 401);
      expect(res.body, path).toMatchObject({ message: 'Please sign in again' });
      expect(res.headers.get('www-authenticate')).toContain('invalid_token');
    }
    const fresh = await signIn(user.email, user.password);
    expect((await api('cart', { token: fresh.idToken })).status).toBe(200);
  });

  it('a stolen token is refused after a password change', async () => {
    const user = await createTestUser();
    await afterTokenSecond(user.idToken);
    const changed = await api('users/updatePassword', {
      method: 'PATCH',
      token: user.idToken,
      body: { currentPassword: user.password, newPassword: 'Newer@456' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const res = await api('order/my-order', { token: user.idToken });
    expectFailure(res, 401);
    expect(res.body).toMatchObject({ message: 'Please sign in again' });
    expect((await api('order/my-order', { token: (await signIn(user.email, 'Newer@456')).idToken })).status).toBe(200);
  });

  it('the server-kept cutoff alone refuses an older token (no Auth revocation involved)', async () => {
    // Firebase has not revoked anything here: only sessionCutoffs/{uid} says the session ended.
    const user = await createTestUser();
    await afterTokenSecond(user.idToken);
    await admin()
      .db.doc(`sessionCutoffs/${user.uid}`)
      .set({ notBefore: Math.floor(Date.now() / 1000), reason: 'test' });
    const res = await api('cart', { token: user.idToken });
    expectFailure(res, 401);
    expect(res.body).toMatchObject({ message: 'Please sign in again' });
    // Firebase itself still accepts the token, revocation checked: the refusal is ours.
    expect((await admin().auth.verifyIdToken(user.idToken, true)).uid).toBe(user.uid);
  });
});

describe('verified phone and cash on delivery', () => {
  it('COD without a verified phone → 400; the shopper verifies the code from the emulator; COD then goes through and the order records the number', async () => {
    const seller = await createTestUser({ role: 'admin' });
    const product = await createProduct(seller, { stock: 5 });
    const shopper = await createTestUser({ verifiedPhone: false });
    const addressId = await addAddress(shopper.uid);
    const order = { paymentMethod: 'COD', addressId, productId: product._id, quantity: 1 };

    const refused = await placeOrder(shopper, order);
    expectFailure(refused, 400);
    expect(refused.body).toMatchObject({ message: 'Verify your phone number to pay cash on delivery' });

    const digits = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    expectFailure(await api('users/me/phone', { method: 'POST', token: shopper.idToken, body: { phonenumber: '12345' } }), 400);
    const sent = await api('users/me/phone', { method: 'POST', token: shopper.idToken, body: { phonenumber: digits } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const code = await smsCode(`+91${digits}`);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await api('users/me/phone/verify', {
      method: 'POST',
      token: shopper.idToken,
      body: { code: code === '000000' ? '111111' : '000000' },
    });
    expectFailure(wrong, 400);
    expect(wrong.body).toMatchObject({ message: 'The code is not correct' });
    const ok = await api<Ok<{ verifiedPhone: string }>>('users/me/phone/verify', {
      method: 'POST',
      token: shopper.idToken,
      body: { code },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.verifiedPhone).toBe(`+91${digits}`);
    expect((await admin().auth.getUser(shopper.uid)).phoneNumber).toBe(`+91${digits}`);
    expect((await me(shopper.idToken)).body.data).toMatchObject({ verifiedPhone: `+91${digits}`, phonenumber: digits });

    const placed = await placeOrder(shopper, order);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect((await admin().db.doc(`orders/${placed.body.data._id}`).get()).get('user.phone')).toBe(`+91${digits}`);

    // Another account cannot take the verified number.
    const other = await createTestUser({ verifiedPhone: false });
    const taken = await api('users/me/phone', { method: 'POST', token: other.idToken, body: { phonenumber: digits } });
    expectFailure(taken, 409);
  });

  it('sending codes is rate limited per account', async () => {
    const shopper = await createTestUser({ verifiedPhone: false });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const digits = `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
      statuses.push((await api('users/me/phone', { method: 'POST', token: shopper.idToken, body: { phonenumber: digits } })).status);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses).toContain(429);
  });
});

describe('your data: export and erasure', () => {
  it("the export holds the shopper's profile, addresses, orders and consents, and nobody else's orders", async () => {
    const seller = await createTestUser({ role: 'admin' });
    const product = await createProduct(seller, { stock: 10 });
    const a = await createTestUser({ firstname: 'Anita' });
    const b = await createTestUser({ firstname: 'Bala' });
    const aAddress = await addAddress(a.uid);
    const bAddress = await addAddress(b.uid);
    const aOrder = await placeOrder(a, { paymentMethod: 'COD', addressId: aAddress, productId: product._id, quantity: 1 });
    const bOrder = await placeOrder(b, { paymentMethod: 'COD', addressId: bAddress, productId: product._id, quantity: 1 });
    expect([aOrder.status, bOrder.status]).toEqual([201, 201]);

    expectFailure(await api('users/me/export'), 401);
    const res = await api<
      Ok<Record<string, unknown> & { orders: { _id: string }[]; addresses: { _id: string }[]; profile: { email: string } }>
    >('users/me/export', { token: a.idToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        'account',
        'addresses',
        'alerts',
        'consents',
        'exportedAt',
        'noticeVersion',
        'orders',
        'profile',
        'returns',
        'reviews',
        'tickets',
        'wishlist',
      ].sort(),
    );
    expect(res.body.data.profile.email).toBe(a.email);
    expect(res.body.data.addresses.map((x) => x._id)).toEqual([aAddress]);
    const ids = res.body.data.orders.map((o) => o._id);
    expect(ids).toContain(aOrder.body.data._id);
    expect(ids).not.toContain(bOrder.body.data._id);
    expect(res.headers.get('content-disposition')).toContain('bagshop-my-data.json');

    // Admins see the request in the log; shoppers cannot read it.
    expectFailure(await api('admin/privacy-requests', { token: a.idToken }), 403);
    const log = await api<Ok<{ type: string; subject: string }[]>>('admin/privacy-requests', { token: seller.idToken });
    expect(log.body.data.some((r) => r.type === 'export' && r.subject === a.uid)).toBe(true);
  });

  it('signup records the notice version and an optional marketing consent (default false), which can be withdrawn', async () => {
    const user = await signup(uniqueEmail('consent'), { marketingConsent: true });
    const consents = await api<Ok<{ noticeVersion: string; marketing: boolean }>>('users/me/consents', { token: user.idToken });
    expect(consents.body.data).toMatchObject({ noticeVersion: '2026-11-26', marketing: true });
    const withdrawn = await api<Ok<{ marketing: boolean; history: unknown[] }>>('users/me/consents', {
      method: 'PATCH',
      token: user.idToken,
      body: { marketing: false },
    });
    expect(withdrawn.body.data).toMatchObject({ marketing: false });
    expect(withdrawn.body.data.history).toHaveLength(2);
    const plain = await signup(uniqueEmail('consent'));
    expect((await api<Ok<{ marketing: boolean }>>('users/me/consents', { token: plain.idToken })).body.data.marketing).toBe(false);
    expectFailure(
      await api('users/signup', {
        method: 'POST',
        body: {
          fullname: { firstname: 'Kavya', lastname: 'I' },
          email: uniqueEmail('c'),
          password: 'Secret@123',
          phonenumber: '9812345678',
          marketingConsent: 'yes',
        },
      }),
      400,
    );
  });

  it('deletion refuses while an order is open (409 naming it), then erases the account and keeps a pseudonymised invoice', async () => {
    const seller = await createTestUser({ role: 'admin' });
    const product = await createProduct(seller, { stock: 10 });
    const shopper = await createTestUser({ firstname: 'Deepa' });
    const addressId = await addAddress(shopper.uid);
    await admin().db.doc(`users/${shopper.uid}/cart/${product._id}`).set({ quantity: 1, addedAt: new Date(), updatedAt: new Date() });
    const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId, productId: product._id, quantity: 1 });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data._id;

    const open = await api('users/me', { method: 'DELETE', token: shopper.idToken, body: { currentPassword: shopper.password } });
    expectFailure(open, 409);
    expect((open.body as { message: string }).message).toBe(`Finish or cancel your open orders first: #${orderId.slice(-6)}`);

    for (const status of ['confirmed', 'shipped', 'completed']) {
      const moved = await api<Envelope<OrderJson>>(`order/${orderId}/status`, { method: 'PATCH', token: seller.idToken, body: { status } });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const before = await admin().db.doc(`orders/${orderId}`).get();
    expect(before.get('invoice.buyer.name')).toContain('Deepa');

    expectFailure(await api('users/me', { method: 'DELETE', token: shopper.idToken, body: {} }), 400);
    expectFailure(await api('users/me', { method: 'DELETE', token: shopper.idToken, body: { currentPassword: 'wrong-one' } }), 403);
    const erased = await api<Ok<{ pseudonym: string; ordersKept: number }>>('users/me', {
      method: 'DELETE',
      token: shopper.idToken,
      body: { currentPassword: shopper.password },
    });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const pseudonym = erased.body.data.pseudonym;
    expect(erased.body.data.ordersKept).toBe(1);

    const db = admin().db;
    expect((await db.doc(`users/${shopper.uid}`).get()).exists).toBe(false);
    expect((await db.collection(`users/${shopper.uid}/addresses`).get()).empty).toBe(true);
    expect((await db.collection(`users/${shopper.uid}/cart`).get()).empty).toBe(true);
    expect((await db.doc(`consents/${shopper.uid}`).get()).exists).toBe(false);
    await expect(admin().auth.getUser(shopper.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });

    const kept = await db.doc(`orders/${orderId}`).get();
    expect(kept.exists).toBe(true);
    expect(kept.get('invoice.number')).toBe(before.get('invoice.number'));
    expect(kept.get('invoice.totals')).toEqual(before.get('invoice.totals'));
    expect(kept.get('invoice.buyer.name')).toBe(`Erased customer ${pseudonym}`);
    expect(kept.get('user.email')).toBe(`${pseudonym.toLowerCase()}@erased.invalid`);
    expect(kept.get('user.phone')).toBeUndefined();
    expect(JSON.stringify(kept.data())).not.toContain(shopper.email);
    expect(JSON.stringify(kept.data())).not.toContain('Deepa');

    // The old token no longer reaches the API, and the erasure is in the admins' log without the person's identity.
    expectFailure(await api('users/currentUser', { token: shopper.idToken }), 401);
    const log = await api<Ok<{ type: string; subject: string; email: string | null }[]>>('admin/privacy-requests', {
      token: seller.idToken,
    });
    expect(log.body.data.find((r) => r.type === 'erasure' && r.subject === pseudonym)).toMatchObject({ email: null });
  });
});

import { describe, expect, it } from 'vitest';
import { admin, api, createTestUser, signIn, uniqueEmail } from '../support/api';
import { latestMail, oobCodeOf } from '../support/verification';
import { expectFailure, googleSignIn, passwordResetCodes, refresh, untilRevocableAfter } from '../support/accounts';

interface UserBody {
  _id: string;
  fullname: { firstname: string; lastname: string };
  email: string;
  phonenumber: string;
  role: string;
  createdAt: string;
}
type Ok<T> = { success: true; data: T; message?: string };

const signupBody = (email: string, extra: Record<string, unknown> = {}) => ({
  fullname: { firstname: 'Priya', lastname: 'Nair' },
  email,
  password: 'Secret@123',
  phonenumber: '9812345678',
  ...extra,
});

describe('POST /api/users/signup', () => {
  it('creates the Auth user and the profile together; role, uid and unknown fields from the body are ignored', async () => {
    const email = uniqueEmail('signup');
    const res = await api<Ok<UserBody>>('users/signup', {
      method: 'POST',
      body: signupBody(`  ${email.toUpperCase()} `, { role: 'admin', uid: 'chosen-uid', userId: 'x', isAdmin: true }),
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Account created successfully');
    const user = res.body.data;
    expect(user).toMatchObject({ fullname: { firstname: 'Priya', lastname: 'Nair' }, email, phonenumber: '9812345678', role: 'customer' });
    expect(user._id).not.toBe('chosen-uid');
    expect(JSON.stringify(res.body)).not.toContain('Secret@123');
    expect(Date.parse(user.createdAt)).toBeGreaterThan(Date.now() - 120_000);

    const { auth, db } = admin();
    const record = await auth.getUser(user._id);
    expect(record.email).toBe(email);
    expect(record.customClaims?.role).toBeUndefined();
    const profile = (await db.doc(`users/${user._id}`).get()).data();
    expect(profile).toMatchObject({ email, role: 'customer', phonenumber: '9812345678' });
    expect(Object.keys(profile ?? {}).sort()).toEqual(['createdAt', 'email', 'fullname', 'phonenumber', 'role', 'updatedAt']);

    // The new account can sign in.
    const session = await signIn(email, 'Secret@123');
    expect(session.uid).toBe(user._id);
  });

  it('answers 409 when the email is already registered (any case), and creates nothing', async () => {
    const email = uniqueEmail('dup');
    expect((await api('users/signup', { method: 'POST', body: signupBody(email) })).status).toBe(201);
    const before = (await admin().auth.listUsers(1000)).users.length;
    const again = await api('users/signup', { method: 'POST', body: signupBody(email.toUpperCase()) });
    expectFailure(again, 409);
    expect(again.body).toMatchObject({ message: 'Email is already registered' });
    expect((await admin().auth.listUsers(1000)).users.length).toBe(before);
  });

  it('rate limits one email: the sixth try within the hour answers 429 with Retry-After', async () => {
    const email = uniqueEmail('limit');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await api('users/signup', { method: 'POST', body: signupBody(email) })).status);
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const limited = await api('users/signup', { method: 'POST', body: signupBody(email) });
    expectFailure(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
  });
});

describe('POST /api/users/signin (API clients)', () => {
  it('returns the user and a working ID token, refresh token and expiry', async () => {
    const u = await createTestUser({ firstname: 'Kavya' });
    const res = await api<Ok<{ user: UserBody; idToken: string; refreshToken: string; expiresIn: number }>>('users/signin', {
      method: 'POST',
      body: { email: u.email, password: u.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ _id: u.uid, email: u.email, role: 'customer' });
    expect(res.body.data.expiresIn).toBe(3600);
    expect(await refresh(res.body.data.refreshToken)).toBe(200);
    const me = await api<Ok<UserBody>>('users/currentUser', { token: res.body.data.idToken });
    expect(me.status).toBe(200);
    expect(me.body.data._id).toBe(u.uid);
  });

  it('answers 401 "Invalid email or password" for a wrong password and for an unknown email alike', async () => {
    const u = await createTestUser();
    const wrong = await api('users/signin', { method: 'POST', body: { email: u.email, password: 'Wrong@123' } });
    const unknown = await api('users/signin', { method: 'POST', body: { email: uniqueEmail('nobody'), password: 'Wrong@123' } });
    for (const res of [wrong, unknown]) {
      expectFailure(res, 401);
      expect(res.body).toEqual({ success: false, message: 'Invalid email or password' });
    }
  });

  it('rate limits tries on one account: the eleventh in 15 minutes answers 429 with Retry-After', async () => {
    const u = await createTestUser();
    for (let i = 0; i < 10; i += 1) {
      expect((await api('users/signin', { method: 'POST', body: { email: u.email, password: `Wrong@${i}` } })).status).toBe(401);
    }
    const limited = await api('users/signin', { method: 'POST', body: { email: u.email, password: u.password } });
    expectFailure(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(900);
  });
});

describe('GET /api/users/currentUser', () => {
  it('answers the profile with the role from the token claim', async () => {
    const shopper = await createTestUser({ firstname: 'Meera', verifiedPhone: false });
    const res = await api<Ok<UserBody>>('users/currentUser', { token: shopper.idToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      _id: shopper.uid,
      fullname: { firstname: 'Meera', lastname: 'User' },
      email: shopper.email,
      phonenumber: '9000000000',
      role: 'customer',
      createdAt: expect.any(String),
      // What Auth has verified (docs/accounts-privacy.md).
      emailVerified: false,
      verifiedPhone: null,
    });

    // The profile's role field is only a mirror: the claim decides.
    const boss = await createTestUser({ role: 'admin' });
    await admin().db.doc(`users/${boss.uid}`).update({ role: 'customer' });
    const asAdmin = await api<Ok<UserBody>>('users/currentUser', { token: boss.idToken });
    expect(asAdmin.body.data.role).toBe('admin');
  });

  it('creates the missing profile of a Google user on the first call, names split from the display name', async () => {
    const email = uniqueEmail('google');
    const google = await googleSignIn({
      sub: `g-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      email,
      name: 'Anand Kumar Iyer',
    });
    const { db } = admin();
    expect((await db.doc(`users/${google.uid}`).get()).exists).toBe(false);
    const res = await api<Ok<UserBody>>('users/currentUser', { token: google.idToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: google.uid,
      fullname: { firstname: 'Anand', lastname: 'Kumar Iyer' },
      email,
      phonenumber: '',
      role: 'customer',
    });
    const stored = (await db.doc(`users/${google.uid}`).get()).data();
    expect(stored).toMatchObject({ fullname: { firstname: 'Anand', lastname: 'Kumar Iyer' }, email, role: 'customer' });
    // A second call reads the same profile.
    const again = await api<Ok<UserBody>>('users/currentUser', { token: google.idToken });
    expect(again.body.data.createdAt).toBe(res.body.data.createdAt);
  });

  it('answers 401 without a token and with a forged one', async () => {
    expectFailure(await api('users/currentUser'), 401);
    expectFailure(await api('users/currentUser', { token: 'not-a-token' }), 401);
  });
});

describe('POST /api/users/logout', () => {
  it('without everywhere leaves the sessions alone; with everywhere revokes them (revocation-checked routes refuse the old token)', async () => {
    const u = await createTestUser({ role: 'admin' });
    const before = (await admin().auth.getUser(u.uid)).tokensValidAfterTime;
    const plain = await api('users/logout', { method: 'POST', token: u.idToken });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ success: true, data: {}, message: 'Logged out successfully!' });
    expect((await admin().auth.getUser(u.uid)).tokensValidAfterTime).toBe(before);
    expect((await api('users', { token: u.idToken })).status).toBe(200);

    // Revocation has one-second resolution: make sure it is later than the sign-in.
    await untilRevocableAfter(u.idToken);
    const all = await api('users/logout', { method: 'POST', token: u.idToken, body: { everywhere: true } });
    expect(all.status).toBe(200);
    const after = (await admin().auth.getUser(u.uid)).tokensValidAfterTime;
    expect(Date.parse(after ?? '')).toBeGreaterThan(Date.parse(before ?? ''));
    // (The Auth emulator does not refuse revoked refresh tokens; production does. What we can
    // check here: the ID token from before is refused where revocation is checked.)
    expectFailure(await api('users', { token: u.idToken }), 401);
    const fresh = await signIn(u.email, u.password);
    expect((await api('users', { token: fresh.idToken })).status).toBe(200);
  });
});

describe('PATCH /api/users/updateDetails', () => {
  it('updates the profile, and an email change moves the Auth email once the new address is verified', async () => {
    const u = await createTestUser();
    const email = uniqueEmail('moved');
    const res = await api<Ok<UserBody>>('users/updateDetails', {
      method: 'PATCH',
      token: u.idToken,
      body: { firstname: 'Rohan', lastname: 'Das', email, phonenumber: '9123400000', role: 'admin', currentPassword: u.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Profile updated. Confirm ${email} with the link we sent there to change your email`);
    expect(res.body.data).toMatchObject({
      _id: u.uid,
      fullname: { firstname: 'Rohan', lastname: 'Das' },
      email: u.email,
      pendingEmail: email,
      phonenumber: '9123400000',
      role: 'customer',
    });
    const { auth, db } = admin();
    expect((await auth.getUser(u.uid)).email).toBe(u.email);
    // Verify-before-update: following the link mailed to the new address moves the email.
    const mail = await latestMail(email, 'verify_new_email');
    expect((await api('users/verifyEmail', { method: 'POST', body: { oobCode: oobCodeOf(mail?.text ?? '') } })).status).toBe(200);
    expect((await auth.getUser(u.uid)).email).toBe(email);
    expect((await db.doc(`users/${u.uid}`).get()).get('email')).toBe(email);
    expect((await auth.getUser(u.uid)).customClaims?.role).toBeUndefined();
    expect((await db.doc(`users/${u.uid}`).get()).get('role')).toBe('customer');
    expect((await signIn(email, u.password)).uid).toBe(u.uid);
  });

  it('answers 409 when another account has the email, and changes nothing', async () => {
    const u = await createTestUser();
    const other = await createTestUser();
    const res = await api('users/updateDetails', {
      method: 'PATCH',
      token: u.idToken,
      body: { firstname: 'Changed', lastname: 'Name', email: other.email, phonenumber: '9123400000', currentPassword: u.password },
    });
    expectFailure(res, 409);
    expect(res.body).toMatchObject({ message: 'Email is already registered' });
    const { auth, db } = admin();
    expect((await auth.getUser(u.uid)).email).toBe(u.email);
    expect((await db.doc(`users/${u.uid}`).get()).get('fullname')).toEqual({ firstname: 'Test', lastname: 'User' });
  });
});

describe('PATCH /api/users/updatePassword', () => {
  it('refuses a wrong current password (400) and keeps the old one', async () => {
    const u = await createTestUser();
    const res = await api('users/updatePassword', {
      method: 'PATCH',
      token: u.idToken,
      body: { currentPassword: 'Nope@123', newPassword: 'Newer@123' },
    });
    expectFailure(res, 400);
    expect(res.body).toMatchObject({ message: 'Current password is incorrect' });
    expect((await signIn(u.email, u.password)).uid).toBe(u.uid);
  });

  it('sets the new password after checking the current one', async () => {
    const u = await createTestUser();
    const res = await api('users/updatePassword', {
      method: 'PATCH',
      token: u.idToken,
      body: { currentPassword: u.password, newPassword: 'Newer@123' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: {}, message: 'Password updated successfully' });
    expect((await signIn(u.email, 'Newer@123')).uid).toBe(u.uid);
    await expect(signIn(u.email, u.password)).rejects.toThrow();
  });
});

describe('forget and reset password', () => {
  it('answers the same for a known and an unknown email; the emulator records a code only for the known one', async () => {
    const u = await createTestUser();
    const nobody = uniqueEmail('nobody');
    const known = await api('users/forgetPassword', { method: 'PATCH', body: { email: u.email } });
    const unknown = await api('users/forgetPassword', { method: 'PATCH', body: { email: nobody } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ success: true, data: {}, message: 'Password reset link sent to your email' });
    expect(await passwordResetCodes(u.email)).toHaveLength(1);
    expect(await passwordResetCodes(nobody)).toHaveLength(0);
  });

  it('resets the password with the emailed code (?token=, ?oobCode= or in the body); a used or made-up code answers 400', async () => {
    const reset = (where: string, code: string, newPassword: string) =>
      where === 'body'
        ? api('users/resetPassword', { method: 'PATCH', body: { oobCode: code, newPassword } })
        : api(`users/resetPassword?${where}=${encodeURIComponent(code)}`, { method: 'PATCH', body: { newPassword } });
    for (const where of ['token', 'oobCode', 'body']) {
      const u = await createTestUser();
      expect((await api('users/forgetPassword', { method: 'PATCH', body: { email: u.email } })).status).toBe(200);
      const [code] = await passwordResetCodes(u.email);
      expect(code).toBeTruthy();
      const res = await reset(where, code ?? '', 'Reset@123');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: 'Password reset successful' });
      expect((await signIn(u.email, 'Reset@123')).uid).toBe(u.uid);

      const reused = await reset(where, code ?? '', 'Again@123');
      expectFailure(reused, 400);
      expect(reused.body).toMatchObject({ message: 'Invalid or expired reset link' });
      expect((await signIn(u.email, 'Reset@123')).uid).toBe(u.uid);
    }
    const madeUp = await api('users/resetPassword?token=made-up-code', { method: 'PATCH', body: { newPassword: 'Again@123' } });
    expectFailure(madeUp, 400);
    expect(madeUp.body).toMatchObject({ message: 'Invalid or expired reset link' });
    const missing = await api('users/resetPassword', { method: 'PATCH', body: { newPassword: 'Again@123' } });
    expectFailure(missing, 400);
    expect(missing.body).toMatchObject({ message: 'Invalid or missing token' });
  });

  it('rate limits reset mails to one address: the fourth within the hour answers 429', async () => {
    const u = await createTestUser();
    for (let i = 0; i < 3; i += 1)
      expect((await api('users/forgetPassword', { method: 'PATCH', body: { email: u.email } })).status).toBe(200);
    const limited = await api('users/forgetPassword', { method: 'PATCH', body: { email: u.email } });
    expectFailure(limited, 429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await passwordResetCodes(u.email)).toHaveLength(3);
  });
});

describe('addresses', () => {
  const address = {
    street: '12 MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560001',
    country: 'India',
    landmark: 'Near the metro',
  };

  it('saves an address with an _id and lists only the caller’s own, newest first', async () => {
    const u = await createTestUser();
    const other = await createTestUser();
    const first = await api<Ok<{ _id: string }>>('users/address', { method: 'POST', token: u.idToken, body: address });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({ _id: expect.any(String), ...address });
    const second = await api<Ok<{ _id: string }>>('users/address', {
      method: 'POST',
      token: u.idToken,
      body: { street: '4 Park Street', city: 'Kolkata', state: 'West Bengal', postalCode: '700016', userId: other.uid },
    });
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ country: 'India', landmark: '' });

    const mine = await api<Ok<{ _id: string }[]>>('users/address', { token: u.idToken });
    expect(mine.body.data.map((a) => a._id)).toEqual([second.body.data._id, first.body.data._id]);
    const theirs = await api<Ok<{ _id: string }[]>>('users/address', { token: other.idToken });
    expect(theirs.body.data).toEqual([]);
    expect((await admin().db.collection(`users/${other.uid}/addresses`).get()).size).toBe(0);
  });

  it('keeps at most 20 addresses per user (409 for the 21st)', async () => {
    const u = await createTestUser();
    const { db } = admin();
    const batch = db.batch();
    for (let i = 0; i < 20; i += 1)
      batch.set(db.collection(`users/${u.uid}/addresses`).doc(), { ...address, street: `${i} MG Road`, createdAt: new Date() });
    await batch.commit();
    const res = await api('users/address', { method: 'POST', token: u.idToken, body: address });
    expectFailure(res, 409);
    expect(res.body).toMatchObject({ message: 'You can save at most 20 addresses' });
    expect((await db.collection(`users/${u.uid}/addresses`).get()).size).toBe(20);
  });
});

describe('admin: users and roles', () => {
  it('lists profiles newest first, paged with ?limit and ?after, roles from the claims', async () => {
    const boss = await createTestUser({ role: 'admin' });
    const a = await createTestUser();
    const b = await createTestUser();
    const page = await api<Ok<UserBody[]>>('users?limit=2', { token: boss.idToken });
    expect(page.status).toBe(200);
    expect(page.body.data.map((u) => u._id)).toEqual([b.uid, a.uid]);
    const next = await api<Ok<UserBody[]>>(`users?limit=1&after=${b.uid}`, { token: boss.idToken });
    expect(next.body.data.map((u) => u._id)).toEqual([a.uid]);
    // Walk every page: each user once, newest first, roles from the claims.
    const all: UserBody[] = [];
    for (let after = ''; ;) {
      const res = await api<Ok<UserBody[]>>(`users?limit=100${after ? `&after=${after}` : ''}`, { token: boss.idToken });
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(100);
      all.push(...res.body.data);
      if (res.body.data.length < 100) break;
      after = res.body.data.at(-1)?._id ?? '';
    }
    expect(new Set(all.map((u) => u._id)).size).toBe(all.length);
    expect(all.find((u) => u._id === boss.uid)?.role).toBe('admin');
    expect(all.find((u) => u._id === 'demo-admin')?.role).toBe('admin');
    expect(all.find((u) => u._id === 'demo-shopper')?.role).toBe('customer');
    const times = all.map((u) => Date.parse(u.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expectFailure(await api('users?limit=101', { token: boss.idToken }), 400);
  });

  it('grants and removes the admin role: claim, profile mirror, and the target’s sessions revoked', async () => {
    const boss = await createTestUser({ role: 'admin' });
    // Admin rights go only to verified emails (docs/accounts-privacy.md).
    const target = await createTestUser({ emailVerified: true });
    const { auth, db } = admin();

    const grant = await api<Ok<UserBody>>(`users/${target.uid}/role`, { method: 'PATCH', token: boss.idToken, body: { role: 'admin' } });
    expect(grant.status).toBe(200);
    expect(grant.body.data).toMatchObject({ _id: target.uid, role: 'admin' });
    expect((await auth.getUser(target.uid)).customClaims?.role).toBe('admin');
    expect((await db.doc(`users/${target.uid}`).get()).get('role')).toBe('admin');

    // A fresh sign-in carries the claim and passes the admin routes (a sign-in in the same
    // second as the grant's revocation is not refused: auth_time ≥ tokensValidAfterTime).
    const promoted = await signIn(target.email, target.password);
    expect((await api('users', { token: promoted.idToken })).status).toBe(200);

    await untilRevocableAfter(promoted.idToken);
    const demote = await api<Ok<UserBody>>(`users/${target.uid}/role`, {
      method: 'PATCH',
      token: boss.idToken,
      body: { role: 'customer' },
    });
    expect(demote.status).toBe(200);
    expect(demote.body.data.role).toBe('customer');
    expect((await auth.getUser(target.uid)).customClaims?.role).toBeUndefined();
    expect((await db.doc(`users/${target.uid}`).get()).get('role')).toBe('customer');
    // The token that still says admin is refused at once (revoked).
    expectFailure(await api('users', { token: promoted.idToken }), 401);
  });

  it('an admin cannot change their own role; an unknown uid answers 404', async () => {
    const boss = await createTestUser({ role: 'admin' });
    const self = await api(`users/${boss.uid}/role`, { method: 'PATCH', token: boss.idToken, body: { role: 'customer' } });
    expectFailure(self, 400);
    expect(self.body).toMatchObject({ message: 'You cannot change your own role' });
    expect((await admin().auth.getUser(boss.uid)).customClaims?.role).toBe('admin');
    expectFailure(await api('users/no-such-user-123/role', { method: 'PATCH', token: boss.idToken, body: { role: 'admin' } }), 404);
  });
});

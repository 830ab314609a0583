// PATCH /api/users/updateDetails with a new email needs the current password (or, for a
// Google account, a fresh Google sign-in), and the old address is told through the mail queue.
import { latestMail, oobCodeOf } from '../support/verification';
import { describe, expect, it } from 'vitest';
import { admin, api, createTestUser, signIn, uniqueEmail, type TestUser } from '../support/api';
import { expectFailure, googleSignIn } from '../support/accounts';

const details = (email: string, extra: Record<string, unknown> = {}) => ({
  firstname: 'Meera',
  lastname: 'Nair',
  email,
  phonenumber: '9123400000',
  ...extra,
});

/** The mail documents queued for this user, of one kind. */
async function mailsOf(uid: string, kind: string) {
  const snap = await admin().db.collection('mail').where('uid', '==', uid).get();
  return snap.docs.map((d) => d.data()).filter((m) => m.kind === kind);
}

async function expectUnchanged(u: TestUser) {
  expect((await admin().auth.getUser(u.uid)).email).toBe(u.email);
  expect((await admin().db.doc(`users/${u.uid}`).get()).get('email')).toBe(u.email);
  expect(await mailsOf(u.uid, 'email_changed')).toEqual([]);
}

/** Follows the confirmation link mailed to the new address (verify-before-update). */
async function followNewEmailLink(newEmail: string): Promise<void> {
  const mail = await latestMail(newEmail, 'verify_new_email');
  const res = await api('users/verifyEmail', { method: 'POST', body: { oobCode: oobCodeOf(mail?.text ?? '') } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('changing the email of a password account', () => {
  it('without currentPassword: 400 "Current password is required to change your email", nothing changes', async () => {
    const u = await createTestUser();
    const res = await api('users/updateDetails', { method: 'PATCH', token: u.idToken, body: details(uniqueEmail('new')) });
    expectFailure(res, 400);
    expect(res.body).toMatchObject({
      message: 'Current password is required to change your email',
      errors: [{ field: 'currentPassword', message: 'Current password is required to change your email' }],
    });
    await expectUnchanged(u);
  });

  it('with a wrong currentPassword: 403, nothing changes', async () => {
    const u = await createTestUser();
    const res = await api('users/updateDetails', {
      method: 'PATCH',
      token: u.idToken,
      body: details(uniqueEmail('new'), { currentPassword: 'Wrong@123' }),
    });
    expectFailure(res, 403);
    expect(res.body).toMatchObject({ message: 'Current password is incorrect' });
    await expectUnchanged(u);
  });

  it('with the right one: the email moves, and a mail to the OLD address says so', async () => {
    const u = await createTestUser();
    const email = uniqueEmail('moved');
    const res = await api('users/updateDetails', {
      method: 'PATCH',
      token: u.idToken,
      body: details(email, { currentPassword: u.password }),
    });
    expect(res.status).toBe(200);
    // Verify-before-update (docs/accounts-privacy.md): pending until the link mailed to the new address is followed.
    expect(res.body).toMatchObject({ success: true, data: { email: u.email, pendingEmail: email } });
    expect(await mailsOf(u.uid, 'email_changed')).toEqual([]);
    await followNewEmailLink(email);
    expect((await admin().auth.getUser(u.uid)).email).toBe(email);
    expect((await signIn(email, u.password)).uid).toBe(u.uid);

    const mails = await mailsOf(u.uid, 'email_changed');
    expect(mails).toHaveLength(1);
    const mail = mails[0] ?? {};
    // The Trigger Email extension's shape: `to` as the address string, message.subject/text/html.
    expect(mail.to).toBe(u.email);
    expect(mail.message).toEqual({ subject: 'Your Bagshop email address was changed', text: expect.any(String), html: expect.any(String) });
    expect(mail.message.text).toContain(`from ${u.email} to ${email}`);
    // Greeted with the name the profile has when the change takes effect.
    expect(mail.message.html).toContain('<p>Hello Meera,</p>');
  });

  it('a change applied outside the shop (the link opened on Firebase’s own page): currentUser shows the new email, and the profile follows (issue 37)', async () => {
    const u = await createTestUser();
    const email = uniqueEmail('elsewhere');
    const res = await api('users/updateDetails', {
      method: 'PATCH',
      token: u.idToken,
      body: details(email, { currentPassword: u.password }),
    });
    expect(res.status).toBe(200);
    const mail = await latestMail(email, 'verify_new_email');
    // What Firebase's hosted action page does with the link: the code applied at Auth, the shop never told.
    const applied = await fetch(
      `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:update?key=fake-api-key`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ oobCode: oobCodeOf(mail?.text ?? '') }) },
    );
    expect(applied.status, await applied.clone().text()).toBe(200);
    expect((await admin().auth.getUser(u.uid)).email).toBe(email);
    const session = await signIn(email, u.password);
    const me = await api<{ data: { email: string } }>('users/currentUser', { token: session.idToken });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(email);
    expect((await admin().db.doc(`users/${u.uid}`).get()).get('email')).toBe(email);
  });

  it('keeping the email (any case) needs no password and sends no mail', async () => {
    const u = await createTestUser();
    const res = await api('users/updateDetails', { method: 'PATCH', token: u.idToken, body: details(u.email.toUpperCase()) });
    expect(res.status).toBe(200);
    expect((await admin().db.doc(`users/${u.uid}`).get()).get('fullname')).toEqual({ firstname: 'Meera', lastname: 'Nair' });
    expect(await mailsOf(u.uid, 'email_changed')).toEqual([]);
  });

  it('password guesses through updateDetails share the per-account limit of updatePassword (429)', async () => {
    const u = await createTestUser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (
          await api('users/updateDetails', {
            method: 'PATCH',
            token: u.idToken,
            body: details(uniqueEmail('guess'), { currentPassword: `Guess@${i}` }),
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
    await expectUnchanged(u);
  });
});

describe('changing the email of a Google account', () => {
  it('right after a Google sign-in: allowed without a password, and the old address is told', async () => {
    const oldEmail = uniqueEmail('google');
    const google = await googleSignIn({
      sub: `sub-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      email: oldEmail,
      name: 'Kavya Menon',
    });
    expect((await api('users/currentUser', { token: google.idToken })).status).toBe(200);
    const email = uniqueEmail('google-moved');
    const res = await api('users/updateDetails', { method: 'PATCH', token: google.idToken, body: details(email) });
    expect(res.status).toBe(200);
    await followNewEmailLink(email);
    expect((await admin().auth.getUser(google.uid)).email).toBe(email);
    const mails = await mailsOf(google.uid, 'email_changed');
    expect(mails.map((m) => m.to)).toEqual([oldEmail]);
  });

  it('a session that did not come from Google (here a custom token) must sign in with Google again: 403', async () => {
    const oldEmail = uniqueEmail('google');
    const google = await googleSignIn({
      sub: `sub-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      email: oldEmail,
      name: 'Kavya Menon',
    });
    const customToken = await admin().auth.createCustomToken(google.uid);
    const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const signedIn = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    });
    const { idToken } = (await signedIn.json()) as { idToken: string };
    const res = await api('users/updateDetails', {
      method: 'PATCH',
      token: idToken,
      body: details(uniqueEmail('nope'), { currentPassword: 'anything' }),
    });
    expectFailure(res, 403);
    expect(res.body).toMatchObject({ message: 'Sign in with Google again to change your email' });
    expect((await admin().auth.getUser(google.uid)).email).toBe(oldEmail);
  });
});

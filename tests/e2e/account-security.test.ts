// Account hardening in Chromium: the reset code never in a URL the SPA calls; the profile
// dialog asks for the current password only for an email change (Google accounts confirm with
// Google); a demoted admin's open session loses admin rights at once.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, api, createTestUser, signIn, uniqueEmail } from '../support/api';
import { passwordResetCodes } from '../support/accounts';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { label, logIn, shootBoth, WAIT, waitForPath } from '../support/shopper-ui';
import { latestMail, linkOf } from '../support/verification';

async function mailsTo(address: string, kind: string) {
  const snap = await admin().db.collection('mail').where('to', '==', address).get();
  return snap.docs.map((d) => d.data()).filter((m) => m.kind === kind);
}

/** Opens the link of the mail that confirms a new address, as its owner would; the change takes effect. */
async function followNewEmailLink(page: Page, email: string) {
  await expect.poll(async () => (await latestMail(email, 'verify_new_email')) !== null, { timeout: 15_000 }).toBe(true);
  const mail = await latestMail(email, 'verify_new_email');
  await page.goto(linkOf(mail?.text ?? ''), { waitUntil: 'load' });
  // The link applies nothing until its owner presses the button (a mail scanner opens links too).
  await page.getByRole('button', { name: 'Verify my email' }).click();
  await page.getByText(`Your email is now ${email}. Please sign in again.`).waitFor(WAIT);
}

/** The profile dialog in edit mode. */
async function editProfile(page: Page, base: string) {
  await page.goto(`${base}/profile`, { waitUntil: 'load' });
  const dialog = page.getByRole('dialog', { name: 'My Profile' });
  await dialog.getByRole('button', { name: 'Edit' }).click();
  return dialog;
}

describe('account security in Chromium', () => {
  const chromium = useBrowser();

  it('the reset call carries the code in its body, never in its URL', async () => {
    const user = await createTestUser();
    expect((await api('users/forgetPassword', { method: 'PATCH', body: { email: user.email } })).status).toBe(200);
    const [code] = await passwordResetCodes(user.email);
    expect(code).toBeTruthy();

    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.mobile });
    const calls: Request[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request);
    });
    await page.goto(`${chromium.base}/reset-password?oobCode=${encodeURIComponent(code ?? '')}`, { waitUntil: 'load' });
    await page.getByLabel(label('New password')).fill('Reset@456');
    await page.getByLabel(label('Confirm password')).fill('Reset@456');
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/users/resetPassword', WAIT);
    await page.getByRole('button', { name: 'Reset password' }).click();
    expect((await answered).status()).toBe(200);
    await waitForPath(page, '/auth');

    const reset = calls.filter((r) => new URL(r.url()).pathname === '/api/users/resetPassword');
    expect(reset).toHaveLength(1);
    const url = new URL(reset[0]?.url() ?? '');
    expect(url.search).toBe('');
    expect(reset[0]?.url()).not.toContain(code ?? '');
    expect(JSON.parse(reset[0]?.postData() ?? '{}')).toEqual({ token: code, newPassword: 'Reset@456' });
    expect((await signIn(user.email, 'Reset@456')).idToken).toBeTruthy();
    await page.close();
  });

  it('an email change asks for the current password (and only then); the old address gets a mail', async () => {
    const user = await createTestUser({ firstname: 'Ishaan' });
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await logIn(page, chromium.base, user.email, user.password);
    const dialog = await editProfile(page, chromium.base);
    const password = dialog.getByLabel(label('Current password'));
    expect(await password.count()).toBe(0);

    const email = uniqueEmail('ishaan-new');
    await dialog.getByLabel(label('Email')).fill(email);
    await password.waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Current password is required to change your email').waitFor(WAIT);

    await password.fill('Wrong@999');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Current password is incorrect').waitFor(WAIT);
    expect((await admin().auth.getUser(user.uid)).email).toBe(user.email);
    await shootBoth(page, 'profile-email-change-password');

    await password.fill(user.password);
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Verify before update (issue 26): nothing changes until the new address follows its link.
    await page.getByText(`Confirm ${email} with the link we sent there to change your email`).first().waitFor(WAIT);
    expect((await admin().auth.getUser(user.uid)).email).toBe(user.email);
    expect(await mailsTo(user.email, 'email_changed')).toHaveLength(0);
    await followNewEmailLink(page, email);
    expect((await admin().auth.getUser(user.uid)).email).toBe(email);
    const mails = await mailsTo(user.email, 'email_changed');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.message.text).toContain(`to ${email}`);

    // Back to the old email: the field comes and goes with the change.
    await logIn(page, chromium.base, email, user.password);
    const again = await editProfile(page, chromium.base);
    await again.getByLabel(label('Email')).fill(user.email);
    await again.getByLabel(label('Current password')).waitFor(WAIT);
    await again.getByLabel(label('Email')).fill(email);
    await again.getByLabel(label('Current password')).waitFor({ state: 'detached', ...WAIT });
    await page.close();
  });

  it('a Google account confirms the email change with Google (the emulator chooser), and the old address is told', async () => {
    const googleEmail = uniqueEmail('google-owner');
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${chromium.base}/auth`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose a Google account' });
    await chooser.getByLabel(label('Google email')).fill(googleEmail);
    await chooser.getByLabel(label('Name')).fill('Tara Kapoor');
    await chooser.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/');
    await page.getByText('Welcome back, Tara').waitFor(WAIT);

    const dialog = await editProfile(page, chromium.base);
    const email = uniqueEmail('tara-new');
    await dialog.getByLabel(label('Email')).fill(email);
    await dialog.getByText('To change your email you confirm with Google when you save.').waitFor(WAIT);
    expect(await dialog.getByLabel(label('Current password')).count()).toBe(0);
    // Google gives no phone number: the profile asks for one.
    await dialog.getByLabel(label('Phone number')).fill('9812345670');
    await dialog.getByRole('button', { name: 'Save' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm with Google' });
    await confirm.waitFor(WAIT);
    expect(await confirm.getByLabel(label('Google email')).inputValue()).toBe(googleEmail);
    await shootBoth(page, 'profile-email-change-google');
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(`Confirm ${email} with the link we sent there to change your email`).first().waitFor(WAIT);
    expect(await mailsTo(googleEmail, 'email_changed')).toHaveLength(0);
    await followNewEmailLink(page, email);
    const mails = await mailsTo(googleEmail, 'email_changed');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.message.text).toContain(`to ${email}`);
    await page.close();
  });

  it('a demoted admin’s open session: the next admin call is refused, the SPA refreshes its token, then signs out', async () => {
    const demoted = await createTestUser({ role: 'admin', firstname: 'Farah' });
    const signedInAt = Math.floor(Date.now() / 1000);
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await logIn(page, chromium.base, demoted.email, demoted.password);
    await page.goto(`${chromium.base}/admin`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'All Orders' }).waitFor(WAIT);

    // Another admin revokes the role on the Users page.
    const other = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await logIn(other, chromium.base, 'admin@bagshop.test', 'Admin@123');
    await other.goto(`${chromium.base}/admin/users`, { waitUntil: 'load' });
    const row = other.locator(`tr[data-user-email="${demoted.email}"]`);
    // Revocation counts in whole seconds (tests/api/admin-demotion.test.ts): leave the sign-in's second.
    while (Math.floor(Date.now() / 1000) <= signedInAt + 1) await other.waitForTimeout(100);
    await row.getByRole('button', { name: 'Revoke admin' }).click();
    await row.locator('[data-role="customer"]').waitFor(WAIT);
    await other.close();

    // The demoted admin's page, still showing the admin area, makes its next admin call.
    const answers: number[] = [];
    const refreshes: string[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/admin/dashboard') answers.push(res.status());
    });
    page.on('request', (req) => {
      if (req.url().includes('securetoken.googleapis.com/v1/token')) refreshes.push(req.url());
    });
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await waitForPath(page, '/auth');
    await page.getByText('You are not logged in').first().waitFor(WAIT);
    expect(answers).toEqual([401, 401]);
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    await page.close();
  });
});

// Signing in and out in Chromium against the emulator stack: the guards, the demo shopper's
// login and seeded orders, a wrong password, forgot/reset password with the emulator's
// emailed code, and Google sign-in through the emulator chooser.
import { shortOrderId } from '@bagshop/domain';
import { describe, expect, it } from 'vitest';
import { createTestUser, uniqueEmail } from '../support/api';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { authUrl, PROJECT_ID } from '../support/emulators';
import { label, logIn, WAIT, waitForPath } from '../support/shopper-ui';

describe('shopper sign-in in Chromium', () => {
  const chromium = useBrowser();

  it('sends a signed-out visitor from /cart, /orders and /change-password to /auth with "You are not logged in"', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.mobile });
    for (const path of ['/cart', '/orders', '/change-password']) {
      await page.goto(`${chromium.base}${path}`, { waitUntil: 'load' });
      await waitForPath(page, '/auth');
      await page.getByText('You are not logged in').first().waitFor(WAIT);
    }
    await page.goto(`${chromium.base}/profile`, { waitUntil: 'load' });
    await waitForPath(page, '/auth');
    await page.getByText('Please login to view your profile').first().waitFor(WAIT);
    await page.close();
  });

  it('logs the demo shopper in with a welcome and shows the two seeded orders', { timeout: 90_000 }, async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.mobile });
    await logIn(page, chromium.base, 'shopper@bagshop.test', 'Shopper@123');
    await page.getByText('Welcome back, Rahul').waitFor(WAIT);
    await page.goto(`${chromium.base}/orders`, { waitUntil: 'load' });
    for (const id of ['demo-order-1', 'demo-order-2']) {
      await page.getByRole('article', { name: `Order #${shortOrderId(id)}` }).waitFor(WAIT);
    }
    expect(
      await page
        .getByRole('article', { name: `Order #${shortOrderId('demo-order-1')}` })
        .getByText('Delivered')
        .count(),
    ).toBe(1);
    // A signed-in visitor to /auth goes home.
    await page.goto(`${chromium.base}/auth`, { waitUntil: 'load' });
    await waitForPath(page, '/');
    await page.close();
  });

  it('rejects a wrong password with "Invalid email or password" and stays on /auth', { timeout: 60_000 }, async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${chromium.base}/auth`, { waitUntil: 'load' });
    await page.getByLabel(label('Email')).fill('shopper@bagshop.test');
    await page.getByLabel(label('Password')).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid email or password').waitFor(WAIT);
    expect(page.url()).toBe(`${chromium.base}/auth`);
    await page.close();
  });

  it('resets a forgotten password with the emailed code, then logs in with the new one', { timeout: 90_000 }, async () => {
    const user = await createTestUser({ firstname: 'Kabir' });
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.mobile });
    await page.goto(`${chromium.base}/auth`, { waitUntil: 'load' });
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await waitForPath(page, '/forgot-password');
    // The URL changes before the lazy page renders; until then the login form's Email field
    // is still on screen, and filling it would leave the reset form empty.
    await page.getByRole('form', { name: 'Forgot password' }).waitFor(WAIT);
    await page.getByRole('form', { name: 'Forgot password' }).getByLabel(label('Email')).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Password reset link sent to your email').waitFor(WAIT);

    // The Auth emulator keeps the codes it would have emailed.
    const res = await fetch(`${await authUrl()}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
    const { oobCodes } = (await res.json()) as { oobCodes: { email: string; oobCode: string; requestType: string }[] };
    const code = oobCodes.filter((c) => c.email === user.email && c.requestType === 'PASSWORD_RESET').pop();
    if (!code) throw new Error('No reset code recorded for the user');

    await page.goto(`${chromium.base}/reset-password?oobCode=${encodeURIComponent(code.oobCode)}`, { waitUntil: 'load' });
    await page.getByLabel(label('New password')).fill('Fresh@456');
    await page.getByLabel(label('Confirm password')).fill('Fresh@457');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords must match').waitFor(WAIT);
    await page.getByLabel(label('Confirm password')).fill('Fresh@456');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password reset successful').waitFor(WAIT);
    await waitForPath(page, '/auth');

    await page.getByLabel(label('Email')).fill(user.email);
    await page.getByLabel(label('Password')).fill('Fresh@456');
    await page.getByRole('button', { name: 'Login' }).click();
    await waitForPath(page, '/');
    await page.getByText('Welcome back, Kabir').waitFor(WAIT);

    // Without a code the reset page says so.
    await page.goto(`${chromium.base}/reset-password`, { waitUntil: 'load' });
    await page.getByText('Invalid or missing reset token.').waitFor(WAIT);
    await page.getByText('Invalid or missing token', { exact: true }).waitFor(WAIT);
    await page.close();
  });

  it('signs in with Google through the emulator chooser and creates the profile', { timeout: 90_000 }, async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${chromium.base}/auth`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose a Google account' });
    await chooser.getByLabel(label('Google email')).fill(uniqueEmail('google'));
    await chooser.getByLabel(label('Name')).fill('Meera Iyer');
    await chooser.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/');
    await page.getByText('Welcome back, Meera').waitFor(WAIT);
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await page.getByRole('dialog', { name: 'My Profile' }).getByText('Meera Iyer').waitFor(WAIT);
    await page.close();
  });
});

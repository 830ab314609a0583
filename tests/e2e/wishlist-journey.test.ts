// Issue 42 (docs/comeback.md): the heart before JavaScript (a visitor is sent to sign in and
// back, as Add to cart does), saving and /wishlist with the app, "Notify me" on a sold-out bag
// (one tap signed in, an email for a visitor), and the one-click unsubscribe page without
// JavaScript or sign-in.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signLinkWith } from '../../functions/src/accounts/message-links';
import { LOCAL_MESSAGE_LINK_SECRET } from '../../scripts/lib/function-settings';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { createProduct, type ProductJson } from '../support/commerce';
import { logIn, waitForPath, waitForToast, WAIT } from '../support/shopper-ui';

describe('wishlist, alerts and unsubscribe in the browser', () => {
  const chromium = useBrowser();
  let seller: TestUser;
  let bag: ProductJson;
  let soldOut: ProductJson;

  beforeAll(async () => {
    seller = await createTestUser({ role: 'admin' });
    bag = await createProduct(seller, { stock: 4, category: 'duffles' });
    soldOut = await createProduct(seller, { stock: 0, category: 'duffles' });
  });

  const heart = (page: Page, name: string, saved: boolean) =>
    page.getByRole('button', { name: `${saved ? 'Remove from' : 'Save to'} wishlist: ${name}` });

  it('no JavaScript: the heart on the product page sends a visitor to sign in and back with then=wishlist', async () => {
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.mobile, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${chromium.base}/product/${bag._id}`, { waitUntil: 'load' });
    const button = heart(page, bag.name, false);
    await button.waitFor(WAIT);
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    await button.click();
    await waitForPath(page, '/auth');
    const url = new URL(page.url());
    expect(url.searchParams.get('reason')).toBe('login-first');
    const next = new URL(url.searchParams.get('next') ?? '', chromium.base);
    expect(next.pathname).toBe(`/product/${bag._id}`);
    expect(next.searchParams.get('then')).toBe('wishlist');
    await context.close();
  });

  it('signed in: the heart saves, /wishlist lists it with its price now and then and its stock, Remove empties it', async () => {
    const shopper = await createTestUser({ emailVerified: true });
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await logIn(page, chromium.base, shopper.email, shopper.password);
    await page.goto(`${chromium.base}/product/${bag._id}`, { waitUntil: 'load' });
    await heart(page, bag.name, false).click();
    await waitForToast(page, 'Saved to your wishlist');
    await heart(page, bag.name, true).waitFor(WAIT);
    expect(await heart(page, bag.name, true).getAttribute('aria-pressed')).toBe('true');

    await page.goto(`${chromium.base}/wishlist`, { waitUntil: 'load' });
    const item = page.getByTestId('wishlist-item').filter({ hasText: bag.name });
    await item.waitFor(WAIT);
    expect(await item.getByTestId('price-now').textContent()).toContain('₹1,500');
    expect(await item.getByTestId('stock').textContent()).toBe('In stock');
    await screenshot(page, 'wishlist-page');
    await item.getByRole('button', { name: `Remove from wishlist: ${bag.name}` }).click();
    await page.getByTestId('wishlist-empty').waitFor(WAIT);
    await context.close();
  });

  it('"Notify me" on a sold-out bag: one tap signed in; a visitor gives an email and gets the confirm mail', async () => {
    const shopper = await createTestUser({ emailVerified: true });
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    await logIn(page, chromium.base, shopper.email, shopper.password);
    await page.goto(`${chromium.base}/product/${soldOut._id}`, { waitUntil: 'load' });
    const notify = page.getByTestId('notify-me');
    await notify.waitFor(WAIT);
    // The email field is the visitor's: once the session is known it goes.
    await notify.getByLabel(/Your email/).waitFor({ state: 'detached', ...WAIT });
    await notify.getByRole('button', { name: 'Notify me' }).click();
    await page.getByTestId('notify-result').filter({ hasText: 'We will email you when it is back in stock' }).waitFor(WAIT);
    const alerts = await api<{ data: { productId: string; status: string }[] }>('alerts', { token: shopper.idToken });
    expect(alerts.body.data).toMatchObject([{ productId: soldOut._id, status: 'active' }]);
    await context.close();

    const visitor = await chromium.browser.newContext({ viewport: VIEWPORTS.mobile, javaScriptEnabled: false });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${chromium.base}/product/${soldOut._id}`, { waitUntil: 'load' });
    const email = `visitor-${Date.now().toString(36)}@test.bagshop.test`;
    await visitorPage.getByLabel(/Your email/).fill(email, WAIT);
    await visitorPage.getByRole('button', { name: 'Notify me' }).click();
    await visitorPage
      .getByTestId('notify-result')
      .filter({ hasText: `Check ${email}` })
      .waitFor(WAIT);
    // No JavaScript in this context: a plain screenshot (screenshot() waits for animation frames, which need it).
    await visitorPage.screenshot({ path: 'test-results/screenshots/notify-me-visitor.png', fullPage: true });
    const mails = await admin().db.collection('mail').where('to', '==', email).get();
    expect(mails.docs.map((d) => d.get('kind'))).toEqual(['alert_confirm']);
    await visitor.close();
  });

  it('the unsubscribe page works without JavaScript or sign-in; a forged link says so', async () => {
    const shopper = await createTestUser();
    await api('users/me/consents', {
      method: 'PATCH',
      token: shopper.idToken,
      body: { purpose: 'marketing', channel: 'email', granted: true },
    });
    const token = signLinkWith(LOCAL_MESSAGE_LINK_SECRET, {
      kind: 'unsubscribe',
      subject: shopper.uid,
      purpose: 'marketing',
      channel: 'email',
    });
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.mobile, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${chromium.base}/unsubscribe?token=${encodeURIComponent(token)}`, { waitUntil: 'load' });
    expect(await page.getByTestId('unsubscribe-what').textContent(WAIT)).toContain('Offers and reminders by email');
    await page.screenshot({ path: 'test-results/screenshots/unsubscribe-page.png', fullPage: true });
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByTestId('unsubscribed').waitFor(WAIT);
    const consents = await api<{ data: { marketing: boolean } }>('users/me/consents', { token: shopper.idToken });
    expect(consents.body.data.marketing).toBe(false);
    const bad = await page.goto(`${chromium.base}/unsubscribe?token=${encodeURIComponent(`${token}x`)}`, { waitUntil: 'load' });
    expect(bad?.status()).toBe(400);
    await page.getByText('This link is not valid').first().waitFor(WAIT);
    await context.close();
  });
});

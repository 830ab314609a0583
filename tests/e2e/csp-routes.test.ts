// Every route of the shop, signed out, as a shopper and as an admin, with the Content-Security-
// Policy the Hosting emulator sends (the local set of scripts/lib/hosting-headers.ts, enforced:
// the browser context does NOT bypass CSP). Any CSP (or Permissions-Policy) report in the console
// or a `securitypolicyviolation` event fails the test.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { logIn, WAIT } from '../support/shopper-ui';

interface RouteCheck {
  path: string;
  /** document.title once the screen is there (a redirect ends on another screen's title). */
  title: string;
  /** Text that shows once the screen has its data, or the first row / card of its list. */
  ready: string | RegExp | 'first row' | 'first card';
}

const PRODUCT = '/product/commuter-25l-laptop-backpack';

const PUBLIC: RouteCheck[] = [
  { path: '/', title: 'Bagshop — Luggage, Backpacks & Duffles', ready: 'New Arrivals' },
  { path: '/luggage', title: 'Luggage Bags · Bagshop', ready: 'first card' },
  { path: '/backpacks', title: 'Backpacks · Bagshop', ready: 'first card' },
  { path: '/duffles', title: 'Duffles · Bagshop', ready: 'first card' },
  { path: PRODUCT, title: 'Commuter 25L Laptop Backpack · Bagshop', ready: 'About this bag' },
  { path: '/shipping', title: 'Shipping & Delivery · Bagshop', ready: 'What it costs' },
  { path: '/returns', title: 'Returns Policy · Bagshop', ready: 'What can be returned' },
  { path: '/refunds', title: 'Refund Policy · Bagshop', ready: 'When you are refunded' },
  { path: '/cancellation', title: 'Cancellation Policy · Bagshop', ready: 'When we cancel' },
  { path: '/warranty', title: 'Lifetime Warranty · Bagshop', ready: 'What is covered' },
  { path: '/contact', title: 'Contact Us · Bagshop', ready: 'Our address' },
  { path: '/forgot-password', title: 'Forgot Password · Bagshop', ready: 'Forgot password' },
  { path: '/reset-password?oobCode=not-a-real-code', title: 'Reset Password · Bagshop', ready: 'Reset password' },
  { path: '/payment-cancel', title: 'Payment Cancelled · Bagshop', ready: 'Payment Cancelled' },
  { path: '/no-such-page', title: 'Page Not Found · Bagshop', ready: 'Back to Home' },
];

const SIGNED_OUT: RouteCheck[] = [
  ...PUBLIC,
  { path: '/auth', title: 'Sign In · Bagshop', ready: 'Continue with Google' },
  // Screens that need a session send a visitor to sign in.
  ...[
    '/cart',
    '/orders',
    '/orders/demo-order-1',
    '/change-password',
    '/profile',
    '/payment-success?session_id=cs_test_x',
    '/admin',
    '/admin/users',
  ].map((path) => ({ path, title: 'Sign In · Bagshop', ready: 'Welcome back' })),
];

const SHOPPER: RouteCheck[] = [
  ...PUBLIC,
  // Whatever the other journeys left in the demo shopper's cart: the loaded screen, full or empty.
  { path: '/cart', title: 'Cart · Bagshop', ready: /^Your cart( is empty)?$/i },
  { path: '/orders', title: 'My Orders · Bagshop', ready: 'Roadster 60L Gym Duffle' },
  { path: '/orders/demo-order-1', title: 'Order · Bagshop', ready: 'Shipping address' },
  { path: '/change-password', title: 'Change Password · Bagshop', ready: 'Change password' },
  { path: '/profile', title: 'Profile · Bagshop', ready: 'My Profile' },
  { path: '/payment-success?session_id=cs_test_x', title: 'Payment · Bagshop', ready: 'We could not check this payment' },
  // Not an admin: back to the shop.
  { path: '/admin', title: 'Bagshop — Luggage, Backpacks & Duffles', ready: 'New Arrivals' },
];

const ADMIN: RouteCheck[] = [
  { path: '/admin', title: 'All Orders · Admin · Bagshop', ready: 'first row' },
  { path: '/admin/dashboard', title: 'Dashboard · Admin · Bagshop', ready: 'Revenue by day' },
  { path: '/admin/products', title: 'Manage Products · Admin · Bagshop', ready: 'first row' },
  { path: '/admin/users', title: 'Users · Admin · Bagshop', ready: 'first row' },
  { path: '/orders/demo-order-1', title: 'Order · Bagshop', ready: 'Shipping address' },
  { path: '/profile', title: 'Profile · Bagshop', ready: 'Admin Panel' },
  { path: '/', title: 'Bagshop — Luggage, Backpacks & Duffles', ready: 'New Arrivals' },
];

/** A page that records every CSP / Permissions-Policy complaint, from the console and from the DOM event. */
async function watchedPage(browser: Browser): Promise<{ page: Page; violations: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  const violations: string[] = [];
  // Injected by the browser itself (DevTools protocol), not subject to the page's CSP.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `securitypolicyviolation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (
      /Content Security Policy|securitypolicyviolation|Permissions-Policy|Refused to (load|execute|evaluate|connect|frame|apply)/i.test(
        text,
      )
    ) {
      violations.push(`${page.url()}: ${text}`);
    }
  });
  return { page, violations };
}

async function visitAll(page: Page, base: string, routes: RouteCheck[]): Promise<void> {
  for (const route of routes) {
    const response = await page.goto(`${base}${route.path}`, { waitUntil: 'load' });
    // The policy is sent and enforced (not Report-Only) on the document itself.
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy, route.path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'(;| )/);
    expect(response?.headers()['content-security-policy-report-only'], route.path).toBeUndefined();
    await page.waitForFunction((title) => document.title === title, route.title, WAIT);
    const ready =
      route.ready === 'first row'
        ? page.locator('tbody tr td:nth-child(2)').first()
        : route.ready === 'first card'
          ? page.locator('article').first()
          : page.getByText(route.ready).first();
    await ready.waitFor(WAIT);
  }
}

describe('the strict CSP on every route', () => {
  const chromium = useBrowser();

  // Twenty-odd screens in one walk: more time than one journey step.
  it('signed out: every route loads with no CSP violation', { timeout: 180_000 }, async () => {
    const { page, violations } = await watchedPage(chromium.browser);
    await visitAll(page, chromium.base, SIGNED_OUT);
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it(
    'as a shopper: every route loads with no CSP violation (Auth and Firestore emulators allowed by connect-src)',
    { timeout: 180_000 },
    async () => {
      const { page, violations } = await watchedPage(chromium.browser);
      await logIn(page, chromium.base, 'shopper@bagshop.test', 'Shopper@123');
      await visitAll(page, chromium.base, SHOPPER);
      expect(violations).toEqual([]);
      await page.context().close();
    },
  );

  it('as an admin: every admin screen loads with no CSP violation', { timeout: 180_000 }, async () => {
    const { page, violations } = await watchedPage(chromium.browser);
    await logIn(page, chromium.base, 'admin@bagshop.test', 'Admin@123');
    await visitAll(page, chromium.base, ADMIN);
    // The product form (image drop zone, preview) as well.
    await page.goto(`${chromium.base}/admin/products`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByRole('dialog').first().waitFor(WAIT);
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('the check can fail: an inline script the policy does not name is refused and reported', async () => {
    const { page, violations } = await watchedPage(chromium.browser);
    await page.goto(`${chromium.base}/no-such-page`, { waitUntil: 'load' });
    await page.waitForFunction(() => document.title === 'Page Not Found · Bagshop', undefined, WAIT);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.appendChild(script);
    });
    await expect.poll(() => violations.length, WAIT).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as Window & { __injected?: boolean }).__injected)).toBeUndefined();
    await page.context().close();
  });
});

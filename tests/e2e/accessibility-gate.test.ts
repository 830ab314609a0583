// The accessibility gate (issue 17, docs/accessibility.md): axe-core (WCAG 2.0/2.1 A + AA and
// best practices) on every screen of the shop, signed out, as the demo shopper and as the demo
// admin, at 360 and 1280 px. Any serious or critical violation fails the screen's test, naming
// the rule and every element (selector + HTML); so does a breach of the landmark rules
// (tests/support/axe.ts FAILING_RULES). Other moderate and minor findings are only reported
// (test-results/a11y/report.md and report.json).
//
// ─── Adding a screen ───────────────────────────────────────────────────────────────────────
// Add ONE line to SCREENS below:
//   { name: 'search', path: '/search?q=trolley', as: ALL, ready: (p) => p.getByRole('heading', { name: 'Search' }) },
// - path: the URL; `:productId` and `:orderId` are replaced with a demo product / the demo
//   shopper's order (see PLACEHOLDERS).
// - as: who visits it: ALL, SIGNED_IN (shopper + admin), SHOPPER, ADMIN (or a list).
// - ready: something that is on screen only once the page has its data (the check waits for it).
// - open (optional): what to do after loading, e.g. click a button that opens a dialog; `ready`
//   is then something inside the dialog.
// - widths (optional): defaults to both, 360 and 1280.
// The "every route of the app is in the gate" test reads the route tables in web/src and fails
// when a path has no line here.
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api } from '../support/api';
import { audit, describeFindings, nodeCount, settle, type Finding } from '../support/axe';
import { useBrowser } from '../support/browser';
import { logIn } from '../support/shopper-ui';
import shopRoutes from '../../web/src/app/routes';

type Persona = 'signed out' | 'shopper' | 'admin';
const ALL: readonly Persona[] = ['signed out', 'shopper', 'admin'];
const SIGNED_IN: readonly Persona[] = ['shopper', 'admin'];
const SHOPPER: readonly Persona[] = ['shopper'];
const ADMIN: readonly Persona[] = ['admin'];

interface Screen {
  name: string;
  path: string;
  as: readonly Persona[];
  ready: (page: Page) => Locator;
  open?: (page: Page) => Promise<unknown>;
  widths?: readonly number[];
}

const heading = (name: string | RegExp) => (p: Page) => p.getByRole('heading', { name }).first();
const dialog = (name: string) => (p: Page) => p.getByRole('dialog', { name });
const click = (role: 'button' | 'link' | 'radio', name: string | RegExp) => (p: Page) => p.getByRole(role, { name }).first().click();

export const SCREENS: Screen[] = [
  // Storefront
  { name: 'home', path: '/', as: ALL, ready: (p) => p.getByText('Explore All') },
  { name: 'luggage', path: '/luggage', as: ALL, ready: (p) => p.locator('article').first() },
  { name: 'backpacks', path: '/backpacks', as: ALL, ready: (p) => p.locator('article').first() },
  { name: 'duffles', path: '/duffles', as: ALL, ready: (p) => p.locator('article').first() },
  { name: 'product page', path: '/product/:productId', as: ALL, ready: (p) => p.getByRole('button', { name: 'Buy Now' }) },
  { name: 'shipping info', path: '/shipping', as: ALL, ready: heading('Shipping & Delivery') },
  // The Hindi storefront (docs/i18n.md): its converted pages signed out at both widths. The
  // other /hi twins are the same modules as their English lines (see the coverage test below).
  { name: 'hindi home', path: '/hi', as: ['signed out'], ready: (p) => p.getByText('Explore All') },
  { name: 'hindi luggage', path: '/hi/luggage', as: ['signed out'], ready: (p) => p.locator('article').first() },
  {
    name: 'hindi product page',
    path: '/hi/product/:productId',
    as: ['signed out'],
    ready: (p) => p.getByRole('button', { name: 'Buy Now' }),
  },
  { name: 'hindi shipping info', path: '/hi/shipping', as: ['signed out'], ready: heading('Shipping & Delivery') },
  { name: 'returns info', path: '/returns', as: ALL, ready: heading('Returns Policy') },
  // The refund and cancellation policies are the same InfoPage as /returns (checked for every persona).
  { name: 'refund policy', path: '/refunds', as: ['signed out'], ready: heading('Refund Policy') },
  { name: 'cancellation policy', path: '/cancellation', as: ['signed out'], ready: heading('Cancellation Policy') },
  { name: 'seller information', path: '/seller', as: ALL, ready: heading('Seller information') },
  { name: 'payments', path: '/payments', as: ['signed out'], ready: heading('Payments') },
  { name: 'grievance officer', path: '/grievance', as: ALL, ready: heading('Grievance officer') },
  { name: 'search results', path: '/search?q=trolley', as: ALL, ready: heading(/Results for/) },
  { name: 'warranty info', path: '/warranty', as: ALL, ready: heading('Lifetime Warranty') },
  { name: 'contact info', path: '/contact', as: ALL, ready: heading('Contact Us') },
  { name: 'privacy notice', path: '/privacy', as: ALL, ready: heading('Privacy notice') },
  { name: 'mobile menu open', path: '/', as: ALL, widths: [360], open: click('button', 'Open menu'), ready: dialog('Bagshop') },
  { name: '404', path: '/no-such-page', as: ALL, ready: heading('Page Not Found') },
  // Account
  { name: 'sign in', path: '/auth', as: ['signed out'], ready: (p) => p.getByRole('button', { name: 'Login' }) },
  // A link without its code: the page says so (the verification itself is in account-verification).
  { name: 'verify email', path: '/verify-email', as: ['signed out'], ready: heading('Verify your email') },
  {
    name: 'register',
    path: '/auth',
    as: ['signed out'],
    open: (p) => p.getByText('Register', { exact: true }).click(),
    ready: (p) => p.getByRole('button', { name: 'Create account' }),
  },
  { name: 'Google chooser', path: '/auth', as: ['signed out'], open: click('button', /Google/), ready: dialog('Choose a Google account') },
  { name: 'forgot password', path: '/forgot-password', as: ALL, ready: heading('Forgot password') },
  {
    name: 'reset password',
    path: '/reset-password?token=a11y-gate',
    as: ALL,
    ready: (p) => p.getByRole('button', { name: 'Reset password' }),
  },
  { name: 'reset password, no token', path: '/reset-password', as: ALL, ready: (p) => p.getByText('Invalid or missing reset token.') },
  { name: 'change password', path: '/change-password', as: SIGNED_IN, ready: heading('Change password') },
  { name: 'profile dialog', path: '/profile', as: SIGNED_IN, ready: (p) => dialog('My Profile')(p).getByRole('button', { name: 'Edit' }) },
  {
    name: 'profile dialog, editing',
    path: '/profile',
    as: SHOPPER,
    open: (p) => dialog('My Profile')(p).getByRole('button', { name: 'Edit' }).click(),
    ready: (p) => dialog('My Profile')(p).getByRole('button', { name: 'Save' }),
  },
  // Cart, checkout, payments
  // Warranty (docs/warranty.md)
  { name: 'warranty claims', path: '/warranty/claims', as: SIGNED_IN, ready: heading('Warranty claims') },
  {
    name: 'wishlist',
    path: '/wishlist',
    as: SIGNED_IN,
    ready: (p) => p.locator('[data-testid="wishlist-empty"], [data-testid="wishlist-item"]').first(),
  },
  { name: 'unsubscribe, bad link', path: '/unsubscribe?token=a11y-gate', as: ALL, ready: (p) => p.getByText('This link cannot be used') },
  {
    name: 'alert confirm',
    path: '/alerts/confirm?token=a11y-gate',
    as: ALL,
    ready: (p) => p.getByRole('button', { name: 'Confirm the alert' }),
  },
  { name: 'cart', path: '/cart', as: SIGNED_IN, ready: (p) => p.getByText(/Your cart is empty|Proceed to Checkout/).first() },
  {
    name: 'checkout dialog',
    path: '/cart',
    as: SHOPPER,
    open: click('button', 'Proceed to Checkout'),
    ready: (p) => dialog('Shipping Address & Payment')(p).getByRole('button', { name: 'Place Order' }),
  },
  {
    name: 'Buy Now checkout',
    path: '/cart?buy=:productId&variant=:variantId&qty=1',
    as: SIGNED_IN,
    ready: (p) => dialog('Shipping Address & Payment')(p).getByRole('button', { name: 'Place Order' }),
  },
  {
    name: 'payment result',
    path: '/payment-success?session_id=cs_test_a11y_gate',
    as: SIGNED_IN,
    ready: heading('We could not check this payment'),
  },
  { name: 'payment cancelled', path: '/payment-cancel', as: ALL, ready: heading('Payment Cancelled') },
  // Orders
  {
    name: 'my orders',
    path: '/orders',
    as: SIGNED_IN,
    ready: (p) =>
      p
        .getByRole('link', { name: /View order/ })
        .or(p.getByText('You have not placed any orders yet.'))
        .first(),
  },
  { name: 'order detail', path: '/orders/:orderId', as: SHOPPER, ready: heading(/^Order #/) },
  // Admin
  { name: 'admin orders', path: '/admin', as: ADMIN, ready: (p) => p.locator('[data-order-id]').first() },
  {
    name: 'admin order drawer',
    path: '/admin',
    as: ADMIN,
    open: (p) => p.locator('[data-order-id] button').first().click(),
    ready: (p) => p.getByRole('dialog').getByText('Status history'),
  },
  { name: 'admin dashboard', path: '/admin/dashboard', as: ADMIN, ready: heading('Orders by status') },
  { name: 'admin products', path: '/admin/products', as: ADMIN, ready: (p) => p.locator('[data-product-id]').first() },
  {
    name: 'admin product modal (add)',
    path: '/admin/products',
    as: ADMIN,
    open: click('button', 'Add Product'),
    ready: (p) => p.getByRole('dialog').getByRole('button', { name: 'Add Product' }),
  },
  {
    name: 'admin product modal (edit)',
    path: '/admin/products',
    as: ADMIN,
    open: click('button', /^Edit /),
    ready: (p) => p.getByRole('dialog').getByRole('button', { name: 'Save changes' }),
  },
  { name: 'admin delivery', path: '/admin/delivery', as: ADMIN, ready: heading('Delivery') },
  { name: 'admin complaints', path: '/admin/complaints', as: ADMIN, ready: heading('Complaints') },
  { name: 'admin messages', path: '/admin/messages', as: ADMIN, ready: heading('Messages') },
  { name: 'admin tax', path: '/admin/tax', as: ADMIN, ready: heading('Tax') },
  { name: 'admin reviews', path: '/admin/reviews', as: ADMIN, ready: heading('Reviews') },
  { name: 'admin returns', path: '/admin/returns', as: ADMIN, ready: heading('Returns') },
  { name: 'admin warranty', path: '/admin/warranty', as: ADMIN, ready: heading('Warranty') },
  { name: 'admin offers', path: '/admin/offers', as: ADMIN, ready: heading('Offers') },
  { name: 'admin seller settings', path: '/admin/settings', as: ADMIN, ready: heading('Seller settings') },
  { name: 'admin users', path: '/admin/users', as: ADMIN, ready: (p) => p.locator('[data-user-email]').first() },
];

/** Filled in beforeAll from the demo data. */
const PLACEHOLDERS: Record<string, string> = { productId: '', variantId: '', orderId: 'demo-order-1' };
const WIDTHS = [360, 1280] as const;
const HEIGHT = { 360: 780, 1280: 900 } as Record<number, number>;
const DEMO = {
  shopper: { email: 'shopper@bagshop.test', password: 'Shopper@123', uid: 'demo-shopper' },
  admin: { email: 'admin@bagshop.test', password: 'Admin@123' },
};

const fill = (path: string) => path.replace(/:(\w+)/g, (whole, key: string) => PLACEHOLDERS[key] ?? whole);

interface Row {
  screen: string;
  path: string;
  persona: Persona;
  width: number;
  failing: number;
  other: number;
  /** Rules of the serious/critical and of the moderate/minor findings. */
  rules: string[];
  otherRules: string[];
  findings: Finding[];
}
const report: Row[] = [];

function writeReport() {
  const dir = resolve(process.cwd(), 'test-results/a11y');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'report.json'), JSON.stringify(report, null, 2));
  const lines = [
    '| screen | path | persona | width | serious+critical | rules | moderate+minor | rules |',
    '|---|---|---|---|---|---|---|---|',
    ...report.map(
      (r) =>
        `| ${r.screen} | \`${r.path}\` | ${r.persona} | ${r.width} | ${r.failing} | ${r.rules.join(', ')} | ${r.other} | ${r.otherRules.join(', ')} |`,
    ),
  ];
  const total = report.reduce((n, r) => n + r.failing, 0);
  lines.push('', `${report.length} checks, ${total} serious/critical elements.`);
  writeFileSync(join(dir, 'report.md'), `${lines.join('\n')}\n`);
}

describe('accessibility gate: axe on every screen, 360 and 1280 px, signed out / shopper / admin', () => {
  const chromium = useBrowser();
  let savedCart: { id: string; data: FirebaseFirestore.DocumentData }[] = [];

  beforeAll(async () => {
    // Luggage comes in sizes and colours (issue 23): the product page shows its picker, and the
    // cart line and Buy Now name one of its variants in stock.
    type Listed = { _id: string; stock: number; variants: { _id: string; stock: number }[] };
    const luggage = (await api<{ data: Listed[] }>('products/category/luggage')).body.data;
    const product = luggage.find((p) => p.stock > 0);
    PLACEHOLDERS.productId = product?._id ?? '';
    PLACEHOLDERS.variantId = product?.variants.find((v) => v.stock > 0)?._id ?? '';
    if (!PLACEHOLDERS.productId || !PLACEHOLDERS.variantId) throw new Error('No luggage in stock in the demo data');
    // The demo shopper's cart holds one line during the gate (the cart and its checkout
    // dialog with content); whatever it held before is put back afterwards.
    const cart = admin().db.collection(`users/${DEMO.shopper.uid}/cart`);
    savedCart = (await cart.get()).docs.map((d) => ({ id: d.id, data: d.data() }));
    await cart
      .doc(PLACEHOLDERS.variantId)
      .set({ productId: PLACEHOLDERS.productId, quantity: 1, addedAt: new Date(), updatedAt: new Date() });
  });

  afterAll(async () => {
    writeReport();
    const cart = admin().db.collection(`users/${DEMO.shopper.uid}/cart`);
    await Promise.all((await cart.get()).docs.map((d) => d.ref.delete()));
    await Promise.all(savedCart.map((line) => cart.doc(line.id).set(line.data)));
  });

  for (const persona of ALL) {
    describe(persona, () => {
      let context: BrowserContext;
      let page: Page;

      beforeAll(async () => {
        // Reduced motion: the hero's entrance and the carousel's autoplay would otherwise be
        // checked mid-movement; what they end on is the same page.
        context = await chromium.browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
        page = await context.newPage();
        if (persona !== 'signed out') await logIn(page, chromium.base, DEMO[persona].email, DEMO[persona].password, 60_000);
      });
      afterAll(async () => {
        await context?.close();
      });

      for (const screen of SCREENS.filter((s) => s.as.includes(persona))) {
        const widths = screen.widths ?? WIDTHS;
        it(`${screen.name} (${screen.path}) at ${widths.join(' and ')} px`, { timeout: 90_000 }, async () => {
          const problems: string[] = [];
          for (const [i, width] of widths.entries()) {
            // Loaded once at the first width, then resized: the layout is responsive CSS and
            // media-query hooks, which follow a resize as they follow a rotated phone.
            await page.setViewportSize({ width, height: HEIGHT[width] ?? 900 });
            if (i === 0) {
              await page.goto(`${chromium.base}${fill(screen.path)}`, { waitUntil: 'load' });
              if (screen.open) await screen.open(page);
            }
            await screen.ready(page).waitFor({ state: 'visible', timeout: 30_000 });
            await settle(page);
            const result = await audit(page);
            report.push({
              screen: screen.name,
              path: screen.path,
              persona,
              width,
              failing: nodeCount(result.failing),
              other: nodeCount(result.other),
              rules: result.failing.map((f) => f.rule),
              otherRules: result.other.map((f) => f.rule),
              findings: [...result.failing, ...result.other],
            });
            if (result.failing.length > 0)
              problems.push(`${screen.name} ${fill(screen.path)} as ${persona} at ${width} px:\n${describeFindings(result.failing)}`);
          }
          if (problems.length > 0)
            throw new Error(`Accessibility violations (serious/critical, or a landmark rule):\n${problems.join('\n')}`);
        });
      }
    });
  }

  it('fails on serious violations and on the landmark rules, naming the rule and the element', async () => {
    const context = await chromium.browser.newContext();
    const page = await context.newPage();
    await page.setContent(
      [
        '<html lang="en"><head><title>Gate self-check</title></head><body>',
        '<nav aria-label="Links"><a href="#a">a</a></nav><nav aria-label="Links"><a href="#b">b</a></nav>',
        '<main><h1>Gate self-check</h1><p id="faint" style="color:#aaa;background:#fff">Low contrast text</p><button id="nameless"></button></main>',
        '<p id="stray">Outside every landmark</p>',
        '</body></html>',
      ].join(''),
    );
    const result = await audit(page);
    await context.close();
    const text = describeFindings(result.failing);
    for (const expected of [
      'color-contrast',
      '#faint',
      'Low contrast text',
      'button-name',
      '#nameless',
      'landmark-unique',
      'region',
      '#stray',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('every route of the app is in the accessibility gate', () => {
  it('has a SCREENS line for each path of the shop and admin route tables', () => {
    const web = resolve(process.cwd(), 'web/src');
    // The framework's route config (web/src/app/routes.ts): every path, nested ones joined.
    type Entry = { path?: string; index?: boolean; children?: Entry[] };
    const pathsOf = (entries: Entry[], base = ''): string[] =>
      entries.flatMap((e) => {
        const here = e.path === undefined ? base : `${base}/${e.path}`;
        return [...(e.path !== undefined || e.index ? [here || '/'] : []), ...pathsOf(e.children ?? [], here)];
      });
    const shopPaths = pathsOf(shopRoutes as Entry[]);
    const adminPaths = [...readFileSync(join(web, 'features/admin/admin-app.tsx'), 'utf8').matchAll(/\bpath="([^"]+)"/g)].map(
      (m) => `/admin/${m[1]}`,
    );
    const appPaths = [...shopPaths, ...adminPaths].filter((p) => !p.endsWith('*'));
    expect(appPaths.length).toBeGreaterThan(10);
    // A Hindi twin (`/hi/...`, docs/i18n.md) is the same route module as its English path: covered by the English line.
    const gatePaths = SCREENS.flatMap((s) => {
      const path = s.path.split('?')[0] ?? s.path;
      return path.startsWith('/admin') ? [path] : [path, path === '/' ? '/hi' : `/hi${path}`];
    });
    const missing = appPaths.filter((route) => {
      const pattern = new RegExp(`^${route.replace(/:\w+/g, '[^/]+')}$`);
      return !gatePaths.some((p) => pattern.test(p));
    });
    expect(missing, 'routes without a line in SCREENS (tests/e2e/accessibility-gate.test.ts)').toEqual([]);
  });
});

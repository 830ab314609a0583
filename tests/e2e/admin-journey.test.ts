import { formatINR, formatPaise, shortOrderId, type AdminDashboard, type Product, type TaxMonthView } from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, signIn } from '../support/api';
import { screenshot, useBrowser, VIEWPORTS, waitForImagesInView } from '../support/browser';
import { logIn, waitForPath, waitForToast } from '../support/shopper-ui';

// The admin journey of issue 6, in Chromium against the emulator stack, as a shop owner
// works: sign in, read the dashboard, move an order along while the shopper watches
// their orders page, manage a product with an image, change a role; and a shopper
// kept out of /admin.
const ADMIN = { email: 'admin@bagshop.test', password: 'Admin@123', firstname: 'Asha' };
const SHOPPER = { email: 'shopper@bagshop.test', password: 'Shopper@123' };

/** A 1280 × 900 screenshot of the viewport (fixed sidebars and overlays stay in place), pictures in view loaded when they can be. */
async function shoot(page: Page, name: string) {
  await waitForImagesInView(page).catch(() => undefined);
  await screenshot(page, name, { fullPage: false });
}

/** A PNG no other product has (random pixels), drawn with sharp. */
async function uniquePng(dir: string): Promise<string> {
  const width = 64;
  const height = 48;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.floor(Math.random() * 256);
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .resize(640, 480, { kernel: 'nearest' })
    .png()
    .toBuffer();
  const path = join(dir, `bag-${Date.now()}.png`);
  writeFileSync(path, png);
  return path;
}

async function categoryCard(browser: Browser, base: string, category: string, name: string) {
  // A fresh context each time: the catalog API is browser-cacheable for a minute.
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await page.goto(`${base}/${category}?v=${Date.now()}`, { waitUntil: 'load' });
  const card = page.locator('article').filter({ hasText: name }).first();
  await card.waitFor({ timeout: 20_000 });
  const text = (await card.innerText()).toUpperCase();
  await context.close();
  return text;
}

describe('admin journey (Chromium, 1280 px)', () => {
  const chromium = useBrowser();
  let adminContext: BrowserContext;
  let shopperContext: BrowserContext;
  let adminPage: Page;
  let shopperPage: Page;
  const orderId = `e2e-admin-${Date.now().toString(36)}`;
  const productName = `Journey Trolley ${Date.now().toString(36)}`;
  const workDir = mkdtempSync(join(tmpdir(), 'bagshop-admin-'));

  beforeAll(async () => {
    adminContext = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    shopperContext = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    adminPage = await adminContext.newPage();
    shopperPage = await shopperContext.newPage();

    // A fresh pending order for the demo shopper (as checkout writes it), so this journey
    // does not depend on what other journeys do with the demo orders.
    const { db, auth } = admin();
    const shopper = await signIn(SHOPPER.email, SHOPPER.password);
    // The demo shopper starts as a customer (in case an earlier local run stopped half-way).
    await auth.setCustomUserClaims(shopper.uid, null);
    await db.doc(`users/${shopper.uid}`).update({ role: 'customer' });
    const products = (await api<{ data: Product[] }>('products/category/backpacks')).body.data;
    const product = products[0];
    if (!product) throw new Error('no demo backpack');
    const placed = Timestamp.now();
    await db.doc(`orders/${orderId}`).set({
      userId: shopper.uid,
      user: { _id: shopper.uid, fullname: { firstname: 'Rahul', lastname: 'Sharma' }, email: SHOPPER.email },
      items: [
        {
          _id: product._id,
          name: product.name,
          price: product.price,
          discount: product.discount,
          quantity: 2,
          product: { _id: product._id, image: product.image },
        },
      ],
      shippingAddress: {
        street: '14, 2nd Cross, Indiranagar',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560038',
        country: 'India',
        landmark: 'Near CMH Road metro',
      },
      subtotal: product.price * 2,
      totalAmount: (product.price - product.discount) * 2,
      status: 'pending',
      paymentMethod: 'COD',
      payment: { status: 'unpaid', sessionId: null, paidAt: null },
      statusHistory: [{ status: 'pending', at: placed, by: shopper.uid }],
      createdAt: placed,
      updatedAt: placed,
    });
  });

  it('signs the admin in and shows the panel greeting them by first name', async () => {
    await logIn(adminPage, chromium.base, ADMIN.email, ADMIN.password);
    await adminPage.goto(`${chromium.base}/admin`, { waitUntil: 'load' });
    await adminPage.getByRole('heading', { name: 'Admin Panel' }).waitFor({ timeout: 20_000 });
    await adminPage.getByText(`Hello, ${ADMIN.firstname}`).waitFor();
    await adminPage.getByRole('heading', { name: 'All Orders' }).waitFor();
    expect(await adminPage.title()).toBe('All Orders · Admin · Bagshop');
  });

  it('shows the dashboard figures the server aggregated', async () => {
    await adminPage.getByRole('link', { name: 'Dashboard' }).click();
    await adminPage.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const { idToken } = await signIn(ADMIN.email, ADMIN.password);
    const figures = (await api<{ data: AdminDashboard }>('admin/dashboard', { token: idToken })).body.data;
    const stat = (label: string) => adminPage.getByLabel(label, { exact: true }).getByTestId('stat-value');
    await stat('Revenue today').waitFor();
    expect(await stat('Revenue today').innerText()).toBe(formatINR(figures.revenue.today));
    expect(await stat('Revenue, last 7 days').innerText()).toBe(formatINR(figures.revenue.last7Days));
    expect(await stat('All orders').innerText()).toBe(String(figures.totalOrders));
    // Our pending order is today's: revenue today includes it.
    expect(figures.revenue.today).toBeGreaterThan(0);
    const byStatus = adminPage.getByLabel('Orders by status');
    expect(await byStatus.getByRole('listitem').filter({ hasText: 'Pending' }).innerText()).toContain(
      String(figures.ordersByStatus.pending),
    );
    expect(await adminPage.getByLabel('Low stock products').innerText()).not.toBe('');
    expect(await adminPage.title()).toBe('Dashboard · Admin · Bagshop');
    await shoot(adminPage, 'admin-dashboard-1280');
  });

  it('moves a pending order to confirmed, then shipped, and the shopper sees it on /orders', async () => {
    // The shopper watches their orders page in a second browser context.
    await logIn(shopperPage, chromium.base, SHOPPER.email, SHOPPER.password);
    await shopperPage.goto(`${chromium.base}/orders`, { waitUntil: 'load' });
    const shopperCard = shopperPage.getByRole('article', { name: `Order #${shortOrderId(orderId)}` });
    await shopperCard.getByText('Pending').waitFor({ timeout: 20_000 });

    await adminPage.getByRole('link', { name: 'All Orders' }).click();
    await adminPage.getByRole('heading', { name: 'All Orders' }).waitFor();
    const row = adminPage.locator(`tr[data-order-id="${orderId}"]`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('pending');
    // Newest first: our order (placed just now) is the first row.
    expect(await adminPage.locator('tr[data-order-id]').first().getAttribute('data-order-id')).toBe(orderId);
    // Search by order id narrows the table.
    await adminPage.getByLabel('Search orders').fill(orderId.slice(-8));
    expect(await adminPage.locator('tr[data-order-id]').count()).toBe(1);
    await shoot(adminPage, 'admin-orders-1280');

    await row.click();
    const drawer = adminPage.getByRole('dialog').filter({ hasText: `Order #${shortOrderId(orderId)}` });
    await drawer.getByText('Bengaluru').first().waitFor();
    await drawer.getByText('Cash on Delivery').waitFor();
    await shoot(adminPage, 'admin-order-drawer-1280');

    await drawer.getByRole('button', { name: 'Mark as Confirmed' }).click();
    await waitForToast(adminPage, 'Order marked as Confirmed');
    await drawer.getByRole('button', { name: 'Mark as Shipped' }).click();
    await waitForToast(adminPage, 'Order marked as Shipped');
    await drawer.getByRole('button', { name: 'Mark as Delivered' }).waitFor();
    expect(await drawer.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('shipped');

    const { db } = admin();
    const stored = (await db.doc(`orders/${orderId}`).get()).data();
    expect(stored?.status).toBe('shipped');
    expect((stored?.statusHistory as { status: string }[]).map((h) => h.status)).toEqual(['pending', 'confirmed', 'shipped']);

    // Live on the shopper's page, without a reload.
    await shopperCard.getByText('Shipped').waitFor({ timeout: 20_000 });
    await shoot(shopperPage, 'admin-shopper-orders-shipped-1280');
    await adminPage.keyboard.press('Escape');
  });

  it("shows the month's tax totals, the series issued, and the confirmed order's invoice a page at a time", async () => {
    await adminPage.getByRole('link', { name: 'Tax' }).click();
    await adminPage.getByRole('heading', { name: 'Tax', exact: true }).waitFor();
    const { idToken } = await signIn(ADMIN.email, ADMIN.password);
    const month = (await api<{ data: TaxMonthView }>('admin/tax', { token: idToken })).body.data;
    const net = month.net.cgstPaise + month.net.sgstPaise + month.net.igstPaise;
    await adminPage
      .getByTestId('net-tax')
      .filter({ hasText: formatPaise(net) })
      .waitFor();
    const issued = adminPage.getByRole('table', { name: 'Documents issued' });
    await issued.getByText('Invoices for outward supply').waitFor();
    const invoiceSeries = month.documentsIssued.find((r) => r.kind === 'invoice');
    expect(invoiceSeries?.total).toBe(month.invoices.count);
    await issued
      .getByText(invoiceSeries?.to ?? '-')
      .first()
      .waitFor();
    // The order confirmed above has its invoice in the list: Next until its page.
    const documents = adminPage.getByRole('table', { name: /^Invoices and credit notes, / });
    const pager = adminPage.getByRole('navigation', { name: 'Pages of documents' });
    const ours = documents.getByText(`Order #${shortOrderId(orderId)}`);
    for (let page = 1; ; page += 1) {
      await pager.getByText(new RegExp(`· page ${page} of \\d+$`)).waitFor();
      if ((await ours.count()) > 0) break;
      await pager.getByRole('button', { name: 'Next' }).click();
    }
    await shoot(adminPage, 'admin-tax-1280');
    await adminPage.setViewportSize(VIEWPORTS.mobile);
    await screenshot(adminPage, 'admin-tax-360', { fullPage: true });
    await adminPage.setViewportSize(VIEWPORTS.desktop);
  });

  it('adds a product with an image; it shows on its category page with the PREMIUM badge', async () => {
    await adminPage.getByRole('link', { name: 'Products' }).click();
    await adminPage.getByRole('heading', { name: 'Manage Products' }).waitFor();
    await adminPage.getByText(/\d+ product\(s\) found/).waitFor();
    await adminPage.locator('tr[data-product-id]').first().waitFor({ timeout: 20_000 });

    await adminPage.getByRole('button', { name: 'Add Product' }).click();
    const modal = adminPage.getByRole('dialog', { name: 'Add Product' });
    await modal.getByLabel(/^Name/).fill(productName);
    await modal.getByLabel(/^Description/).fill('A cabin trolley made in the admin journey.');
    await modal.getByLabel(/^Price/).fill('10000');
    await modal.getByLabel(/^Discount/).fill('4000');
    await modal.getByLabel(/^Category/).selectOption('luggage');
    await modal.getByLabel(/^Stock/).fill('7');
    // Legal Metrology declarations, then Publish: without them it would stay a draft (docs/legal-metrology.md).
    await modal.getByLabel(/^Generic name/).fill('Cabin trolley bag');
    await modal.getByLabel(/^Manufacturer name/).fill('Kanpur Canvas & Leather Works Pvt. Ltd.');
    await modal.getByLabel(/^Manufacturer address/).fill('Plot 14, Panki Industrial Area, Kanpur, Uttar Pradesh 208022');
    await modal.getByLabel(/^Length \(cm\)/).fill('38');
    await modal.getByLabel(/^Breadth \(cm\)/).fill('22');
    await modal.getByLabel(/^Height \(cm\)/).fill('55');
    await modal.getByText('Every declaration is filled in: ready to publish.').waitFor();
    await modal.getByRole('switch', { name: 'Published: shown to shoppers' }).setChecked(true, { force: true });
    await modal.locator('input[type="file"]').setInputFiles(await uniquePng(workDir));
    await modal.getByAltText('Picture 1 of 1 (main)').waitFor();
    await modal.getByText('Sells at ₹6,000 (40% off)').waitFor();
    await shoot(adminPage, 'admin-product-modal-1280');
    await modal.getByRole('button', { name: 'Add Product' }).click();
    await waitForToast(adminPage, 'Product created successfully');
    const row = adminPage.locator('tr[data-product-id]').filter({ hasText: productName });
    await row.waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toContain('40% off');
    await shoot(adminPage, 'admin-products-1280');

    const card = await categoryCard(chromium.browser, chromium.base, 'luggage', productName);
    expect(card).toContain('40% OFF');
    expect(card).toContain('PREMIUM');
  });

  it('edits the discount and the badge changes; then deletes the product', async () => {
    await adminPage.getByRole('button', { name: `Edit ${productName}` }).click();
    const modal = adminPage.getByRole('dialog', { name: 'Edit Product' });
    await modal.getByLabel(/^Discount/).fill('1000');
    await modal.getByRole('button', { name: 'Save changes' }).click();
    await waitForToast(adminPage, 'Product updated successfully');
    const row = adminPage.locator('tr[data-product-id]').filter({ hasText: productName });
    await row.filter({ hasText: '10% off' }).waitFor({ timeout: 20_000 });
    const productId = await row.getAttribute('data-product-id');

    const card = await categoryCard(chromium.browser, chromium.base, 'luggage', productName);
    expect(card).toContain('10% OFF');
    expect(card).not.toContain('PREMIUM');

    await adminPage.getByRole('button', { name: `Delete ${productName}` }).click();
    const confirm = adminPage.getByRole('dialog', { name: 'Delete Product' });
    await confirm.getByText('Are you sure you want to delete this product? This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await waitForToast(adminPage, 'Product deleted');
    await row.waitFor({ state: 'detached' });
    expect((await api(`products/${productId}`)).status).toBe(404);
  });

  it('grants and revokes admin for the shopper', async () => {
    await adminPage.getByRole('link', { name: 'Users' }).click();
    await adminPage.getByRole('heading', { name: 'Users' }).waitFor();
    const row = adminPage.locator(`tr[data-user-email="${SHOPPER.email}"]`);
    await adminPage.locator('tr[data-user-email]').first().waitFor({ timeout: 20_000 });
    // Newest first, 50 a page: the demo shopper is among the oldest.
    for (let page = 0; page < 20 && (await row.count()) === 0; page += 1) {
      const more = adminPage.getByRole('button', { name: 'Load more' });
      if ((await more.count()) === 0) break;
      const before = await adminPage.locator('tr[data-user-email]').count();
      await more.click();
      await adminPage.waitForFunction((n) => document.querySelectorAll('tr[data-user-email]').length > n, before);
    }
    await row.waitFor({ timeout: 20_000 });
    // No role buttons on the admin's own row.
    expect(await adminPage.locator(`tr[data-user-email="${ADMIN.email}"]`).getByRole('button').count()).toBe(0);
    const { auth } = admin();
    const shopperUid = (await auth.getUserByEmail(SHOPPER.email)).uid;

    await row.getByRole('button', { name: 'Grant admin' }).click();
    await row.getByRole('button', { name: 'Revoke admin' }).waitFor({ timeout: 15_000 });
    expect(await row.locator('[data-role]').getAttribute('data-role')).toBe('admin');
    expect((await auth.getUser(shopperUid)).customClaims?.role).toBe('admin');
    await shoot(adminPage, 'admin-users-1280');

    await row.getByRole('button', { name: 'Revoke admin' }).click();
    await row.getByRole('button', { name: 'Grant admin' }).waitFor({ timeout: 15_000 });
    expect(await row.locator('[data-role]').getAttribute('data-role')).toBe('customer');
    expect((await auth.getUser(shopperUid)).customClaims?.role).not.toBe('admin');
  });

  it('keeps a shopper out of /admin', async () => {
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await logIn(page, chromium.base, SHOPPER.email, SHOPPER.password);
    await page.goto(`${chromium.base}/admin`, { waitUntil: 'load' });
    await waitForToast(page, 'You don’t have permission');
    await waitForPath(page, '/');
    expect(await page.getByRole('heading', { name: 'Admin Panel' }).count()).toBe(0);
    await context.close();
  });

  it('sends a visitor who is not signed in to /auth', async () => {
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${chromium.base}/admin/products`, { waitUntil: 'load' });
    await waitForToast(page, 'You are not logged in');
    await waitForPath(page, '/auth');
    await context.close();
  });
});

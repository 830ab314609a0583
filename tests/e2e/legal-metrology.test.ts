// Legal Metrology (docs/legal-metrology.md, issue 38) in Chromium: the product page's declarations
// list, drawn by the server (JavaScript off) and following the chosen variant (JavaScript on); the
// origin filter on /luggage before the app has taken the page over; an admin publishes a draft after
// filling what the checklist names. Every step acts as soon as its control is visible.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestUser, type TestUser } from '../support/api';
import { SCREENSHOT_DIR, screenshot, useBrowser, VIEWPORTS, waitForTitle } from '../support/browser';
import { createProduct, productForm, randomPng, uniqueName, type Envelope, type ProductJson } from '../support/commerce';
import { logIn, waitForPath, waitForToast, WAIT } from '../support/shopper-ui';

const PRODUCT = '/product/voyager-hardshell-cabin-trolley-55-cm';
const ADMIN = { email: 'admin@bagshop.test', password: 'Admin@123' };

describe('Legal Metrology declarations and the origin filter', () => {
  const chromium = useBrowser();
  let adminUser: TestUser;
  const made: string[] = [];

  beforeAll(async () => {
    adminUser = await createTestUser({ role: 'admin' });
  });
  afterAll(async () => {
    await Promise.all(made.map((id) => api(`products/${id}`, { method: 'DELETE', token: adminUser.idToken })));
  });

  async function open(
    path: string,
    options: { js: boolean; viewport?: { width: number; height: number } },
  ): Promise<{ page: Page; context: BrowserContext }> {
    const context = await chromium.browser.newContext({ viewport: options.viewport ?? VIEWPORTS.desktop, javaScriptEnabled: options.js });
    const page = await context.newPage();
    await page.goto(`${chromium.base}${path}`, { waitUntil: 'load' });
    return { page, context };
  }

  const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();

  it('JavaScript off: the server draws every declaration, and a chosen variant (link) its own', async () => {
    const { page, context } = await open(PRODUCT, { js: false });
    const block = page.getByTestId('declarations');
    await block.waitFor(WAIT);
    expect(await block.getByRole('heading', { name: 'Product details (as required by law)' }).count()).toBe(1);
    expect(await text(page, 'decl-generic-name')).toBe('Hard-shell cabin trolley bag');
    expect(await text(page, 'decl-net-quantity')).toBe('1 N');
    expect(await text(page, 'country-of-origin')).toBe('China');
    expect(await text(page, 'decl-manufacturer')).toContain('Ningbo Everbright Luggage Co., Ltd.');
    expect(await text(page, 'decl-importer')).toContain('Bagshop Retail LLP');
    expect(await text(page, 'decl-consumer-care')).toContain('support@bagshop.test');
    // Before a size is chosen: the product's own L × B × H (the cabin size's).
    expect(await text(page, 'decl-dimensions')).toBe('38 × 22 × 55 cm');
    // The size links of the server-drawn picker: the page comes back drawn with that variant.
    for (const [name, value] of [
      ['Size', 'Large'],
      ['Colour', 'Navy'],
    ] as const) {
      const radio = page.getByRole('radiogroup', { name }).getByRole('radio', { name: new RegExp(`^${name} ${value}\\b`) });
      await radio.click();
      await radio.and(page.locator('[aria-checked="true"]')).waitFor(WAIT);
    }
    await page.getByTestId('decl-dimensions').filter({ hasText: '50 × 31 × 75 cm' }).waitFor(WAIT);
    expect(await text(page, 'decl-mrp')).toMatch(/^₹[\d,]+ \(SKU [A-Z0-9-]+\)$/);
    // JavaScript is off: the page's own screenshot (screenshot() waits for frames with a script).
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.getByTestId('declarations').screenshot({ path: resolve(SCREENSHOT_DIR, 'declarations-nojs-1280.png') });
    await context.close();
  });

  it('JavaScript on: the list follows the variant chosen, at 360 and 1280 px', async () => {
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      const { page, context } = await open(PRODUCT, { js: true, viewport });
      await page.getByTestId('declarations').waitFor(WAIT);
      for (const [name, value] of [
        ['Size', 'Cabin'],
        ['Colour', 'Graphite'],
      ] as const) {
        const radio = page.getByRole('radiogroup', { name }).getByRole('radio', { name: new RegExp(`^${name} ${value}\\b`) });
        await radio.click();
        await radio.and(page.locator('[aria-checked="true"]')).waitFor(WAIT);
      }
      await page.getByTestId('decl-dimensions').filter({ hasText: '38 × 22 × 55 cm' }).waitFor(WAIT);
      const sku = (await text(page, 'variant-sku')).replace(/^SKU /, '');
      expect(await text(page, 'decl-mrp')).toContain(`(SKU ${sku})`);
      await page
        .getByRole('radiogroup', { name: 'Size' })
        .getByRole('radio', { name: /^Size Medium\b/ })
        .click();
      await page.getByTestId('decl-dimensions').filter({ hasText: '44 × 27 × 65 cm' }).waitFor(WAIT);
      const block = page.getByTestId('declarations');
      await block.scrollIntoViewIfNeeded();
      await screenshot(page, `product-declarations-page-${viewport.width}`, { fullPage: false });
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await block.screenshot({ path: resolve(SCREENSHOT_DIR, `declarations-${viewport.width}.png`) });
      await context.close();
    }
  });

  it('the origin filter on /luggage works before the app has taken the page over, in the URL and the title', async () => {
    // The app's entry script never arrives: what works here works before hydration too.
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.route(/\/assets\/entry\.client-[^/]*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${chromium.base}/luggage`, { waitUntil: 'load' });
    const china = page.getByTestId('origin-filter').getByRole('link', { name: /^China \(\d+\)$/ });
    const label = (await china.textContent()) ?? '';
    const count = Number(/\((\d+)\)/.exec(label)?.[1]);
    await china.click();
    await waitForPath(page, '/luggage');
    await page.waitForURL(/origin=china/, WAIT);
    expect(new URL(page.url()).searchParams.get('origin')).toBe('china');
    await page
      .getByTestId('bag-count')
      .filter({ hasText: count === 1 ? '1 bag' : `${count} bags` })
      .waitFor(WAIT);
    expect(await page.locator('main article').count()).toBe(count);
    await waitForTitle(page, 'Luggage Bags · Made in China · Bagshop');
    await context.close();

    // With the app running, the same link right away (no wait for hydration).
    const live = await open('/luggage', { js: true });
    await live.page
      .getByTestId('origin-filter')
      .getByRole('link', { name: /^China \(\d+\)$/ })
      .click();
    await live.page.waitForURL(/origin=china/, WAIT);
    await live.page
      .getByTestId('bag-count')
      .filter({ hasText: `${count} bags` })
      .waitFor(WAIT);
    await waitForTitle(live.page, 'Luggage Bags · Made in China · Bagshop');
    await live.context.close();
  });

  it('an admin publishes a draft after filling what the checklist names', async () => {
    const name = uniqueName('Draft Daypack');
    const form = productForm({
      name,
      description: 'A draft',
      price: 1999,
      discount: 0,
      category: 'backpacks',
      stock: 4,
      published: 'false',
    });
    form.append('images', new Blob([new Uint8Array(await randomPng())], { type: 'image/png' }), 'p.png');
    const created = await api<Envelope<ProductJson>>('products/createProducts', {
      method: 'POST',
      token: adminUser.idToken,
      rawBody: form,
    });
    expect(created.status).toBe(201);
    made.push(created.body.data._id);

    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await logIn(page, chromium.base, ADMIN.email, ADMIN.password);
    await page.goto(`${chromium.base}/admin/products`, { waitUntil: 'load' });
    await page.getByText('Drafts', { exact: true }).click();
    const row = page.locator('tr[data-product-id]').filter({ hasText: name });
    await row.getByTestId('product-status').filter({ hasText: 'Draft' }).waitFor(WAIT);
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Product' });
    const checklist = modal.getByTestId('declarations-checklist');
    await checklist.filter({ hasText: 'Generic name is required' }).waitFor(WAIT);
    const named = await checklist.locator('li').allTextContents();
    expect(named).toEqual([
      'Generic name is required',
      'Net quantity is required',
      "Manufacturer's name and address are required",
      'Dimensions (L × B × H in cm) are required',
    ]);
    await modal.getByLabel(/^Generic name/).fill('Daypack');
    await modal.getByLabel(/^Net quantity/).fill('1');
    await modal.getByLabel(/^Manufacturer name/).fill('Kanpur Canvas & Leather Works Pvt. Ltd.');
    await modal.getByLabel(/^Manufacturer address/).fill('Plot 14, Panki Industrial Area, Kanpur, Uttar Pradesh 208022');
    await modal.getByLabel(/^Length \(cm\)/).fill('28');
    await modal.getByLabel(/^Breadth \(cm\)/).fill('14');
    await modal.getByLabel(/^Height \(cm\)/).fill('42');
    await checklist.filter({ hasText: 'Every declaration is filled in: ready to publish.' }).waitFor(WAIT);
    await modal.getByRole('switch', { name: 'Published: shown to shoppers' }).setChecked(true, { force: true });
    await screenshot(page, 'admin-declarations-1280', { fullPage: false });
    await modal.getByRole('button', { name: 'Save changes' }).click();
    await waitForToast(page, 'Product updated successfully');
    await page.getByText('Any status', { exact: true }).click();
    await row.getByTestId('product-status').filter({ hasText: 'Published' }).waitFor(WAIT);
    await context.close();

    const shown = await api<Envelope<ProductJson & { published: boolean }>>(`products/${created.body.data._id}?fresh=${Date.now()}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.published).toBe(true);
  });

  it('a product in the cart made a draft shows as no longer available, live, and the shopper removes it', async () => {
    const kept = await createProduct(adminUser, { name: uniqueName('Kept Backpack') });
    const drafted = await createProduct(adminUser, { name: uniqueName('Soon Draft Backpack') });
    made.push(kept._id, drafted._id);
    const shopper = await createTestUser({ firstname: 'Asha' });
    for (const id of [kept._id, drafted._id])
      expect((await api(`cart/${id}`, { method: 'POST', token: shopper.idToken })).status).toBe(200);

    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await logIn(page, chromium.base, shopper.email, shopper.password);
    await page.goto(`${chromium.base}/cart`, { waitUntil: 'load' });
    const items = page.getByRole('article');
    await items.filter({ hasText: drafted.name }).waitFor(WAIT);
    await items.filter({ hasText: kept.name }).waitFor(WAIT);

    // The admin unpublishes it: the rules now refuse the shopper's live read of it (firestore.rules).
    const unpublished = await api(`products/${drafted._id}`, {
      method: 'PATCH',
      token: adminUser.idToken,
      rawBody: productForm({ published: 'false' }),
    });
    expect(unpublished.status).toBe(200);
    const gone = page.getByTestId('unavailable-line').filter({ hasText: drafted.name });
    await gone.waitFor(WAIT);
    await page.getByText('No longer available').waitFor(WAIT);
    await items.filter({ hasText: drafted.name }).waitFor({ state: 'detached', ...WAIT });
    expect(await items.filter({ hasText: kept.name }).count()).toBe(1);
    await screenshot(page, 'cart-draft-unavailable-1280');

    await gone.getByRole('button', { name: `Remove ${drafted.name}` }).click();
    await gone.waitFor({ state: 'detached', ...WAIT });
    await items.filter({ hasText: kept.name }).waitFor(WAIT);
    // A fresh load (a listener started after the change) shows nothing of it either.
    await page.reload({ waitUntil: 'load' });
    await items.filter({ hasText: kept.name }).waitFor(WAIT);
    expect(await page.getByTestId('unavailable-line').count()).toBe(0);
    await context.close();
  });
});

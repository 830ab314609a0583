// Sizes and colours in Chromium (issue 23, docs/variants.md): a shopper chooses a size and a
// colour (the URL, price and main picture follow), adds it, sees the variant in the cart, checks
// out cash on delivery, sees it on the order page and in the invoice PDF's text; the admin makes
// a product with a 3 × 2 variant table in the product form. Screenshots at 360 and 1280 px.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatINR, salePrice, shortOrderId, type Invoice } from '@bagshop/domain';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createTestUser, signIn, type TestUser } from '../support/api';
import { screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { addAddress, type Envelope, type OrderJson, productForm, type ProductJson, randomPng, uniqueName } from '../support/commerce';
import { label, logIn, shootBoth, WAIT, waitForPath, waitForToast } from '../support/shopper-ui';

const ADMIN = { email: 'admin@bagshop.test', password: 'Admin@123' };

const OPTIONS = [
  { name: 'Size', values: ['Cabin', 'Medium', 'Large'] },
  { name: 'Colour', values: ['Navy', 'Graphite'] },
];
// Under the cash-on-delivery limit, so the shopper can pay COD.
const PRICES = { Cabin: 2999, Medium: 3999, Large: 4999 } as const;
const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/** The PDF's text as pdftotext (poppler-utils) reads it, in reading order. */
function pdfText(bytes: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'bagshop-variant-pdf-')), 'invoice.pdf');
  writeFileSync(file, bytes);
  const text = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  if (text.status !== 0) throw new Error(`pdftotext failed: ${text.stderr}`);
  return text.stdout;
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = (await Promise.all([page.waitForEvent('download', WAIT), click()])) as [Download, void];
  return readFileSync(await download.path());
}

describe('sizes and colours in the browser', () => {
  const chromium = useBrowser();
  let adminToken: string;
  let product: ProductJson;
  let shopper: TestUser;

  beforeAll(async () => {
    adminToken = (await signIn(ADMIN.email, ADMIN.password)).idToken;
    // A trolley of its own (3 sizes × 2 colours; Navy shows picture 1, Graphite picture 2), so
    // the journey does not take the demo stock other journeys count.
    const t = tag();
    const variants = OPTIONS[0]!.values.flatMap((size) =>
      OPTIONS[1]!.values.map((colour) => ({
        sku: `VJ-${t}-${size.slice(0, 3).toUpperCase()}-${colour.slice(0, 3).toUpperCase()}`,
        options: { Size: size, Colour: colour },
        price: PRICES[size as keyof typeof PRICES],
        discount: size === 'Cabin' ? 1000 : 500,
        stock: 5,
        imageIndexes: [colour === 'Navy' ? 0 : 1],
        dimensionsCm: {
          Cabin: { length: 38, width: 22, height: 55 },
          Medium: { length: 44, width: 27, height: 65 },
          Large: { length: 50, width: 31, height: 75 },
        }[size],
      })),
    );
    const form = productForm({
      name: uniqueName('Voyager Journey Trolley'),
      description: 'A hard-shell trolley in three sizes and two colours.',
      category: 'luggage',
      options: JSON.stringify(OPTIONS),
      variants: JSON.stringify(variants),
    });
    for (let i = 0; i < 2; i += 1)
      form.append('images', new Blob([new Uint8Array(await randomPng(64))], { type: 'image/png' }), `v${i}.png`);
    const created = await api<Envelope<ProductJson>>('products/createProducts', { method: 'POST', token: adminToken, rawBody: form });
    if (created.status !== 201) throw new Error(`createProducts answered ${created.status}: ${JSON.stringify(created.body)}`);
    product = created.body.data;
    shopper = await createTestUser({ firstname: 'Kavya' });
    await addAddress(shopper.uid);
  });

  it(
    'shopper: chooses Medium / Graphite (URL, price, picture follow), adds it, the cart, order and invoice PDF name it',
    { timeout: 180_000 },
    async () => {
      const medium = product.variants.find((v) => v.options.Size === 'Medium' && v.options.Colour === 'Graphite');
      const cabinNavy = product.variants.find((v) => v.options.Size === 'Cabin' && v.options.Colour === 'Navy');
      if (!medium || !cabinNavy) throw new Error('the table has no Medium / Graphite or Cabin / Navy');
      const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
      await logIn(page, chromium.base, shopper.email, shopper.password);
      await page.goto(`${chromium.base}/product/${product._id}`, { waitUntil: 'load' });

      // Before a choice: the "from" price, and Add to cart says what is missing.
      await page.getByTestId('from-price').waitFor(WAIT);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      expect(await page.getByTestId('choose-variant').innerText()).toMatch(/Size/);
      const mainPicture = page.getByTestId('gallery-track').locator('img').first();

      // Cabin / Navy first: its price and picture 1.
      await page.getByRole('radio', { name: /^Size Cabin/ }).click();
      await page.getByRole('radio', { name: /^Colour Navy/ }).click();
      await page.waitForURL((url) => url.searchParams.get('variant') === cabinNavy._id, WAIT);
      await page.getByTestId('variant-sku').getByText(`SKU ${cabinNavy.sku}`).waitFor(WAIT);
      await expect.poll(() => mainPicture.getAttribute('src'), WAIT).toBe(cabinNavy.images[0]?.url);

      // Then Medium / Graphite: the URL, the SKU, the price and the main picture follow.
      await page.getByRole('radio', { name: /^Size Medium/ }).click();
      await page.getByRole('radio', { name: /^Colour Graphite/ }).click();
      await page.waitForURL((url) => url.searchParams.get('variant') === medium._id, WAIT);
      expect(await page.getByRole('radio', { name: /^Size Medium/ }).getAttribute('aria-checked')).toBe('true');
      await page.getByTestId('variant-sku').getByText(`SKU ${medium.sku}`).waitFor(WAIT);
      await page
        .getByTestId('mrp')
        .getByText(`MRP ${formatINR(medium.price)}`)
        .waitFor(WAIT);
      await page
        .getByText(formatINR(salePrice(medium.price, medium.discount)), { exact: true })
        .first()
        .waitFor(WAIT);
      expect(await page.getByTestId('from-price').count()).toBe(0);
      await expect.poll(() => mainPicture.getAttribute('src'), WAIT).toBe(medium.images[0]?.url);
      expect(medium.images[0]?.url).not.toBe(cabinNavy.images[0]?.url);
      await shootBoth(page, 'variants-product');

      // Add to cart; the cart shows the variant under the name.
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await waitForToast(page, 'Product added successfully');
      await waitForPath(page, '/cart');
      const line = page.getByRole('article', { name: product.name });
      await line.waitFor(WAIT);
      const variantLine = line.getByTestId('line-variant');
      await variantLine.waitFor(WAIT);
      expect(await variantLine.innerText()).toBe(`Size: Medium (65 cm), Colour: Graphite · SKU ${medium.sku}`);
      expect(await line.innerText()).toContain(formatINR(salePrice(medium.price, medium.discount)));
      await shootBoth(page, 'variants-cart');

      // Checkout, cash on delivery, to the saved address.
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      const dialog = page.getByRole('dialog', { name: 'Shipping Address & Payment' });
      await dialog.getByRole('radio', { name: /12 MG Road/ }).waitFor(WAIT);
      await dialog.getByRole('button', { name: 'Place Order' }).click();
      await page.getByText('Order placed successfully with COD').first().waitFor(WAIT);

      // The order page names the variant; the shopper confirms the COD order there.
      await page.goto(`${chromium.base}/orders`, { waitUntil: 'load' });
      const card = page.getByRole('article').filter({ hasText: `${product.name} — Size: Medium (65 cm), Colour: Graphite × 1` });
      await card.waitFor(WAIT);
      await card.getByRole('link', { name: /View order/ }).click();
      await waitForPath(page, /^\/orders\/[A-Za-z0-9_-]+$/);
      const orderId = page.url().split('/').pop() ?? '';
      await page.getByRole('heading', { name: `Order #${shortOrderId(orderId)}` }).waitFor(WAIT);
      await page.getByText(`Size: Medium (65 cm), Colour: Graphite · SKU ${medium.sku}`).waitFor(WAIT);
      const confirmBox = page.getByTestId('cod-confirmation');
      await confirmBox.getByRole('button', { name: 'Confirm order' }).click();
      await waitForToast(page, 'Order confirmed');
      await shootBoth(page, 'variants-order');

      // The admin confirms it (through the API): the invoice appears live, and its PDF text names the variant and its SKU.
      const confirmed = await api<Envelope<OrderJson & { invoice: Invoice }>>(`order/${orderId}/status`, {
        method: 'PATCH',
        token: adminToken,
        body: { status: 'confirmed' },
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const number = confirmed.body.data.invoice.number;
      const section = page.getByRole('region', { name: 'Tax invoice' });
      await section.getByText(`Invoice ${number}`).waitFor(WAIT);
      const pdf = await downloaded(page, () => section.getByRole('button', { name: `Download invoice ${number} (PDF)` }).click());
      // The description column wraps, and pdftotext joins a word broken at a line-end hyphen
      // without the hyphen ("VJ-NZ5IUK-" + "MED-GRA" reads "VJ-NZ5IUKMED-GRA"): the SKU is compared without hyphens.
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      expect(text).toContain('— Size: Medium (65 cm), Colour: Graphite (SKU');
      const joined = (t: string) => t.replace(/[-\s]/g, '');
      expect(joined(text)).toContain(joined(`${product.name} — Size: Medium (65 cm), Colour: Graphite (SKU ${medium.sku})`));
      await page.close();
    },
  );

  it('admin: creates a product with a 3 × 2 variant table in the product form, and it is saved', { timeout: 180_000 }, async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    const name = uniqueName('Form Trolley');
    const t = tag();
    await logIn(page, chromium.base, ADMIN.email, ADMIN.password);
    await page.goto(`${chromium.base}/admin/products`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Add Product' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Product' });
    await modal.getByLabel(label('Name')).fill(name);
    await modal.getByLabel(label('Description')).fill('A trolley with sizes and colours made in the admin form.');
    await modal.getByLabel(label('Category')).selectOption('luggage');

    // The options editor: Size and Colour, then a row per combination.
    await modal.getByRole('button', { name: 'Add option' }).click();
    await modal.getByLabel('Values of option 1').fill('Cabin, Medium, Large');
    await modal.getByRole('button', { name: 'Add option' }).click();
    expect(await modal.getByLabel('Option 2', { exact: true }).inputValue()).toBe('Colour');
    await modal.getByLabel('Values of option 2').fill('Navy, Graphite');
    await modal.getByRole('button', { name: 'Generate rows' }).click();
    const table = modal.getByRole('table', { name: 'Variants' });
    await table.getByRole('row').nth(6).waitFor(WAIT);
    expect(await table.getByRole('row').count()).toBe(7);

    // SKU, price and stock per row.
    const rows: { label: string; sku: string; price: number; stock: number }[] = [];
    for (const [s, size] of OPTIONS[0]!.values.entries()) {
      for (const colour of OPTIONS[1]!.values) {
        const rowLabel = `Size: ${size}, Colour: ${colour}`;
        const sku = `FT-${t}-${size.slice(0, 3)}-${colour.slice(0, 3)}`.toUpperCase();
        const price = 3000 + s * 1000;
        const stock = colour === 'Navy' ? 4 : 2;
        await table.getByLabel(`SKU of ${rowLabel}`).fill(sku);
        await table.getByLabel(`Price of ${rowLabel}`).fill(String(price));
        await table.getByLabel(`Stock of ${rowLabel}`).fill(String(stock));
        rows.push({ label: rowLabel, sku, price, stock });
      }
    }
    await screenshot(page, 'variants-admin-form-1280', { fullPage: false });
    await modal.getByRole('button', { name: 'Add Product' }).click();
    await waitForToast(page, 'Product created successfully');
    const row = page.locator('tr[data-product-id]').filter({ hasText: name });
    await row.waitFor(WAIT);
    const productId = (await row.getAttribute('data-product-id')) ?? '';

    // Saved: the options, six variants with their SKUs, prices and stock; the "from" price and the total stock.
    // A new product is a draft (docs/legal-metrology.md): read through the admin's list, which has drafts.
    const adminList = (await api<Envelope<(ProductJson & { price: number; stock: number })[]>>('admin/products', { token: adminToken }))
      .body.data;
    const saved = adminList.find((p) => p._id === productId) as ProductJson & { price: number; stock: number };
    expect(saved.options).toEqual(OPTIONS);
    expect(saved.variants).toHaveLength(6);
    for (const r of rows) {
      const v = saved.variants.find((x) => x.sku === r.sku);
      expect(v, r.label).toBeDefined();
      expect(`Size: ${v?.options.Size}, Colour: ${v?.options.Colour}`).toBe(r.label);
      expect(v?.price).toBe(r.price);
      expect(v?.stock).toBe(r.stock);
    }
    expect(saved.price).toBe(3000);
    expect(saved.stock).toBe(18);

    // Opened again, the form shows the table as saved.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Product' });
    const editTable = edit.getByRole('table', { name: 'Variants' });
    await editTable.getByLabel(`SKU of ${rows[5]!.label}`).waitFor(WAIT);
    expect(await editTable.getByLabel(`SKU of ${rows[5]!.label}`).inputValue()).toBe(rows[5]!.sku);
    expect(await editTable.getByLabel(`Price of ${rows[5]!.label}`).inputValue()).toBe(String(rows[5]!.price));
    await screenshot(page, 'variants-admin-edit-1280', { fullPage: false });
    await page.close();
  });
});

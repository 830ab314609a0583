// GST screens in Chromium (issue 12, docs/gst-invoices.md): the admin's seller settings and
// monthly Tax view (with the CSV export), the invoice download in the admin order drawer,
// and the shopper's invoice download on their order page. Screenshots at 360 and 1280 px.
import { readFileSync } from 'node:fs';
import { DEMO_SELLER, shortOrderId, type Invoice } from '@bagshop/domain';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, signIn, type TestUser } from '../support/api';
import { screenshot, useBrowser, VIEWPORTS, waitForTitle } from '../support/browser';
import { createProduct, type Envelope, type OrderJson } from '../support/commerce';
import { label, logIn, WAIT } from '../support/shopper-ui';

const ADMIN = { email: 'admin@bagshop.test', password: 'Admin@123' };

/** Full-page screenshots at 1280 and 360 px from the top, once the toasts have gone. */
async function shootBoth(page: Page, name: string): Promise<void> {
  await page
    .locator('.mantine-Notification-root')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  for (const [width, viewport] of [
    ['1280', VIEWPORTS.desktop],
    ['360', VIEWPORTS.mobile],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => window.scrollY === 0);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = (await Promise.all([page.waitForEvent('download', WAIT), click()])) as [Download, void];
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

describe('GST invoices in the browser', () => {
  const chromium = useBrowser();
  let shopper: TestUser;
  let orderId: string;
  let invoice: Invoice;

  beforeAll(async () => {
    // A confirmed order delivered to Karnataka (inter-state), made through the API.
    const adminUser = await signIn(ADMIN.email, ADMIN.password);
    const adminToken = { idToken: adminUser.idToken, uid: adminUser.uid, email: ADMIN.email, password: ADMIN.password };
    shopper = await createTestUser({ firstname: 'Meera' });
    const address = admin().db.collection(`users/${shopper.uid}/addresses`).doc();
    await address.set({
      street: '22 Brigade Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560025',
      country: 'India',
      landmark: '',
      createdAt: new Date(),
    });
    const product = await createProduct(adminToken, { price: 4999, discount: 0, stock: 5 });
    const placed = await api<Envelope<OrderJson>>('order', {
      method: 'POST',
      token: shopper.idToken,
      body: { paymentMethod: 'COD', addressId: address.id, productId: product._id },
    });
    orderId = placed.body.data._id;
    // The shopper confirms the cash-on-delivery order first (COD_CONFIRMATION=required; docs/fulfilment.md).
    await api(`order/${orderId}/confirm-cod`, { method: 'POST', token: shopper.idToken, body: {} });
    const confirmed = await api<Envelope<OrderJson & { invoice: Invoice }>>(`order/${orderId}/status`, {
      method: 'PATCH',
      token: adminUser.idToken,
      body: { status: 'confirmed' },
    });
    invoice = confirmed.body.data.invoice;
  });

  it('admin: seller settings show the seeded seller and check the GSTIN as you type', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await logIn(page, chromium.base, ADMIN.email, ADMIN.password);
    await page.goto(`${chromium.base}/admin/settings`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Seller settings' }).waitFor(WAIT);
    const gstin = page.getByLabel(label('GSTIN'));
    await gstin.waitFor(WAIT);
    expect(await page.getByLabel(label('Legal name')).inputValue()).toBe('Bagshop Retail LLP');
    expect(await gstin.inputValue()).toBe('27AAPFB1234C1ZU');
    expect(await page.getByTestId('invoice-number-example').innerText()).toMatch(/^BS\/\d{4}\/0000001$/);
    await waitForTitle(page, 'Seller settings · Admin · Bagshop');

    // A typing mistake in the check character is caught before anything is sent.
    await gstin.fill('27AAPFB1234C1ZV');
    await gstin.blur();
    await page.getByText('This GSTIN’s check character is wrong: check it for a typing mistake').waitFor(WAIT);
    await gstin.fill('27AAPFB1234C1ZU');
    await page.getByLabel(label('State')).selectOption('Karnataka');
    await page.getByText('The GSTIN’s state code does not match the state of the address').waitFor(WAIT);
    await page.getByLabel(label('State')).selectOption('Maharashtra');
    await page.getByText('The GSTIN’s state code does not match the state of the address').waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Seller settings saved' }).waitFor(WAIT);
    await shootBoth(page, 'gst-seller-settings');
    await page.close();
  });

  it('admin: consumer care saved in the seller settings shows in a product page’s declarations, and follows the business again', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    const care = {
      name: 'Bagshop Consumer Care',
      phone: '1800 266 0101',
      email: 'care@bagshop.test',
      address: 'Plot 7, MIDC, Andheri East, Mumbai, Maharashtra 400093',
    };
    /**
     * The product page's consumer care, in a fresh browser context each time: the page is sent
     * with max-age=60, so the same browser would show its cached copy again.
     */
    const declaredCare = async (hasText: string): Promise<string> => {
      const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
      try {
        const shopper = await context.newPage();
        await shopper.goto(`${chromium.base}/product/voyager-hardshell-cabin-trolley-55-cm`, { waitUntil: 'load' });
        const care = shopper.getByTestId('declarations').getByTestId('decl-consumer-care').filter({ hasText });
        await care.waitFor(WAIT);
        return (await care.textContent()) ?? '';
      } finally {
        await context.close();
      }
    };
    try {
      await logIn(page, chromium.base, ADMIN.email, ADMIN.password);
      await page.goto(`${chromium.base}/admin/settings`, { waitUntil: 'load' });
      const same = page.getByRole('switch', { name: 'Same as the business details above' });
      await same.waitFor(WAIT);
      expect(await same.isChecked()).toBe(true);
      await same.click();
      const name = page.getByLabel(label('Consumer care name'));
      await name.waitFor(WAIT);
      // The shared schema's message, before anything is sent.
      await name.fill('');
      await name.blur();
      await page.getByText('Consumer care name is required').waitFor(WAIT);
      await name.fill(care.name);
      await page.getByLabel(label('Consumer care phone')).fill(care.phone);
      await page.getByLabel(label('Consumer care email')).fill(care.email);
      await page.getByLabel(label('Consumer care address')).fill(care.address);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.locator('.mantine-Notification-root').filter({ hasText: 'Seller settings saved' }).waitFor(WAIT);
      await shootBoth(page, 'seller-settings-consumer-care');

      // The product page, drawn by the server: "Product details (as required by law)" names it.
      const shown = await declaredCare(care.email);
      for (const part of Object.values(care)) expect(shown).toContain(part);

      // Back to the business's own: saved without a block of its own.
      await page.goto(`${chromium.base}/admin/settings`, { waitUntil: 'load' });
      await same.waitFor(WAIT);
      expect(await same.isChecked()).toBe(false);
      await same.click();
      await page.getByTestId('consumer-care-preview').waitFor(WAIT);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.locator('.mantine-Notification-root').filter({ hasText: 'Seller settings saved' }).waitFor(WAIT);
      expect(await declaredCare('support@bagshop.test')).not.toContain(care.name);
    } finally {
      // Whatever happened above, the later journeys find the demo seller (its consumer care the business's own).
      const adminUser = await signIn(ADMIN.email, ADMIN.password);
      await api('admin/settings/seller', { method: 'PUT', token: adminUser.idToken, body: DEMO_SELLER });
      await page.close();
    }
  });

  it('admin: the Tax view lists this month’s invoice with totals per tax, and exports CSV', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await logIn(page, chromium.base, ADMIN.email, ADMIN.password);
    await page.goto(`${chromium.base}/admin`, { waitUntil: 'load' });
    await page.getByRole('link', { name: 'Tax' }).click();
    await page.getByRole('heading', { name: 'Tax', exact: true }).waitFor(WAIT);
    const documents = page.getByRole('table', { name: /^Invoices and credit notes/ });
    const row = documents.getByRole('row').filter({ hasText: invoice.number });
    // 50 documents a page (docs/gst-invoices.md): Next until the page that has it.
    const pager = page.getByRole('navigation', { name: 'Pages of documents' });
    for (let n = 1; ; n += 1) {
      await pager.getByText(new RegExp(`· page ${n} of \\d+$`)).waitFor(WAIT);
      if ((await row.count()) > 0) break;
      await pager.getByRole('button', { name: 'Next' }).click(WAIT);
    }
    await row.waitFor(WAIT);
    expect(await row.innerText()).toContain('Karnataka (29)');
    expect(await row.innerText()).toContain('4,999.00');
    const totals = page.getByRole('table', { name: 'Totals per tax' });
    expect(await totals.getByRole('row').filter({ hasText: 'Net to declare' }).innerText()).toMatch(/\d/);

    const csv = await downloaded(page, () => page.getByRole('button', { name: /^Export CSV for / }).click());
    expect(csv.name).toMatch(/^gst-\d{4}-\d{2}\.csv$/);
    const text = csv.bytes.toString('utf8');
    expect(text).toContain(`Invoice,${invoice.number},`);
    expect(text).toContain(',Karnataka,29,Inter-state,18,4236.44,0.00,0.00,762.56,4999.00');
    await shootBoth(page, 'gst-admin-tax');

    // An earlier month with nothing in it says so.
    await page.getByLabel('Month').selectOption({ index: 20 });
    await page.getByText(/^No invoices or credit notes in /).waitFor(WAIT);
    await page.close();
  });

  it('admin: the order drawer downloads the invoice PDF', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await logIn(page, chromium.base, ADMIN.email, ADMIN.password);
    await page.goto(`${chromium.base}/admin`, { waitUntil: 'load' });
    await page.locator(`tr[data-order-id="${orderId}"]`).click(WAIT);
    const drawer = page.getByRole('dialog').filter({ hasText: `Order #${shortOrderId(orderId)}` });
    await drawer.getByText(`Invoice ${invoice.number}`).waitFor(WAIT);
    const pdf = await downloaded(page, () => drawer.getByRole('button', { name: `Download invoice ${invoice.number} (PDF)` }).click());
    expect(pdf.name).toBe(`${invoice.number.replace(/\//g, '-')}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await page.close();
  });

  it('shopper: the order page offers the invoice, then the credit note once cancelled', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await logIn(page, chromium.base, shopper.email, shopper.password);
    await page.goto(`${chromium.base}/orders/${orderId}`, { waitUntil: 'load' });
    const section = page.getByRole('region', { name: 'Tax invoice' });
    await section.getByText(`Invoice ${invoice.number}`).waitFor(WAIT);
    const pdf = await downloaded(page, () => section.getByRole('button', { name: `Download invoice ${invoice.number} (PDF)` }).click());
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The admin cancels it: the credit note appears live.
    const { idToken } = await signIn(ADMIN.email, ADMIN.password);
    const cancelled = await api<Envelope<OrderJson & { creditNote: { number: string } }>>(`order/${orderId}/cancel`, {
      method: 'POST',
      token: idToken,
      body: {},
    });
    expect(cancelled.status).toBe(200);
    const noteNumber = cancelled.body.data.creditNote.number;
    await section.getByText(`Credit note ${noteNumber}`).waitFor(WAIT);
    const note = await downloaded(page, () => section.getByRole('button', { name: `Download credit note ${noteNumber} (PDF)` }).click());
    expect(note.name).toBe(`${noteNumber.replace(/\//g, '-')}.pdf`);
    await shootBoth(page, 'gst-shopper-order');
    await page.close();
  });
});

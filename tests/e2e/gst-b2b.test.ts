// A business buyer in Chromium (issue 41, docs/gst-b2b.md): checkout to a new address with
// "Buying for a business? Add your GSTIN" (a wrong check digit shown, then a valid GSTIN), the
// order placed, confirmed by the admin, and the tax invoice PDF downloaded from the order page
// naming the buyer's legal name and GSTIN (read with pdftotext).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Invoice } from '@bagshop/domain';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, api, createTestUser, signIn } from '../support/api';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { createProduct, type Envelope, type OrderJson } from '../support/commerce';
import { label, logIn, shootBoth, WAIT, waitForPath } from '../support/shopper-ui';
import { numberedOrder } from '../support/tax-documents';

const ADMIN = { email: 'admin@bagshop.test', password: 'Admin@123' };

/**
 * The file a click downloads. On a loaded machine the Functions emulator sometimes fails to
 * start a worker ("Failed to load function") and the download answers an error toast: the
 * button is pressed again then, as a person would, at most three times.
 */
async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  for (let attempt = 1; ; attempt += 1) {
    // A failed download is an error toast (components/download-button.tsx).
    const failed = page.locator('.mantine-Notification-root');
    const outcome = await Promise.race([
      page.waitForEvent('download', WAIT).then((d: Download) => ({ download: d })),
      failed
        .first()
        .waitFor(WAIT)
        .then(() => ({ download: null })),
      click().then(() => new Promise<never>(() => undefined)),
    ]);
    if (outcome.download) return readFileSync(await outcome.download.path());
    if (attempt >= 3) throw new Error('The invoice download failed three times');
    await failed
      .first()
      .waitFor({ state: 'detached', timeout: 15_000 })
      .catch(() => undefined);
  }
}

describe('a business buyer in the browser', () => {
  const chromium = useBrowser();

  it('checks out with a GSTIN and gets a tax invoice that names it', { timeout: 180_000 }, async () => {
    const adminUser = await signIn(ADMIN.email, ADMIN.password);
    const product = await createProduct(
      { ...adminUser, email: ADMIN.email, password: ADMIN.password },
      { price: 2499, discount: 0, stock: 5 },
    );
    const shopper = await createTestUser({ firstname: 'Kavya' });
    expect((await api(`cart/${product._id}`, { method: 'POST', token: shopper.idToken, body: { quantity: 1 } })).status).toBe(200);

    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    const page = await context.newPage();
    await logIn(page, chromium.base, shopper.email, shopper.password);
    await page.goto(`${chromium.base}/cart`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shipping Address & Payment' });
    await dialog.getByLabel(label('Street address')).waitFor(WAIT);
    await dialog.getByLabel(label('Street address')).fill('14, 2nd Cross, Indiranagar');
    await dialog.getByLabel(label('City')).fill('Bengaluru');
    await dialog.getByLabel(label('Postal code')).fill('560038');
    await expect.poll(() => dialog.getByPlaceholder('Choose a state').inputValue(), WAIT).toBe('Karnataka');

    await dialog.getByText('Buying for a business? Add your GSTIN').click();
    await dialog.getByLabel('GSTIN').fill('29aabct1234f1zn');
    await dialog.getByLabel('Legal name of the business').fill('Tech Bengaluru LLP');
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    await dialog.getByText("The GSTIN's check digit is wrong").waitFor(WAIT);
    await shootBoth(page, 'gst-b2b-checkout-gstin');
    await dialog.getByLabel('GSTIN').fill('29AABCT1234F1ZM');
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('Order placed successfully with COD').first().waitFor(WAIT);

    // The order keeps the buyer; the address book entry the GSTIN.
    const orders = await admin().db.collection('orders').where('userId', '==', shopper.uid).get();
    expect(orders.size).toBe(1);
    const orderId = orders.docs[0]?.id ?? '';
    expect(orders.docs[0]?.get('buyer')).toEqual({ gstin: '29AABCT1234F1ZM', legalName: 'Tech Bengaluru LLP' });
    const saved = await admin().db.collection(`users/${shopper.uid}/addresses`).get();
    expect(saved.docs.map((d) => [d.get('gstin'), d.get('legalName')])).toEqual([['29AABCT1234F1ZM', 'Tech Bengaluru LLP']]);

    // The shopper confirms the COD order, the admin confirms it: the invoice is issued.
    expect((await api(`order/${orderId}/confirm-cod`, { method: 'POST', token: shopper.idToken, body: {} })).status).toBe(200);
    const confirmed = await api<Envelope<OrderJson>>(`order/${orderId}/status`, {
      method: 'PATCH',
      token: adminUser.idToken,
      body: { status: 'confirmed' },
    });
    expect(confirmed.status).toBe(200);
    const invoice = (await numberedOrder(orderId)).invoice as Invoice;

    await page.goto(`${chromium.base}/orders/${orderId}`, { waitUntil: 'load' });
    await waitForPath(page, `/orders/${orderId}`);
    const section = page.getByRole('region', { name: 'Tax invoice' });
    await section.getByText(`Invoice ${invoice.number}`).waitFor(WAIT);
    const pdf = await downloaded(page, () => section.getByRole('button', { name: `Download invoice ${invoice.number} (PDF)` }).click());
    const dir = resolve(process.cwd(), 'test-results/invoices');
    mkdirSync(dir, { recursive: true });
    const file = resolve(dir, 'e2e-b2b-invoice.pdf');
    writeFileSync(file, pdf);
    const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text.status, text.stderr).toBe(0);
    for (const expected of [
      'TAX INVOICE',
      invoice.number,
      'Tech Bengaluru LLP',
      'GSTIN: 29AABCT1234F1ZM',
      'GSTIN state: Karnataka (29)',
      'Reverse charge: No',
      'Place of supply: Karnataka (29)',
      'IGST',
    ]) {
      expect(text.stdout, `invoice PDF lacks ${expected}`).toContain(expected);
    }
    await context.close();
  });
});

// Delivery by PIN code and the disclosures in Chromium (docs/delivery-and-disclosures.md):
// the product page's Check delivery box (a typed PIN, remembered on the device; the saved
// address of a signed-in shopper), checkout to a COD-off PIN offering only Pay Online, the
// seller page and footer, a complaint with its ticket, and the admin's Delivery and
// Complaints screens.
import { DEFAULT_DELIVERY_RULES, deliveryByLabel, deliveryWindow, type Product } from '@bagshop/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createTestUser } from '../support/api';
import { screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { label, logIn, shootBoth, WAIT, waitForPath } from '../support/shopper-ui';

/** 'Delivery by …' as the product page must show it for a zone's days, now (either side of a boundary). */
function expectedLabels(days: { min: number; max: number }, before: Date): string[] {
  return [before, new Date()].map((at) => deliveryByLabel(deliveryWindow(at, days, DEFAULT_DELIVERY_RULES)));
}

async function deliveryDate(page: Page): Promise<string> {
  const date = page.getByTestId('delivery-date');
  await date.waitFor(WAIT);
  return (await date.textContent()) ?? '';
}

describe('delivery by PIN code and disclosures in Chromium', () => {
  const chromium = useBrowser();

  it(
    'PIN on the product page → date shown and remembered; checkout to a COD-off PIN offers only Pay Online',
    { timeout: 180_000 },
    async () => {
      const luggage = (await api<{ data: Product[] }>('products/category/luggage')).body.data;
      const product = luggage.find((p) => p.stock >= 5 && p.price - p.discount < 10_000);
      if (!product) throw new Error('No affordable luggage with stock in the demo data');

      const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
      const page = await context.newPage();
      await page.goto(`${chromium.base}/product/${product._id}`, { waitUntil: 'load' });
      await page.getByRole('heading', { name: product.name, level: 1 }).waitFor(WAIT);
      // Legal Metrology and e-commerce disclosures.
      expect(await page.getByTestId('mrp').textContent()).toContain('inclusive of all taxes');
      expect(await page.getByTestId('country-of-origin').textContent()).toBe(product.countryOfOrigin);
      await page.getByTestId('sold-by').getByRole('link', { name: 'Bagshop Retail LLP' }).waitFor(WAIT);

      // A Bengaluru PIN: the metro zone, 2–4 working days, cash on delivery available.
      const box = page.getByTestId('delivery-check');
      await box.getByText('Enter your PIN code to see when your bag arrives.').waitFor(WAIT);
      await box.getByRole('textbox', { name: 'PIN code' }).fill('12345');
      await box.getByRole('button', { name: 'Check' }).click();
      await box.getByText('Enter a 6-digit PIN code').waitFor(WAIT);
      await box.getByRole('textbox', { name: 'PIN code' }).fill('000000');
      await box.getByRole('button', { name: 'Check' }).click();
      await box.getByText('We could not find PIN code 000000').waitFor(WAIT);
      const before = new Date();
      await box.getByRole('textbox', { name: 'PIN code' }).fill('560001');
      await box.getByRole('button', { name: 'Check' }).click();
      expect(expectedLabels({ min: 2, max: 4 }, before)).toContain(await deliveryDate(page));
      expect(await box.textContent()).toContain('Bengaluru Urban, Karnataka (560001)');
      expect(await box.getByTestId('delivery-cod').textContent()).toBe('Cash on delivery available');
      await shootBoth(page, 'delivery-product-page');

      // The PIN is remembered on this device.
      await page.reload({ waitUntil: 'load' });
      await page.getByRole('heading', { name: product.name, level: 1 }).waitFor(WAIT);
      await page.getByTestId('delivery-date').waitFor(WAIT);
      expect(await box.getByRole('textbox', { name: 'PIN code' }).inputValue()).toBe('560001');

      // A COD-off PIN (Port Blair): served, but no cash on delivery.
      await box.getByRole('textbox', { name: 'PIN code' }).fill('744101');
      await box.getByRole('button', { name: 'Check' }).click();
      await box.getByText('Cash on delivery is not available for this PIN code: pay online').waitFor(WAIT);
      await screenshot(page, 'delivery-product-cod-off-1280');

      // Checkout to a new address at that PIN: the state fills in from the PIN, COD is refused with the server's words.
      const shopper = await createTestUser({ firstname: 'Meera' });
      await logIn(page, chromium.base, shopper.email, shopper.password);
      // Luggage comes in sizes and colours (issue 23): the cart line names one in stock.
      const variantId = product.variants?.find((v) => v.stock > 0 && v.price - v.discount < 10_000)?._id;
      const added = await api(`cart/${product._id}`, { method: 'POST', token: shopper.idToken, body: { quantity: 1, variantId } });
      expect(added.status).toBe(200);
      await page.goto(`${chromium.base}/cart`, { waitUntil: 'load' });
      await page.getByRole('article', { name: product.name }).waitFor(WAIT);
      await page.getByTestId('delivery-cod').getByText('Cash on delivery is not available for this PIN code: pay online').waitFor(WAIT);
      await shootBoth(page, 'delivery-cart');
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      const dialog = page.getByRole('dialog', { name: 'Shipping Address & Payment' });
      await dialog.getByLabel(label('Street address')).waitFor(WAIT);
      await dialog.getByLabel(label('Street address')).fill('7 Aberdeen Bazaar');
      await dialog.getByLabel(label('City')).fill('Port Blair');
      await dialog.getByLabel(label('Postal code')).fill('744101');
      await dialog.getByText('Cash on delivery is not available for PIN code 744101. Please pay online.').waitFor(WAIT);
      expect(await dialog.getByPlaceholder('Choose a state').inputValue()).toBe('Andaman and Nicobar Islands');
      const method = dialog.getByLabel('Payment method');
      expect(await method.inputValue()).toBe('Pay Online (Card)');
      await method.click();
      const codOption = page.getByRole('option', { name: 'Cash on Delivery' });
      await codOption.waitFor(WAIT);
      expect(await codOption.getAttribute('aria-disabled')).toBe('true');
      await page.keyboard.press('Escape');
      await dialog.getByTestId('checkout-delivery').waitFor(WAIT);
      expect(await dialog.getByTestId('checkout-delivery').textContent()).toMatch(/^Delivery by \w{3}, \d{1,2} \w{3} to 744101$/);
      await shootBoth(page, 'delivery-checkout-cod-off');
      await context.close();
    },
  );

  it("a signed-in shopper's saved address PIN is checked on the product page", { timeout: 90_000 }, async () => {
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    await logIn(page, chromium.base, 'shopper@bagshop.test', 'Shopper@123');
    const product = (await api<{ data: Product[] }>('products/category/backpacks')).body.data[0];
    if (!product) throw new Error('No backpack in the demo data');
    await page.goto(`${chromium.base}/product/${product._id}`, { waitUntil: 'load' });
    await page.getByTestId('delivery-date').waitFor(WAIT);
    expect(await page.getByTestId('delivery-check').getByRole('textbox', { name: 'PIN code' }).inputValue()).toBe('560038');
    await context.close();
  });

  it('seller page and footer, policies, and a complaint with its ticket number', { timeout: 90_000 }, async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${chromium.base}/seller`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Seller information', level: 1 }).waitFor(WAIT);
    for (const text of [
      'Bagshop Retail LLP',
      '27AAPFB1234C1ZU',
      'Unit 12, Kamala Mills Compound',
      'support@bagshop.test',
      '+91 22 4000 1234',
      'Priya Nair',
    ]) {
      await page.getByText(text, { exact: false }).first().waitFor(WAIT);
    }
    const footer = page.getByTestId('footer-seller');
    await footer.getByText('Sold by Bagshop Retail LLP', { exact: false }).waitFor(WAIT);
    expect(await footer.textContent()).toContain('GSTIN 27AAPFB1234C1ZU');
    await shootBoth(page, 'disclosures-seller');

    for (const [link, title] of [
      ['Returns Policy', 'Returns Policy'],
      ['Refund Policy', 'Refund Policy'],
      ['Cancellation Policy', 'Cancellation Policy'],
      ['Grievance Officer', 'Grievance officer'],
    ] as const) {
      await page
        .getByRole('navigation', { name: /Policies|Support/ })
        .getByRole('link', { name: link })
        .click();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor(WAIT);
    }

    await page.getByLabel(label('Your name')).fill('Kavya Iyer');
    await page.getByLabel(label('Email')).fill('kavya@example.in');
    await page.getByLabel(label('Subject')).fill('Wheel came off');
    await page.getByLabel(label('Your complaint')).fill('One wheel of my trolley came off on the first trip.');
    await page.getByRole('button', { name: 'Send complaint' }).click();
    const ticket = page.getByTestId('grievance-ticket');
    await ticket.waitFor(WAIT);
    const text = (await ticket.textContent()) ?? '';
    const number = /GRV-\d{4}-\d{5}/.exec(text)?.[0];
    expect(number).toBeDefined();
    expect(text).toContain('within one month');
    await shootBoth(page, 'disclosures-complaint');
    await page.close();

    // The admin sees it with its age, and the delivery settings screen.
    const adminPage = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await logIn(adminPage, chromium.base, 'admin@bagshop.test', 'Admin@123');
    await adminPage.goto(`${chromium.base}/admin/complaints`, { waitUntil: 'load' });
    const row = adminPage.getByRole('row').filter({ hasText: number ?? 'none' });
    await row.waitFor(WAIT);
    expect(await row.getByTestId('ticket-age').textContent()).toMatch(/^\d+ minutes?$/);
    await shootBoth(adminPage, 'admin-complaints');
    await adminPage.goto(`${chromium.base}/admin/delivery`, { waitUntil: 'load' });
    await adminPage.getByLabel('Warehouse PIN code').waitFor(WAIT);
    expect(await adminPage.getByLabel('Warehouse PIN code').inputValue()).toBe('400013');
    await shootBoth(adminPage, 'admin-delivery');
    await waitForPath(adminPage, '/admin/delivery');
    await adminPage.close();
  });
});

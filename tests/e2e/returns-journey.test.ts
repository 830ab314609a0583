// Returns and exchanges in Chromium (issue 27, docs/returns.md): a delivered order, one of its two
// units returned as "size not right" and exchanged for Medium; the admin approves, books the
// pickup, receives it (check passed) and ships the exchange: the order has a new shipment. And a
// COD return refunded to a UPI id, with the admin's "Paid" step and its bank reference.
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { placeOrder, productForm, randomPng, shopperWithAddress, uniqueName, type Envelope, type ProductJson } from '../support/commerce';
import { startTestCourier, type CourierLocal } from '../support/courier';
import { logIn, waitForToast, WAIT } from '../support/shopper-ui';

const ADMIN = { email: 'admin@bagshop.test', password: 'Admin@123' };

describe('returns journeys (Chromium)', () => {
  const chromium = useBrowser();
  let courier: CourierLocal;
  let adminUser: TestUser;

  beforeAll(async () => {
    courier = await startTestCourier();
    adminUser = await createTestUser({ role: 'admin' });
  });

  afterAll(async () => {
    await courier.close();
  });

  async function contexts(): Promise<{ shopperContext: BrowserContext; adminContext: BrowserContext }> {
    return {
      shopperContext: await chromium.browser.newContext({ viewport: VIEWPORTS.mobile }),
      adminContext: await chromium.browser.newContext({ viewport: VIEWPORTS.desktop }),
    };
  }

  const as = (path: string, body: unknown, method = 'PATCH') => api(path, { method, token: adminUser.idToken, body });

  /** A COD order placed, confirmed, shipped by hand and delivered through the API. */
  async function deliveredOrder(product: ProductJson, variantId: string, quantity: number) {
    const shopper = await shopperWithAddress();
    const placed = await placeOrder(shopper, {
      paymentMethod: 'COD',
      addressId: shopper.addressId,
      productId: product._id,
      variantId,
      quantity,
    });
    expect(placed.status).toBe(201);
    const id = placed.body.data._id;
    expect((await as(`order/${id}/status`, { status: 'confirmed' })).status).toBe(200);
    expect((await as(`order/${id}/shipments`, { courier: 'Delhivery', awb: `DL${Date.now()}` }, 'POST')).status).toBe(201);
    expect((await as(`order/${id}/status`, { status: 'completed' })).status).toBe(200);
    return { shopper, orderId: id };
  }

  async function sizedProduct(): Promise<ProductJson> {
    const form = productForm({
      name: uniqueName('Journey Trolley'),
      description: 'Hard shell',
      category: 'luggage',
      options: JSON.stringify([{ name: 'Size', values: ['Cabin', 'Medium'] }]),
      variants: JSON.stringify([
        { options: { Size: 'Cabin' }, price: 3999, discount: 500, stock: 5 },
        { options: { Size: 'Medium' }, price: 3999, discount: 500, stock: 3 },
      ]),
    });
    form.append('images', new Blob([new Uint8Array(await randomPng())], { type: 'image/png' }), 'p.png');
    const res = await api<Envelope<ProductJson>>('products/createProducts', { method: 'POST', token: adminUser.idToken, rawBody: form });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  it('one of two units, size not right, exchanged for Medium: approved, received, shipped again', { timeout: 240_000 }, async () => {
    const product = await sizedProduct();
    const variant = (size: string) => product.variants.find((v) => v.options.Size === size)?._id ?? '';
    const { shopper, orderId } = await deliveredOrder(product, variant('Cabin'), 2);

    // Each journey signs in afresh: its own shopper (360 px) and admin (1280 px) windows.
    const { shopperContext, adminContext } = await contexts();
    const page = await shopperContext.newPage();
    await logIn(page, chromium.base, shopper.email, shopper.password);
    await page.goto(`${chromium.base}/orders/${orderId}`, { waitUntil: 'load' });
    const panel = page.getByRole('region', { name: 'Returns and exchanges' });
    await panel.getByText(/7-day returns: 7 days left/).waitFor(WAIT);
    await screenshot(page, 'returns-order-page-360');
    await panel.getByRole('button', { name: `Return or exchange ${product.name}` }).click();
    const modal = page.getByRole('dialog', { name: 'Return or exchange' });
    await modal.getByLabel('How many to return').selectOption('1');
    await modal.getByRole('button', { name: 'Next' }).click();
    await modal.getByLabel('Size not right').check();
    await modal.getByRole('button', { name: 'Next' }).click();
    await modal.getByLabel('An exchange for another size or colour').check();
    await modal.getByLabel('Exchange for', { exact: true }).selectOption({ label: 'Size: Medium' });
    await screenshot(page, 'returns-stepper-exchange-360');
    await modal.getByRole('button', { name: 'Next' }).click();
    await modal.getByRole('button', { name: 'Request exchange' }).click();
    await waitForToast(page, 'requested');
    const card = panel.getByTestId('return-card');
    await card.getByText('Requested').first().waitFor(WAIT);
    const number = ((await card.first().innerText()).match(/RET-\d{4}-\d{5}/) ?? [''])[0];
    expect(number).toMatch(/^RET-/);
    await screenshot(page, 'returns-requested-360');

    // The admin works it from the queue.
    const adminPage = await adminContext.newPage();
    await logIn(adminPage, chromium.base, ADMIN.email, ADMIN.password);
    await adminPage.goto(`${chromium.base}/admin/returns`, { waitUntil: 'load' });
    await adminPage.getByRole('button', { name: number }).click();
    const drawer = adminPage.getByRole('dialog', { name: `Return ${number}` });
    await drawer.getByText('Exchange for').waitFor(WAIT);
    await screenshot(adminPage, 'returns-admin-drawer-1280');
    for (const [button, toast] of [
      ['Approve', 'Return approved'],
      ['Schedule pickup', 'Return pickup scheduled'],
      ['Mark as Picked up', 'Return picked up'],
      ['Received: check passed', 'Return received'],
      ['Ship the exchange', 'Return exchanged'],
    ] as const) {
      await drawer.getByRole('button', { name: button }).click();
      await waitForToast(adminPage, toast);
    }
    await drawer.getByText(/shipped, AWB BST/).waitFor(WAIT);
    await screenshot(adminPage, 'returns-admin-exchanged-1280');

    const stored = (await admin().db.doc(`orders/${orderId}`).get()).data() ?? {};
    expect((stored.shipments as { kind?: string }[]).map((s) => s.kind ?? 'order')).toEqual(['order', 'exchange']);
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('region', { name: 'Returns and exchanges' }).getByText('Exchanged').first().waitFor(WAIT);
    await screenshot(page, 'returns-exchanged-360');
  });

  it('a COD return refunded to a UPI id, with the admin’s Paid step', { timeout: 240_000 }, async () => {
    const product = await sizedProduct();
    const cabin = product.variants.find((v) => v.options.Size === 'Cabin')?._id ?? '';
    const { shopper, orderId } = await deliveredOrder(product, cabin, 1);
    // Each journey signs in afresh: its own shopper (360 px) and admin (1280 px) windows.
    const { shopperContext, adminContext } = await contexts();
    const page = await shopperContext.newPage();
    await logIn(page, chromium.base, shopper.email, shopper.password);
    await page.goto(`${chromium.base}/orders/${orderId}`, { waitUntil: 'load' });
    const panel = page.getByRole('region', { name: 'Returns and exchanges' });
    await panel.getByRole('button', { name: `Return or exchange ${product.name}` }).click();
    const modal = page.getByRole('dialog', { name: 'Return or exchange' });
    await modal.getByRole('button', { name: 'Next' }).click();
    await modal.getByLabel('Changed my mind').check();
    await modal.getByRole('button', { name: 'Next' }).click();
    await modal.getByRole('button', { name: 'Next' }).click();
    await modal.getByLabel('UPI id').fill('priya');
    await modal.getByRole('button', { name: 'Request return' }).click();
    await modal.getByRole('alert').getByText('Enter a UPI id like name@bank').waitFor(WAIT);
    await modal.getByLabel('UPI id').fill('priya.s@okicici');
    await screenshot(page, 'returns-cod-upi-360');
    await modal.getByRole('button', { name: 'Request return' }).click();
    await waitForToast(page, 'requested');
    const card = panel.getByTestId('return-card').first();
    const number = ((await card.innerText()).match(/RET-\d{4}-\d{5}/) ?? [''])[0];

    const adminPage = await adminContext.newPage();
    await logIn(adminPage, chromium.base, ADMIN.email, ADMIN.password);
    await adminPage.goto(`${chromium.base}/admin/returns`, { waitUntil: 'load' });
    await adminPage.getByRole('button', { name: number }).click();
    const drawer = adminPage.getByRole('dialog', { name: `Return ${number}` });
    await drawer.getByText('Refund to: UPI priya.s@okicici').waitFor(WAIT);
    for (const [button, toast] of [
      ['Approve', 'Return approved'],
      ['Schedule pickup', 'Return pickup scheduled'],
      ['Mark as Picked up', 'Return picked up'],
      ['Received: check passed', 'Return received'],
      ['Refund ₹3,499', 'Return refunded'],
    ] as const) {
      await drawer.getByRole('button', { name: button }).click();
      await waitForToast(adminPage, toast);
    }
    await drawer.getByText(/to priya\.s@okicici: to be paid/).waitFor(WAIT);
    await drawer.getByLabel('Bank reference').fill('UTR 4211 9876 5432');
    await drawer.getByRole('button', { name: 'Paid' }).click();
    await waitForToast(adminPage, 'Payout marked paid');
    await drawer.getByText(/paid \(reference UTR 4211 9876 5432\)/).waitFor(WAIT);
    await screenshot(adminPage, 'returns-admin-paid-1280');

    await page.reload({ waitUntil: 'load' });
    await page.getByText('Paid to priya.s@okicici (reference UTR 4211 9876 5432)').waitFor(WAIT);
    await screenshot(page, 'returns-refunded-360');
    const ret = (await admin().db.doc(`returns/${number}`).get()).data() ?? {};
    expect(ret.payout).toMatchObject({ status: 'paid', amountPaise: 349_900 });
    expect(ret.creditNote?.totals?.grossPaise).toBe(349_900);
  });
});

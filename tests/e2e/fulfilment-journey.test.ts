// After "shipped", in Chromium (issue 25, docs/fulfilment.md): the shopper confirms a COD order
// on its page, the admin ships it from the order drawer (booked with the local test courier),
// the courier's page sends the events and the shopper's timeline shows Delivered; and a failed
// attempt answered with "Reattempt delivery", then delivered.
import { shortOrderId } from '@bagshop/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { createProduct, placeUnconfirmedOrder, shopperWithAddress, type Envelope, type OrderJson } from '../support/commerce';
import { startTestCourier, type CourierLocal } from '../support/courier';
import { logIn, waitForToast, WAIT } from '../support/shopper-ui';

const ADMIN = { email: 'admin@bagshop.test', password: 'Admin@123' };

describe('fulfilment journeys (Chromium)', () => {
  const chromium = useBrowser();
  let courier: CourierLocal;
  let adminUser: TestUser;
  let shopperContext: BrowserContext;
  let adminContext: BrowserContext;
  let courierContext: BrowserContext;

  beforeAll(async () => {
    courier = await startTestCourier();
    adminUser = await createTestUser({ role: 'admin' });
    shopperContext = await chromium.browser.newContext({ viewport: VIEWPORTS.mobile });
    adminContext = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    courierContext = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
  });

  afterAll(async () => {
    await courier.close();
  });

  async function codOrderFor() {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { price: 1800, discount: 0, stock: 5 });
    const placed = await placeUnconfirmedOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id });
    expect(placed.status).toBe(201);
    return { shopper, order: placed.body.data };
  }

  /** Clicks one event button of the AWB's card on the local test courier's page. */
  async function courierEvent(page: Page, awb: string, label: string) {
    await page.goto(courier.url, { waitUntil: 'load' });
    const card = page.getByRole('region', { name: `Shipment ${awb}` });
    await card.getByRole('button', { name: label }).click();
    await page.waitForURL(`${courier.url}/`);
  }

  it(
    'the shopper confirms a COD order, the admin ships it, the courier delivers, the timeline shows Delivered',
    { timeout: 180_000 },
    async () => {
      const { shopper, order } = await codOrderFor();
      const shopperPage = await shopperContext.newPage();
      await logIn(shopperPage, chromium.base, shopper.email, shopper.password);
      await shopperPage.goto(`${chromium.base}/orders/${order._id}`, { waitUntil: 'load' });
      const confirmBox = shopperPage.getByTestId('cod-confirmation');
      await confirmBox.waitFor(WAIT);
      await screenshot(shopperPage, 'fulfilment-cod-confirm-360');
      await confirmBox.getByRole('button', { name: 'Confirm order' }).click();
      await waitForToast(shopperPage, 'Order confirmed');
      await confirmBox.waitFor({ state: 'detached', ...WAIT });

      // The admin confirms and ships it from the drawer.
      const adminPage = await adminContext.newPage();
      await logIn(adminPage, chromium.base, ADMIN.email, ADMIN.password);
      await adminPage.goto(`${chromium.base}/admin`, { waitUntil: 'load' });
      const row = adminPage.locator(`tr[data-order-id="${order._id}"]`);
      await row.waitFor(WAIT);
      await row.click();
      const drawer = adminPage.getByRole('dialog').filter({ hasText: `Order #${shortOrderId(order._id)}` });
      await drawer.getByRole('button', { name: 'Mark as Confirmed' }).click();
      await waitForToast(adminPage, 'Order marked as Confirmed');
      await drawer.getByRole('button', { name: 'Ship', exact: true }).click();
      const shipDialog = adminPage.getByRole('dialog', { name: 'Ship the order' });
      await shipDialog.getByRole('button', { name: 'Ship', exact: true }).click();
      // Shipping books the parcel with the courier (login, order, AWB, pickup, label): allow for a cold function.
      await waitForToast(adminPage, 'Order shipped', 60_000);
      const awbText = await drawer.getByTestId('shipment-awb').innerText();
      const awb = awbText.replace(/^AWB /, '');
      expect(awb).toMatch(/^BST\d+$/);
      await screenshot(adminPage, 'fulfilment-admin-shipped-1280');

      // The courier's page walks the parcel to the door.
      const courierPage = await courierContext.newPage();
      for (const label of ['Picked up', 'In transit', 'Out for delivery']) await courierEvent(courierPage, awb, label);
      await shopperPage.getByText('Out for delivery').first().waitFor(WAIT);
      await courierEvent(courierPage, awb, 'Delivered');
      await screenshot(courierPage, 'fulfilment-courier-page-1280');

      // Live on the shopper's page: Delivered, with the courier's timeline.
      await shopperPage.locator('[data-status="completed"]').first().waitFor(WAIT);
      const tracking = shopperPage.getByTestId('shipment-tracking');
      await tracking.getByText('Delivered').waitFor(WAIT);
      expect(await tracking.getByText(`AWB ${awb}`).count()).toBe(1);
      await screenshot(shopperPage, 'fulfilment-delivered-360');
      const stored = (await admin().db.doc(`orders/${order._id}`).get()).data();
      expect((stored?.statusHistory as { status: string }[]).map((h) => h.status)).toEqual([
        'pending',
        'confirmed',
        'shipped',
        'out_for_delivery',
        'completed',
      ]);
    },
  );

  it('a failed attempt: the shopper chooses Reattempt delivery, the courier delivers', { timeout: 180_000 }, async () => {
    const { shopper, order } = await codOrderFor();
    expect((await api(`order/${order._id}/confirm-cod`, { method: 'POST', token: shopper.idToken, body: {} })).status).toBe(200);
    expect(
      (await api(`order/${order._id}/status`, { method: 'PATCH', token: adminUser.idToken, body: { status: 'confirmed' } })).status,
    ).toBe(200);
    const shipped = await api<Envelope<{ shipment: { awb: string } }>>(`order/${order._id}/shipments`, {
      method: 'POST',
      token: adminUser.idToken,
      body: {},
    });
    expect(shipped.status).toBe(201);
    const awb = shipped.body.data.shipment.awb;
    expect(await courier.send(awb, 'picked_up')).toBe(200);
    expect(await courier.send(awb, 'out_for_delivery')).toBe(200);
    expect(await courier.send(awb, 'failed_attempt', { reason: 'Customer not available' })).toBe(200);

    // A context of its own: the first journey's shopper is still signed in in the shared one.
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    await logIn(page, chromium.base, shopper.email, shopper.password);
    await page.goto(`${chromium.base}/orders/${order._id}`, { waitUntil: 'load' });
    const failed = page.getByTestId('failed-delivery');
    await failed.getByText('Customer not available', { exact: false }).first().waitFor(WAIT);
    await failed.getByLabel('Note for the courier (optional)').fill('Please call before coming');
    await screenshot(page, 'fulfilment-ndr-360');
    await failed.getByRole('button', { name: 'Reattempt delivery' }).click();
    await waitForToast(page, 'We will ask the courier to deliver again on that day');
    await failed.getByText('Another attempt is booked for', { exact: false }).waitFor(WAIT);
    expect(courier.shipments.get(awb)?.ndrActions.map((a) => a.action)).toEqual(['re-attempt']);

    expect(await courier.send(awb, 'out_for_delivery')).toBe(200);
    expect(await courier.send(awb, 'delivered')).toBe(200);
    await page.locator('[data-status="completed"]').first().waitFor(WAIT);
    const after = await api<Envelope<OrderJson>>(`order/${order._id}`, { token: shopper.idToken });
    expect(after.body.data.status).toBe('completed');
    await context.close();
  });
});

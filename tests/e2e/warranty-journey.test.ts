// Warranty in Chromium (issue 40, docs/warranty.md): a delivered bag is registered; its shopper
// files a claim with a photo from the order page (360 px) and follows it on /warranty/claims to
// "Replaced" while the admin moves it through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestUser, type TestUser } from '../support/api';
import { screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { createProduct, placeOrder, randomPng, shopperWithAddress } from '../support/commerce';
import { startTestCourier, type CourierLocal } from '../support/courier';
import { logIn, waitForToast, WAIT } from '../support/shopper-ui';

describe('warranty journey (Chromium)', () => {
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

  const as = (path: string, body: unknown, method = 'PATCH') => api(path, { method, token: adminUser.idToken, body });

  it('files a claim with a photo from the order page and follows it to Replaced', { timeout: 240_000 }, async () => {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { category: 'luggage', price: 4999, discount: 0, stock: 5 });
    const placed = await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id, quantity: 1 });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data._id;
    expect((await as(`order/${orderId}/status`, { status: 'confirmed' })).status).toBe(200);
    expect((await as(`order/${orderId}/shipments`, { courier: 'Delhivery', awb: `DL${Date.now()}` }, 'POST')).status).toBe(201);
    expect((await as(`order/${orderId}/status`, { status: 'completed' })).status).toBe(200);

    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    await logIn(page, chromium.base, shopper.email, shopper.password);
    await page.goto(`${chromium.base}/orders/${orderId}`, { waitUntil: 'load' });
    const panel = page.getByRole('region', { name: 'Warranty' });
    await panel.getByText('Lifetime warranty on shell, wheels and handles', { exact: false }).waitFor(WAIT);
    await panel.getByRole('button', { name: 'Claim under warranty' }).click();
    const modal = page.getByRole('dialog', { name: 'Claim under warranty' });
    await modal.getByLabel('What is wrong?').selectOption('wheel');
    await modal.getByLabel('Describe the problem').fill('The front left wheel snapped off at the airport');
    // Without a photo the form says so, before anything is sent.
    await modal.getByRole('button', { name: 'Submit claim' }).click();
    await modal.getByText('Add at least one photo of the problem').waitFor(WAIT);
    await modal.locator('input[type="file"]').setInputFiles({ name: 'wheel.png', mimeType: 'image/png', buffer: await randomPng() });
    await screenshot(page, 'warranty-claim-form-360');
    await modal.getByRole('button', { name: 'Submit claim' }).click();
    await waitForToast(page, 'submitted');
    const number = ((await panel.innerText()).match(/WAR-\d{4}-\d{5}/) ?? [''])[0];
    expect(number).toMatch(/^WAR-\d{4}-\d{5}$/);
    await panel.getByTestId(`claim-${number}`).getByText('Submitted').first().waitFor(WAIT);

    for (const body of [
      { status: 'approved' },
      { status: 'pickup_scheduled', courier: 'Delhivery', awb: 'RVP4455' },
      { status: 'received' },
      { status: 'replaced', courier: 'Delhivery', awb: 'DL998877' },
    ]) {
      const res = await as(`admin/warranty-claims/${number}`, body);
      expect(res.status).toBe(200);
    }

    await page.goto(`${chromium.base}/warranty/claims`, { waitUntil: 'load' });
    const claim = page.getByTestId(`claim-${number}`);
    await claim.getByTestId('claim-status').getByText('Replaced').waitFor(WAIT);
    for (const step of ['Submitted', 'Approved', 'Pickup scheduled', 'Received', 'Replaced'])
      await claim.getByText(step, { exact: true }).first().waitFor(WAIT);
    await claim.getByText(/Replacement: .* × 1, ₹0/).waitFor(WAIT);
    console.log(`warranty claim timeline:\n${await claim.innerText()}`);
    await screenshot(page, 'warranty-claims-replaced-360');
    await context.close();
  });
});

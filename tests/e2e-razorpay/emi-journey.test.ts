// EMI in Chromium (issue 43), on emulators whose function and web app run with
// PAYMENT_PROVIDER=razorpay: the product page's "EMI from ₹X/month" and its table of banks ×
// tenures with JavaScript off (a <details>, server-drawn), and an EMI checkout: "EMI / Pay Later"
// at checkout, the local Razorpay test page opening on Card EMI, a bank and tenure, Pay, and the
// order page saying the method and plan. Screenshots at 360 and 1280 px.
import { emiInstalmentPaise, formatRupeesPaise, shortOrderId } from '@bagshop/domain';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../support/api';
import { screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { createProduct, setCart, shopperWithAddress, storedOrder } from '../support/commerce';
import { startTestRazorpay, type RazorpayLocal } from '../support/razorpay';
import { logIn, shootBoth, WAIT, waitForPath } from '../support/shopper-ui';

describe('EMI (PAYMENT_PROVIDER=razorpay)', () => {
  const chromium = useBrowser();
  let checkout: RazorpayLocal;
  let adminUser: TestUser;

  beforeAll(async () => {
    checkout = await startTestRazorpay();
    adminUser = await createTestUser({ role: 'admin' });
  });

  afterAll(async () => {
    await checkout.close();
  });

  it('a ₹7,999 trolley: "EMI from ₹X/month" opens the banks × tenures table before JavaScript, every figure with its rate, tenure and total', async () => {
    const product = await createProduct(adminUser, { price: 8999, discount: 1000, stock: 5 });
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      const context = await chromium.browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${chromium.base}/product/${product._id}`, { waitUntil: 'load' });
      const emi = page.getByTestId('emi-plans');
      const lowest = emiInstalmentPaise(799_900, 13, 12); // Bank of Baroda / IndusInd, 13 % for 12 months
      const summary = emi.locator('summary');
      expect(await summary.innerText()).toBe(
        `EMI from ${formatRupeesPaise(lowest)}/month (12 months, Bank of Baroda at 13 % a year, total payable ${formatRupeesPaise(lowest * 12)})`,
      );
      const table = page.getByRole('table', { name: /Card EMI on ₹7,999.00/ });
      expect(await table.isVisible()).toBe(false);
      await summary.click();
      await table.waitFor(WAIT);
      const hdfc3 = emiInstalmentPaise(799_900, 15, 3);
      const cell = table.locator('[data-plan="HDFC-3"]');
      expect((await cell.innerText()).split('\n')).toEqual([
        `${formatRupeesPaise(hdfc3)}/month`,
        '15 % a year · 3 months',
        `Total ${formatRupeesPaise(hdfc3 * 3)}`,
      ]);
      expect(await table.locator('tbody tr').count()).toBe(13); // every bank's minimum is at most ₹5,000
      expect(await table.locator('td').filter({ hasText: 'No-cost' }).count()).toBe(0); // no no-cost offer: none says it
      // No script runs on this page: the support's screenshot waits on animation frames, so take it directly.
      await page.screenshot({ path: `test-results/screenshots/emi-table-no-js-${viewport.width}.png`, fullPage: true });
      // The table as text, for docs/emi.md's figures.
      if (viewport === VIEWPORTS.desktop) writeFileSync('test-results/emi-table-7999.txt', await table.innerText());
      await context.close();
    }
  });

  it('checkout → "EMI / Pay Later" → the test page on Card EMI → HDFC Bank, 6 months → Pay → the order says Card EMI and its plan', async () => {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { price: 8999, discount: 1000, stock: 5 });
    await setCart(shopper.uid, { [product._id]: 1 });

    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await logIn(page, chromium.base, shopper.email, shopper.password);
    await page.goto(`${chromium.base}/cart`, { waitUntil: 'load' });
    // The cart says the same for its total.
    await page
      .getByTestId('emi-plans')
      .getByText(/^EMI from ₹/)
      .waitFor(WAIT);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shipping Address & Payment' });
    await dialog.waitFor(WAIT);
    const methodId = await dialog.locator('label', { hasText: 'Payment method' }).getAttribute('for');
    await page.locator(`[id="${methodId ?? ''}"]`).click();
    await page.getByRole('option', { name: 'EMI / Pay Later' }).click();
    await screenshot(page, 'emi-checkout-choice');
    await dialog.getByRole('button', { name: 'Place Order' }).click();

    try {
      await page.getByText('Test payment — no money moves').waitFor({ timeout: 40_000 });
    } catch (error) {
      await screenshot(page, 'emi-checkout-no-test-page');
      throw error;
    }
    expect(await page.getByRole('radio', { name: 'Card EMI' }).isChecked()).toBe(true);
    await page.getByLabel('Bank and tenure').selectOption('HDFC:6');
    await shootBoth(page, 'razorpay-emi-page');
    await page.getByRole('button', { name: 'Pay ₹7,999' }).click();
    await waitForPath(page, '/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 30_000 });

    const link = [...checkout.links.values()].at(-1);
    const orderId = String(link?.notes.orderId ?? '');
    const paid = await storedOrder(orderId);
    expect(paid.status).toBe('confirmed');
    expect(paid.payment.plan).toMatchObject({ method: 'emi', issuer: 'HDFC', tenureMonths: 6, annualRatePercent: 15 });

    await page.goto(`${chromium.base}/orders/${orderId}`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: `Order #${shortOrderId(orderId)}` }).waitFor(WAIT);
    const instalment = emiInstalmentPaise(799_900, 15, 6);
    const plan = page.getByTestId('payment-plan');
    await plan.waitFor(WAIT);
    expect(await plan.innerText()).toBe(
      `Paid by Card EMI: HDFC Bank, 6 months at 15 % a year, ${formatRupeesPaise(instalment)}/month, total payable ${formatRupeesPaise(instalment * 6)}`,
    );
    await shootBoth(page, 'razorpay-emi-order');
    await page.close();
  });
});

// Paying by UPI through Razorpay in Chromium (issue 24), on emulators whose function and web
// app run with PAYMENT_PROVIDER=razorpay (scripts/test.ts runs this folder on its own): the
// cart, the checkout's "Pay Online (UPI, Cards, Netbanking)", the local Razorpay test page
// (scripts/razorpay-local) with its UPI QR, Pay, "Payment Successful!", and the order
// confirmed with its tax invoice. Screenshots at 360 and 1280 px.
import { formatINR, salePrice, shortOrderId } from '@bagshop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../support/api';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { createProduct, setCart, shopperWithAddress, stockOf, storedOrder } from '../support/commerce';
import { startTestRazorpay, type RazorpayLocal } from '../support/razorpay';
import { logIn, shootBoth, WAIT, waitForPath } from '../support/shopper-ui';

describe('paying with Razorpay (PAYMENT_PROVIDER=razorpay)', () => {
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

  it('cart → checkout → UPI on the test page → Pay → Payment Successful → the order confirmed with its invoice', async () => {
    const shopper = await shopperWithAddress();
    const product = await createProduct(adminUser, { price: 2499, discount: 300, stock: 5 });
    await setCart(shopper.uid, { [product._id]: 2 });
    const total = formatINR(salePrice(2499, 300) * 2);

    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await logIn(page, chromium.base, shopper.email, shopper.password);
    await page.goto(`${chromium.base}/cart`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shipping Address & Payment' });
    await dialog.waitFor(WAIT);
    const methodId = await dialog.locator('label', { hasText: 'Payment method' }).getAttribute('for');
    await page.locator(`[id="${methodId ?? ''}"]`).click();
    // The label follows the provider; Stripe's would be "Pay Online (Card)".
    expect(await page.getByRole('option', { name: 'Pay Online (Card)' }).count()).toBe(0);
    await page.getByRole('option', { name: 'Pay Online (UPI, Cards, Netbanking)' }).click();
    await dialog.getByRole('button', { name: 'Place Order' }).click();

    // Razorpay's hosted page, stood in for by the local test checkout.
    await page.getByText('Test payment — no money moves').waitFor(WAIT);
    expect(page.url().startsWith(`${checkout.url}/`)).toBe(true);
    const link = [...checkout.links.values()].at(-1);
    if (!link) throw new Error('No payment link was created');
    expect(link.amount).toBe(salePrice(2499, 300) * 2 * 100);
    expect(link.currency).toBe('INR');
    expect(await stockOf(product._id)).toBe(3); // held while the shopper pays
    const upi = page.getByRole('radio', { name: /UPI/ });
    expect(await upi.isChecked()).toBe(true);
    await page.getByRole('img', { name: `UPI QR code for ${total}` }).waitFor(WAIT);
    await shootBoth(page, 'razorpay-test-page');

    await page.getByRole('button', { name: `Pay ${total}` }).click();
    await waitForPath(page, '/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 30_000 });
    expect(checkout.deliveries.filter((d) => d.event === 'payment_link.paid' || d.event === 'payment.captured').length).toBeGreaterThan(0);
    const orderId = String(link.notes.orderId ?? '');
    const paid = await storedOrder(orderId);
    expect(paid.status).toBe('confirmed');
    expect(paid.payment).toMatchObject({ provider: 'razorpay', status: 'paid' });
    await shootBoth(page, 'razorpay-payment-success');

    // The order page: confirmed, with its tax invoice.
    await page.goto(`${chromium.base}/orders/${orderId}`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: `Order #${shortOrderId(orderId)}` }).waitFor(WAIT);
    const invoice = page.getByRole('region', { name: 'Tax invoice' });
    await invoice.getByText(/^Invoice BS\//).waitFor(WAIT);
    await page.locator('[data-status="confirmed"]').first().waitFor(WAIT);
    await page.getByText('Pay Online (UPI, Cards, Netbanking)', { exact: true }).waitFor(WAIT);
    await shootBoth(page, 'razorpay-order-confirmed');
    await page.close();
  });
});

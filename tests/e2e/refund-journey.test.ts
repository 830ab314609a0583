// A paid card order cancelled by the admin, in Chromium (issue 10): the admin drawer shows
// the payment, a flag for an extra payment that was refunded automatically, and the refund
// once the order is cancelled; the shopper's order page shows the refund, live.
import { formatINR, shortOrderId } from '@bagshop/domain';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, createTestUser, type TestUser } from '../support/api';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { createProduct, placeOrder, shopperWithAddress, type Envelope, type OrderJson } from '../support/commerce';
import { logIn, shootBoth, WAIT } from '../support/shopper-ui';
import { eventually, payOnPage, startTestCheckout, stripeClient, type StripeLocal } from '../support/stripe';

async function stored(id: string) {
  return (await admin().db.doc(`orders/${id}`).get()).data() ?? {};
}

describe('refund of a paid card order', () => {
  const chromium = useBrowser();
  let checkout: StripeLocal;
  let adminUser: TestUser;
  let shopper: Awaited<ReturnType<typeof shopperWithAddress>>;
  let order: OrderJson;

  beforeAll(async () => {
    checkout = await startTestCheckout();
    [adminUser, shopper] = await Promise.all([createTestUser({ role: 'admin', firstname: 'Meera' }), shopperWithAddress()]);
    const product = await createProduct(adminUser, { price: 3200, discount: 200, stock: 5 });
    order = (await placeOrder(shopper, { paymentMethod: 'ONLINE', addressId: shopper.addressId, productId: product._id, quantity: 2 })).body
      .data;
    const pay = await api<Envelope<{ sessionId: string }>>('payment', {
      method: 'POST',
      token: shopper.idToken,
      body: { orderId: order._id },
    });
    await payOnPage(checkout, pay.body.data.sessionId);
    await eventually(async () => (await stored(order._id)).payment.status === 'paid', 20_000, 'the payment');
    // The shopper pays a second time from an old tab: refunded automatically, flagged for the admin.
    const again: Stripe.Checkout.Session = await stripeClient(checkout).checkout.sessions.create({
      mode: 'payment',
      currency: 'inr',
      line_items: [
        { quantity: 1, price_data: { currency: 'inr', unit_amount: order.totalAmount * 100, product_data: { name: 'Same order' } } },
      ],
      client_reference_id: shopper.uid,
      metadata: { orderId: order._id },
      payment_intent_data: { metadata: { orderId: order._id } },
      success_url: 'http://127.0.0.1/ok',
      cancel_url: 'http://127.0.0.1/no',
    });
    await payOnPage(checkout, again.id);
    await eventually(
      async () => (await stored(order._id)).payment.extraPayments?.[0]?.refund?.status === 'succeeded',
      20_000,
      'the extra refund',
    );
  });

  afterAll(async () => {
    await checkout.close();
  });

  it('the admin sees the flag, cancels, and the refund is recorded; the shopper sees it on the order', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await logIn(page, chromium.base, adminUser.email, adminUser.password);
    await page.goto(`${chromium.base}/admin`, { waitUntil: 'load' });
    await page.getByLabel('Search orders').fill(order._id.slice(-8));
    await page.locator(`tr[data-order-id="${order._id}"]`).click();
    const drawer = page.getByRole('dialog').filter({ hasText: `Order #${shortOrderId(order._id)}` });
    await drawer.getByTestId('order-attention').waitFor(WAIT);
    expect(await drawer.getByTestId('order-attention').textContent()).toMatch(/is being refunded/);
    expect(await drawer.getByTestId('admin-payment-status').textContent()).toBe('Paid');
    await drawer.getByText(/Extra payment .* Refunded/).waitFor(WAIT);
    await shootBoth(page, 'admin-order-drawer-attention');

    await drawer.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel order' });
    expect(await confirm.textContent()).toContain(`The card payment of ${formatINR(order.totalAmount)} is refunded through Stripe.`);
    await confirm.getByRole('button', { name: 'Yes, cancel order' }).click();
    await confirm.waitFor({ state: 'hidden', ...WAIT });
    await drawer.getByTestId('admin-refund').waitFor(WAIT);
    await drawer.getByTestId('admin-refund').scrollIntoViewIfNeeded();
    expect(await drawer.getByTestId('admin-refund').textContent()).toMatch(
      /^(Refund of ₹[\d,]+ pending since|Refunded ₹[\d,]+) .*re_test_/,
    );
    await shootBoth(page, 'admin-order-drawer-refund');
    expect((await stored(order._id)).status).toBe('cancelled');
    await page.close();

    // The shopper's order page follows the order live: Refund pending, then Refunded.
    const shopperPage = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await logIn(shopperPage, chromium.base, shopper.email, shopper.password);
    await shopperPage.goto(`${chromium.base}/orders/${order._id}`, { waitUntil: 'load' });
    await shopperPage.getByTestId('payment-status').getByText('Refunded').waitFor(WAIT);
    expect(await shopperPage.getByTestId('refund-status').textContent()).toMatch(
      new RegExp(`^Refunded ${formatINR(order.totalAmount).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} on`),
    );
    await shootBoth(shopperPage, 'shopper-order-refunded');
    await shopperPage.close();
  });
});

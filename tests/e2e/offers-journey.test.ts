// Offers in Chromium (issue 28, docs/offers.md): a new shopper applies WELCOME10 in the cart
// (the demo code the test stages seed), sees the price before and after, opens the checkout,
// switches to Pay Online and sees the extra saving of a prepaid-only offer, and pays through
// the local test checkout; the order's total is the server's.
import { formatINR } from '@bagshop/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, api, createTestUser } from '../support/api';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { addAddress, createProduct, setCart } from '../support/commerce';
import { logIn, shootBoth, WAIT, waitForPath } from '../support/shopper-ui';
import { eventually, startTestCheckout } from '../support/stripe';

async function choosePayOnline(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Shipping Address & Payment' });
  const methodId = await dialog.locator('label', { hasText: 'Payment method' }).getAttribute('for');
  await page.locator(`[id="${methodId ?? ''}"]`).click();
  await page.getByRole('option', { name: 'Pay Online (Card)' }).click();
}

describe('offers journey in Chromium', () => {
  const chromium = useBrowser();

  it('applies WELCOME10 in the cart, switches to Pay Online for the extra saving, and pays', { timeout: 180_000 }, async () => {
    const checkout = await startTestCheckout();
    try {
      const adminUser = await createTestUser({ role: 'admin' });
      const product = await createProduct(adminUser, { price: 3000, discount: 0, stock: 5, category: 'luggage' });
      // A prepaid-only automatic offer for this bag only (other tests' totals stay as they are).
      const prepaid = await api<{ data: { _id: string } }>('admin/offers', {
        method: 'POST',
        token: adminUser.idToken,
        body: {
          title: 'Pay online: extra 5 % off',
          kind: 'percent',
          value: 5,
          paymentMethods: ['ONLINE'],
          appliesTo: { productIds: [product._id] },
          startsAt: '2026-11-01',
          endsAt: '2027-03-31',
          combinable: true,
        },
      });
      expect(prepaid.status).toBe(201);
      const user = await createTestUser({ firstname: 'Meera' });
      await addAddress(user.uid);
      await setCart(user.uid, { [product._id]: 1 });

      const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
      await logIn(page, chromium.base, user.email, user.password);
      await page.goto(`${chromium.base}/cart`, { waitUntil: 'load' });
      await page.getByText(product.name).first().waitFor(WAIT);
      // Nothing pre-applied: the cart only says what paying online would save.
      await page.getByTestId('online-saving').getByText('Pay online and save ₹150 at checkout').waitFor(WAIT);
      expect(await page.getByTestId('offer-discounts').count()).toBe(0);

      // A wrong code first, then WELCOME10 (10 % off a first order).
      await page.getByRole('textbox', { name: 'Coupon code' }).fill('NOSUCHCODE');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('This code cannot be used on this cart').waitFor(WAIT);
      await page.getByRole('textbox', { name: 'Coupon code' }).fill('welcome10');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('Code WELCOME10 applied').waitFor(WAIT);
      const discounts = page.getByTestId('offer-discounts');
      await discounts.getByText('Code WELCOME10: Welcome: 10 % off your first order').waitFor(WAIT);
      await discounts.getByText('Ends 31 March 2027').waitFor(WAIT);
      const total = page.getByTestId('offer-total');
      await total.getByText('₹2,700').waitFor(WAIT);
      await total.getByText('₹3,000').waitFor(WAIT); // before, struck through beside it
      await page.getByTestId('online-saving').getByText('Pay online and save ₹135 at checkout').waitFor(WAIT);
      await shootBoth(page, 'offers-cart');

      // Checkout: cash on delivery first, then Pay Online takes the prepaid offer too.
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      const dialog = page.getByRole('dialog', { name: 'Shipping Address & Payment' });
      await dialog.getByText('Pay online and save ₹135').waitFor(WAIT);
      await dialog.getByTestId('offer-total').getByText('₹2,700').waitFor(WAIT);
      await choosePayOnline(page);
      await dialog.getByText('Pay online: extra 5 % off').waitFor(WAIT);
      await dialog.getByTestId('offer-total').getByText('₹2,565').waitFor(WAIT);
      await shootBoth(page, 'offers-checkout-online');
      await dialog.getByRole('button', { name: 'Place Order' }).click();

      // The test checkout asks for the server's total, and paying confirms the order.
      const paid = formatINR(2565);
      await page.getByRole('heading', { name: 'Pay Bagshop' }).waitFor(WAIT);
      await page.getByRole('button', { name: `Pay ${paid}` }).click();
      await waitForPath(page, '/payment-success');
      await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 30_000 });
      const orders = await eventually(
        async () => {
          const docs = (await admin().db.collection('orders').where('userId', '==', user.uid).get()).docs;
          return docs.length === 1 && docs[0]?.get('status') === 'confirmed' ? docs : null;
        },
        20_000,
        'the order to be confirmed',
      );
      const order = orders[0]?.data() ?? {};
      expect(order.totalAmount).toBe(2565);
      expect(order.offerDiscountPaise).toBe(43500);
      expect((order.offers as { title: string }[]).map((o) => o.title)).toEqual([
        'Welcome: 10 % off your first order',
        'Pay online: extra 5 % off',
      ]);
      await page.close();
    } finally {
      await checkout.close();
    }
  });
});

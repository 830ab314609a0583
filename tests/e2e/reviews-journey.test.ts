// Reviews in Chromium (docs/reviews.md): a shopper with a delivered order opens it, follows
// "Review this bag", writes a review with a photo, and sees it on the product page marked
// "Verified buyer"; the admin replies from the moderation page, and the reply shows under the
// review. Screenshots at 1280 and 360 px.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createTestUser, type TestUser } from '../support/api';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { createProduct, placeOrder, shopperWithAddress, type Envelope, type OrderJson, type ProductJson } from '../support/commerce';
import { logIn, shootBoth, waitForToast, WAIT } from '../support/shopper-ui';

const TEXT = 'Took it on a week-long trip to Goa: roomy, the wheels are quiet and the zip never stuck.';

async function photo(): Promise<Buffer> {
  return sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
    .jpeg()
    .toBuffer();
}

describe('reviews journey', () => {
  const chromium = useBrowser();
  let adminUser: TestUser;
  let shopper: Awaited<ReturnType<typeof shopperWithAddress>>;
  let product: ProductJson;
  let order: OrderJson;

  beforeAll(async () => {
    [adminUser, shopper] = await Promise.all([createTestUser({ role: 'admin', firstname: 'Meera' }), shopperWithAddress()]);
    product = await createProduct(adminUser, { price: 4200, discount: 700, stock: 5, category: 'luggage' });
    order = (await placeOrder(shopper, { paymentMethod: 'COD', addressId: shopper.addressId, productId: product._id, quantity: 1 })).body
      .data;
    // Delivered through the admin lifecycle, as a real order is.
    for (const status of ['confirmed', 'shipped', 'completed']) {
      const moved = await api<Envelope<OrderJson>>(`order/${order._id}/status`, {
        method: 'PATCH',
        token: adminUser.idToken,
        body: { status },
      });
      expect(moved.status, `move to ${status}: ${JSON.stringify(moved.body)}`).toBe(200);
    }
  });

  it('delivered order → review with a photo → on the product page as a verified buyer → the admin replies', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await logIn(page, chromium.base, shopper.email, shopper.password);
    await page.goto(`${chromium.base}/orders/${order._id}`, { waitUntil: 'load' });
    await page.getByRole('link', { name: /^Review this bag/ }).click(WAIT);

    // The form opens from the order page's link.
    const form = page.getByRole('form', { name: 'Write a review' });
    await form.waitFor(WAIT);
    await form.getByRole('button', { name: 'Submit review' }).click();
    await form.getByText('Choose a rating from 1 to 5 stars').waitFor(WAIT);
    // The stars are radios drawn over hidden inputs: chosen from the keyboard, as a screen-reader user would.
    const four = form.getByRole('radio', { name: '4 stars' });
    await four.focus();
    await page.keyboard.press('Space');
    expect(await four.isChecked()).toBe(true);
    await form.getByLabel(/^Title/).fill('Roomy and quiet');
    await form.getByLabel(/^Your review/).fill(TEXT);
    await form.locator('input[type="file"]').setInputFiles({ name: 'bag.jpg', mimeType: 'image/jpeg', buffer: await photo() });
    await form.getByRole('button', { name: 'Submit review' }).click();
    await waitForToast(page, 'Thank you! Your review is published');

    const review = page.getByTestId('review').filter({ hasText: 'Roomy and quiet' });
    await review.waitFor(WAIT);
    await review.getByText('Verified buyer').waitFor(WAIT);
    await review.getByRole('img', { name: /Photo 1 of/ }).waitFor(WAIT);
    await page.getByTestId('own-review').getByText('Published').waitFor(WAIT);

    // The admin replies from the moderation page, filtered to this bag.
    const adminPage = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await logIn(adminPage, chromium.base, adminUser.email, adminUser.password);
    await adminPage.goto(`${chromium.base}/admin/reviews?productId=${product._id}`, { waitUntil: 'load' });
    const card = adminPage.getByTestId('admin-review').filter({ hasText: 'Roomy and quiet' });
    await card.waitFor(WAIT);
    await card.getByRole('button', { name: 'Reply' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Reply publicly' });
    await dialog.getByLabel(/^Your reply/).fill('Thank you! Happy travels from the Bagshop team.');
    await dialog.getByRole('button', { name: 'Post reply' }).click();
    await waitForToast(adminPage, 'Reply saved');
    await card.getByText('Your reply:').waitFor(WAIT);
    await shootBoth(adminPage, 'reviews-admin');

    // Anyone sees it on the product page: the summary, the review, the reply.
    const visitor = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await visitor.goto(`${chromium.base}/product/${product._id}`, { waitUntil: 'load' });
    await visitor.getByTestId('rating-average').filter({ hasText: '4.0' }).waitFor(WAIT);
    const seen = visitor.getByTestId('review').filter({ hasText: 'Roomy and quiet' });
    await seen.getByText('Verified buyer').waitFor(WAIT);
    await seen.getByTestId('seller-reply').getByText('Happy travels').waitFor(WAIT);
    const ld = await visitor.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((text) => text.includes('"aggregateRating"') && text.includes('"reviewCount":1'))).toBe(true);
    await visitor.locator('#reviews').scrollIntoViewIfNeeded();
    await shootBoth(visitor, 'reviews-product-page');
    await Promise.all([page.close(), adminPage.close(), visitor.close()]);
  });
});

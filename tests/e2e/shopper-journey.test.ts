// A shopper's journeys in Chromium against the emulator stack: register (an invalid phone
// first), the live cart, checkout with cash on delivery and a new address, the order on
// /orders, its detail and cancelling it; the guards; the demo shopper's orders; Google
// sign-in through the emulator chooser; the profile dialog.
import { formatINR, salePrice, shortOrderId, type Product } from '@bagshop/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signIn, uniqueEmail } from '../support/api';
import { launchBrowser, screenshot, VIEWPORTS } from '../support/browser';
import { hostingUrl } from '../support/emulators';

const WAIT = { timeout: 20_000 };

/** Full-page screenshots at 1280 and 360 px of what is on screen now. */
async function shootBoth(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.waitForTimeout(400);
  await screenshot(page, `${name}-360`);
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.waitForTimeout(200);
}

describe('shopper journeys in Chromium', () => {
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    base = await hostingUrl();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a signed-out visitor from /cart, /orders and /change-password to /auth with "You are not logged in"', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    for (const path of ['/cart', '/orders', '/change-password']) {
      await page.goto(`${base}${path}`, { waitUntil: 'load' });
      await page.waitForURL(`${base}/auth`, WAIT);
      await page.getByText('You are not logged in').first().waitFor(WAIT);
    }
    await page.goto(`${base}/profile`, { waitUntil: 'load' });
    await page.waitForURL(`${base}/auth`, WAIT);
    await page.getByText('Please login to view your profile').first().waitFor(WAIT);
    await page.close();
  });

  it('registers, fills the cart live, checks out COD to a new address, and cancels the order', { timeout: 180_000 }, async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const email = uniqueEmail('journey');
    const password = 'Journey@123';

    // Register: an invalid phone first.
    await page.goto(`${base}/auth`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Login' }).waitFor(WAIT);
    await shootBoth(page, 'shopper-auth');
    await page.getByText('Register', { exact: true }).click();
    await page.getByLabel('First name', { exact: true }).fill('Asha');
    await page.getByLabel('Last name', { exact: true }).fill('Verma');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Phone number', { exact: true }).fill('98765');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Phone must be 10 digits').waitFor(WAIT);
    expect(page.url()).toBe(`${base}/auth`);
    await page.getByLabel('Phone number', { exact: true }).fill('9876501234');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${base}/`, WAIT);
    await page.getByText('Account created successfully').waitFor(WAIT);

    // The cart starts empty, and a line added elsewhere (the API, as another tab would) shows live.
    await page.goto(`${base}/cart`, { waitUntil: 'load' });
    await page.getByText('Your cart is empty').waitFor(WAIT);
    const luggage = (await api<{ data: Product[] }>('products/category/luggage')).body.data;
    const product = luggage.find((p) => p.stock >= 5 && p.discount > 0);
    if (!product) throw new Error('No discounted luggage with stock in the demo data');
    const { idToken } = await signIn(email, password);
    const added = await api(`cart/${product._id}`, { method: 'POST', token: idToken, body: { quantity: 1 } });
    expect(added.status).toBe(200);
    const line = page.getByRole('article', { name: product.name });
    await line.waitFor(WAIT);
    expect(await page.getByTestId('cart-item-count').textContent()).toBe('1 item');

    // Change the quantity with +.
    await page.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
    await page.getByTestId('cart-item-count').getByText('2 items').waitFor(WAIT);
    expect(await line.getByTestId('line-quantity').textContent()).toBe('2');
    const total = formatINR(salePrice(product.price, product.discount) * 2);
    expect(await line.getByTestId('line-total').textContent()).toBe(total);
    await shootBoth(page, 'shopper-cart');

    // Checkout: a new address (the 'Required' messages first), cash on delivery.
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shipping Address & Payment' });
    await dialog.waitFor(WAIT);
    await dialog.getByLabel('Street address', { exact: true }).waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    expect(await dialog.getByText('Required', { exact: true }).count()).toBe(4);
    await page.getByText('Please fill all required fields').waitFor(WAIT);
    await dialog.getByLabel('Street address', { exact: true }).fill('12, MG Road');
    await dialog.getByLabel('City', { exact: true }).fill('Bengaluru');
    await dialog.getByPlaceholder('Choose a state').fill('Karna');
    await page.getByRole('option', { name: 'Karnataka' }).click();
    await dialog.getByLabel('Postal code', { exact: true }).fill('560001');
    await dialog.getByLabel('Landmark', { exact: true }).fill('Opposite the metro');
    await shootBoth(page, 'shopper-checkout');
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('Order placed successfully with COD').waitFor(WAIT);
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    // COD clears the ordered lines at once, and the cart page sees it live.
    await page.getByText('Your cart is empty').waitFor(WAIT);

    // The order on /orders (live), then its detail.
    await page.goto(`${base}/orders`, { waitUntil: 'load' });
    const card = page.getByRole('article').filter({ hasText: `${product.name} × 2` });
    await card.waitFor(WAIT);
    await card.getByText('Pending').waitFor(WAIT);
    expect(await card.textContent()).toContain(total);
    expect(await card.textContent()).toContain('12, MG Road, Bengaluru, Karnataka, India, 560001');
    await shootBoth(page, 'shopper-orders');
    await card.getByRole('link', { name: /View order/ }).click();
    await page.waitForURL(/\/orders\/[A-Za-z0-9_-]+$/, WAIT);
    const orderId = page.url().split('/').pop() ?? '';
    await page.getByRole('heading', { name: `Order #${shortOrderId(orderId)}` }).waitFor(WAIT);
    await page.getByText('Cash on Delivery').waitFor(WAIT);
    await page.getByText('Opposite the metro').waitFor(WAIT);
    await shootBoth(page, 'shopper-order-detail');

    // Cancel while pending: a confirmation, then the status turns Cancelled live.
    await page.getByRole('button', { name: 'Cancel Order' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel Order' });
    await confirm.getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByText('Order cancelled').waitFor(WAIT);
    await page.locator('[data-status="cancelled"]').first().waitFor(WAIT);
    await page.getByRole('button', { name: 'Cancel Order' }).first().waitFor({ state: 'detached', ...WAIT });

    // The profile dialog over the current page: view mode with the initials avatar.
    await page.getByRole('button', { name: 'Profile' }).click();
    const profile = page.getByRole('dialog', { name: 'My Profile' });
    await profile.getByText('Asha Verma').waitFor(WAIT);
    await profile.getByText('AV', { exact: true }).waitFor(WAIT);
    await profile.getByText(email).first().waitFor(WAIT);
    await shootBoth(page, 'shopper-profile');
    await page.close();
  });

  it('logs the demo shopper in with a welcome and shows the two seeded orders', { timeout: 90_000 }, async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    await page.goto(`${base}/auth`, { waitUntil: 'load' });
    await page.getByLabel('Email', { exact: true }).fill('shopper@bagshop.test');
    await page.getByLabel('Password', { exact: true }).fill('Shopper@123');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${base}/`, WAIT);
    await page.getByText('Welcome back, Rahul').waitFor(WAIT);
    await page.goto(`${base}/orders`, { waitUntil: 'load' });
    for (const id of ['demo-order-1', 'demo-order-2']) {
      await page.getByRole('article', { name: `Order #${shortOrderId(id)}` }).waitFor(WAIT);
    }
    expect(await page.getByRole('article', { name: `Order #${shortOrderId('demo-order-1')}` }).getByText('Completed').count()).toBe(1);
    // A signed-in visitor to /auth goes home.
    await page.goto(`${base}/auth`, { waitUntil: 'load' });
    await page.waitForURL(`${base}/`, WAIT);
    await page.close();
  });

  it('rejects a wrong password with "Invalid email or password" and stays on /auth', { timeout: 60_000 }, async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${base}/auth`, { waitUntil: 'load' });
    await page.getByLabel('Email', { exact: true }).fill('shopper@bagshop.test');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid email or password').waitFor(WAIT);
    expect(page.url()).toBe(`${base}/auth`);
    await page.close();
  });

  it('signs in with Google through the emulator chooser and creates the profile', { timeout: 90_000 }, async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${base}/auth`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose a Google account' });
    await chooser.getByLabel('Google email', { exact: true }).fill(uniqueEmail('google'));
    await chooser.getByLabel('Name', { exact: true }).fill('Meera Iyer');
    await chooser.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${base}/`, WAIT);
    await page.getByText('Welcome back, Meera').waitFor(WAIT);
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('dialog', { name: 'My Profile' }).getByText('Meera Iyer').waitFor(WAIT);
    await page.close();
  });
});

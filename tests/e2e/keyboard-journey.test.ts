// A shopper with the keyboard alone (issue 17, docs/accessibility.md): sign in, browse a
// category, open a product, add it to the cart, check out with a new address and cash on
// delivery. Every control is reached with Tab and used with Enter, Space, typing or the arrow
// keys (no mouse clicks), and every control acted on shows a visible focus ring.
import type { Product } from '@bagshop/domain';
import { describe, expect, it } from 'vitest';
import { api, createTestUser } from '../support/api';
import { screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { ordersOf } from '../support/commerce';
import { tabTo, type FocusStyle } from '../support/keyboard';
import { label, WAIT, waitForPath } from '../support/shopper-ui';

function expectRing(style: FocusStyle) {
  expect(style.visible, `no visible focus ring on ${style.element}: outline ${style.outline}, box-shadow ${style.boxShadow}`).toBe(true);
}

describe('keyboard only (Chromium, 1280 px)', () => {
  const chromium = useBrowser();

  it(
    'browses, adds to cart and checks out COD with Tab, Enter, typing and arrows, with a visible focus ring',
    { timeout: 180_000 },
    async () => {
      const user = await createTestUser({ firstname: 'Keya' });
      const luggage = (await api<{ data: Product[] }>('products/category/luggage')).body.data;
      const product = luggage.find((p) => p.stock >= 2);
      // Luggage comes in sizes and colours (issue 23): the journey chooses one with stock for two.
      const variant = product?.variants?.find((v) => v.stock >= 2);
      if (!product || !variant) throw new Error('No luggage in stock in the demo data');
      const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
      const tab = async (target: Parameters<typeof tabTo>[1], options?: Parameters<typeof tabTo>[2]) =>
        expectRing(await tabTo(page, target, options));

      // Sign in: the fields by Tab, Enter submits the form.
      await page.goto(`${chromium.base}/auth`, { waitUntil: 'load' });
      await tab(page.getByLabel(label('Email')));
      await page.keyboard.type(user.email);
      await tab(page.getByLabel(label('Password')));
      await page.keyboard.type(user.password);
      await page.keyboard.press('Enter');
      await waitForPath(page, '/');

      // The skip link comes first and moves focus to the page's content.
      await page.goto(`${chromium.base}/`, { waitUntil: 'load' });
      await tab(page.getByRole('link', { name: 'Skip to content' }));
      await screenshot(page, 'keyboard-skip-link-1280');

      // Browse: the header's Luggage link.
      await tab(page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Luggage' }));
      await page.keyboard.press('Enter');
      await waitForPath(page, '/luggage');

      // The product's name is its link (the picture repeats it for the mouse only).
      // (Its "Choose options" button links there too.)
      const productLink = page.locator(`a[href="/product/${product._id}"]:not([tabindex="-1"])`).first();
      await tab(productLink);
      await screenshot(page, 'keyboard-product-link-1280');
      await page.keyboard.press('Enter');
      await waitForPath(page, `/product/${product._id}`);

      // The product page: quantity 2 with the arrow key, then Add to cart.
      await page.getByRole('heading', { name: product.name }).waitFor(WAIT);
      // Size and colour: buttons in radio groups, chosen with Enter. Before the app is live each is
      // a link to the page drawn with that choice; either way the choice then shows as checked.
      for (const option of product.options ?? []) {
        const value = variant.options[option.name] ?? '';
        const radio = page
          .getByRole('radiogroup', { name: option.name })
          .getByRole('radio', { name: new RegExp(`^${option.name} ${value}\\b`) });
        await tab(radio);
        await page.keyboard.press('Enter');
        await radio.and(page.locator('[aria-checked="true"]')).waitFor(WAIT);
      }
      await page.waitForURL((url) => url.searchParams.get('variant') === variant._id, { waitUntil: 'commit', ...WAIT });
      const quantity = page.getByLabel(label('Quantity'));
      await tab(quantity);
      await page.keyboard.press('ArrowUp');
      expect(await quantity.inputValue()).toBe('2');
      await tab(page.getByRole('button', { name: 'Add to cart' }));
      await page.keyboard.press('Enter');
      await waitForPath(page, '/cart');
      const line = page.getByRole('article', { name: product.name });
      await line.waitFor(WAIT);
      expect(await line.getByTestId('line-quantity').textContent()).toBe('2');

      // Checkout: the dialog takes focus; the address by typing, the state with the arrows.
      await tab(page.getByRole('button', { name: 'Proceed to Checkout' }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Shipping Address & Payment' });
      await dialog.getByLabel(label('Street address')).waitFor(WAIT);
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await tab(dialog.getByLabel(label('Street address')));
      await page.keyboard.type('4, Residency Road');
      await tab(dialog.getByLabel(label('City')));
      await page.keyboard.type('Bengaluru');
      await tab(dialog.getByPlaceholder('Choose a state'));
      await page.keyboard.type('Karna');
      await page.getByRole('option', { name: 'Karnataka' }).waitFor(WAIT);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      expect(await dialog.getByPlaceholder('Choose a state').inputValue()).toBe('Karnataka');
      await tab(dialog.getByLabel(label('Postal code')));
      await page.keyboard.type('560025');
      await screenshot(page, 'keyboard-checkout-field-1280');
      await tab(dialog.getByRole('button', { name: 'Place Order' }));
      await screenshot(page, 'keyboard-place-order-1280');
      await page.keyboard.press('Enter');
      await page.getByText('Order placed successfully with COD').waitFor(WAIT);
      await dialog.waitFor({ state: 'hidden', ...WAIT });

      const orders = await ordersOf(user.uid);
      expect(orders).toHaveLength(1);
      expect(orders[0]?.get('paymentMethod')).toBe('COD');
      expect(orders[0]?.get('items')).toMatchObject([{ _id: product._id, quantity: 2 }]);
      expect(orders[0]?.get('shippingAddress')).toMatchObject({
        street: '4, Residency Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560025',
      });
      await page.close();
    },
  );
});

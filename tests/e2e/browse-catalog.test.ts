// Browsing journey in real Chromium against the Hosting emulator: home hero and carousel,
// a category page with its badges, a product page, signed-out add to cart, an
// out-of-stock product, the 404 page, and screenshots at 360 and 1280 px.
import type { Product } from '@bagshop/domain';
import { Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, catalogChanged, createTestUser } from '../support/api';
import { laidOutBox, screenshot, useBrowser, VIEWPORTS, waitForLive, waitForTitle } from '../support/browser';
import { logIn, waitForPath, WAIT } from '../support/shopper-ui';

const suffix = Date.now().toString(36);
const DEAL_NAME = `E2E Deal Trolley ${suffix}`;
const SOLD_OUT_NAME = `E2E Sold Out Trolley ${suffix}`;

async function apiProducts(base: string, path = 'products'): Promise<Product[]> {
  const res = await fetch(`${base}/api/${path}`);
  return ((await res.json()) as { data: Product[] }).data;
}

/**
 * Loads every lazy image before a full-page screenshot: marked eager, they load where they are,
 * without scrolling through the page frame by frame (which hangs when headless Chromium stops
 * scheduling frames).
 */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const img of Array.from(document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]'))) img.loading = 'eager';
  });
  // Images laid out inside the viewport's width (off-screen carousel slides are not in the picture).
  await page.waitForFunction(
    () =>
      Array.from(document.images).every((img) => {
        const r = img.getBoundingClientRect();
        const shown = r.width > 0 && r.right > 0 && r.left < window.innerWidth;
        return !shown || img.complete;
      }),
    undefined,
    { timeout: 15_000, polling: 50 },
  );
}

/**
 * The product page's breadcrumb: a navigation landmark whose last item is the current page
 * (aria-current, full name as title), on one line and inside the viewport. Returns that item.
 */
async function expectOneLineBreadcrumb(page: Page, name: string, viewportWidth: number) {
  const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
  const home = nav.getByRole('link', { name: 'Home' });
  const current = nav.locator('[aria-current="page"]');
  expect(await current.getAttribute('title')).toBe(name);
  const [navBox, homeBox, currentBox] = await Promise.all([laidOutBox(nav), laidOutBox(home), laidOutBox(current)]);
  // One line: less than one and a half lines tall, the current item level with Home and
  // ending inside the viewport.
  const lineHeight = await nav.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
  expect(navBox.height).toBeLessThan(lineHeight * 1.5);
  expect(Math.abs(currentBox.y + currentBox.height / 2 - (homeBox.y + homeBox.height / 2))).toBeLessThanOrEqual(4);
  expect(currentBox.x + currentBox.width).toBeLessThanOrEqual(viewportWidth);
  return current;
}

describe('browse the catalog (Chromium)', () => {
  const chromium = useBrowser();
  let dealId: string;
  let soldOutId: string;

  beforeAll(async () => {
    // Our own products (unique names), with a real stored image borrowed from the demo data.
    const { db } = admin();
    const sample = (await db.collection('products').where('category', '==', 'luggage').limit(1).get()).docs[0];
    if (!sample) throw new Error('No demo luggage to borrow an image from');
    const image = sample.get('image') as { url: string; hash: string };
    const common = {
      description: 'A test trolley for the browsing journey.',
      category: 'luggage',
      image,
      createdAt: Timestamp.now(),
      updatedAt: Timestamp.now(),
    };
    const deal = await db.collection('products').add({ ...common, name: DEAL_NAME, price: 10000, discount: 4000, stock: 3 });
    const soldOut = await db.collection('products').add({ ...common, name: SOLD_OUT_NAME, price: 5000, discount: 500, stock: 0 });
    dealId = deal.id;
    soldOutId = soldOut.id;
    await catalogChanged();
  });

  afterAll(async () => {
    const { db } = admin();
    if (dealId) await db.doc(`products/${dealId}`).delete();
    if (soldOutId) await db.doc(`products/${soldOutId}`).delete();
    await catalogChanged();
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`home at ${viewport.width} px: hero headlines and image, carousel with the product count and luggage slides`, async () => {
      const all = await apiProducts(chromium.base);
      const luggage = all.filter((p) => p.category === 'luggage');
      const page = await chromium.browser.newPage({ viewport });
      await page.goto(`${chromium.base}/`, { waitUntil: 'load' });
      await page.getByText('From Office to Adventure').waitFor();
      await page.getByText("We've Got Your Back").waitFor();
      const hero = page.getByRole('img', { name: 'bag' });
      expect(await hero.getAttribute('src')).toBe('/hero-bag.webp');
      // The headlines are animated in by CSS (from the first paint) and end fully visible in place.
      await page.waitForFunction(
        () => {
          const lines = Array.from(document.querySelectorAll('h1 [data-line]'));
          return lines.length === 2 && lines.every((l) => getComputedStyle(l).opacity === '1');
        },
        undefined,
        // Polled on a timer, not on animation frames (headless Chromium may pause them).
        { timeout: 10_000, polling: 250 },
      );

      const carousel = page.getByRole('region', { name: 'Featured products' });
      await carousel.getByText('Products', { exact: true }).waitFor({ timeout: 20_000 });
      expect(await carousel.getByTestId('product-count').textContent()).toBe(String(all.length));
      await expect(carousel.getByRole('link', { name: 'VIEW ALL' }).getAttribute('href')).resolves.toBe('/luggage');
      // 'Explore All' + up to 8 luggage products, and one indicator (a link to the slide) per slide.
      const expectedSlides = 1 + Math.min(8, luggage.length);
      expect(await carousel.getByRole('link', { name: /^Go to slide \d+$/ }).count()).toBe(expectedSlides);
      expect(await carousel.getByRole('article').count()).toBe(expectedSlides);
      await carousel.getByRole('link', { name: 'Next slide' }).click();
      // The second slide comes to the strip's left edge (a link before the app, a scroll after).
      const track = carousel.getByRole('list').first();
      await expect
        .poll(async () => {
          const [strip, second] = await Promise.all([track.boundingBox(), carousel.locator('#featured-slide-2').boundingBox()]);
          return strip && second ? Math.round(Math.abs(second.x - strip.x)) : -1;
        }, WAIT)
        .toBeLessThan(4);

      for (const [link, href] of [
        ['Shop Now', '/luggage'],
        ['Discover', '/backpacks'],
      ] as const) {
        expect(await page.getByRole('link', { name: link }).getAttribute('href')).toBe(href);
      }
      for (const category of ['Luggage', 'Backpacks', 'Duffles']) {
        expect(await page.getByRole('link', { name: `More ${category}` }).getAttribute('href')).toBe(`/${category.toLowerCase()}`);
      }
      for (const promise of [
        'Free shipping on all orders',
        'Limited stock',
        'Lifetime warranty',
        'delivery date for your PIN code',
        'Express delivery',
        'All-India shipping',
        '5-year lifespan',
      ]) {
        expect(await page.getByText(promise, { exact: false }).count(), promise).toBeGreaterThan(0);
      }
      await waitForTitle(page, 'Bagshop — Luggage, Backpacks & Duffles');
      await loadLazyImages(page);
      await screenshot(page, `browse-home-${size}`);
      await page.close();
    });
  }

  it('home under prefers-reduced-motion: headlines shown at once, no animation', async () => {
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${chromium.base}/`, { waitUntil: 'load' });
    await page.getByText('From Office to Adventure').waitFor();
    // The entrance is CSS inside a no-preference media query: nothing runs, nothing to wait for.
    expect(await page.locator('h1 [data-line]').evaluateAll((lines) => lines.flatMap((l) => l.getAnimations()).length)).toBe(0);
    const styles = await page
      .locator('h1 [data-line]')
      .evaluateAll((lines) => lines.map((l) => [getComputedStyle(l).opacity, (l as HTMLElement).style.transform]));
    expect(styles).toEqual([
      ['1', ''],
      ['1', ''],
    ]);
    await context.close();
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`/luggage at ${viewport.width} px: hero, cards with badges and prices, out-of-stock card`, async () => {
      const page = await chromium.browser.newPage({ viewport });
      await page.goto(`${chromium.base}/luggage`, { waitUntil: 'load' });
      await page.getByRole('heading', { name: 'Luggage Bags', level: 1 }).waitFor();
      await page.getByText('From weekend getaways to world tours — we’ve got your back.').waitFor();
      const deal = page.getByRole('article', { name: DEAL_NAME });
      await deal.waitFor({ timeout: 20_000 });
      for (const badge of ['40% OFF', 'Luggage', 'DEAL', 'PREMIUM']) await deal.getByText(badge, { exact: true }).waitFor();
      expect((await deal.getByTestId('sale-price').textContent())?.replace(/\s/g, '')).toBe('₹6,000');
      expect((await deal.locator('s').textContent())?.replace(/\s/g, '')).toBe('₹10,000');
      expect((await deal.getByText(/^Save/).textContent())?.replace(/\s/g, '')).toBe('Save₹4,000');
      expect(await deal.getByRole('link', { name: DEAL_NAME }).getAttribute('href')).toBe(`/product/${dealId}`);

      const soldOut = page.getByRole('article', { name: SOLD_OUT_NAME });
      await soldOut.getByText('Out of stock', { exact: true }).first().waitFor();
      expect(await soldOut.getByRole('button', { name: /Out of stock/ }).isDisabled()).toBe(true);
      expect(await soldOut.getByText('DEAL', { exact: true }).count()).toBe(0);
      // The cards are in the server's HTML; the app sets its own title once it runs.
      await waitForTitle(page, 'Luggage Bags · Bagshop');
      await loadLazyImages(page);
      await screenshot(page, `browse-luggage-${size}`);
      await page.close();
    });
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`/duffles at ${viewport.width} px: every card ADVENTURE, delivery band at the end`, async () => {
      const duffles = await apiProducts(chromium.base, 'products/category/duffles');
      const page = await chromium.browser.newPage({ viewport });
      await page.goto(`${chromium.base}/duffles`, { waitUntil: 'load' });
      await page.getByRole('heading', { name: 'Duffles', level: 1 }).waitFor();
      await page.getByText('Strong enough for your gear. Stylish enough for your grind.').waitFor();
      await page.getByRole('article').first().waitFor({ timeout: 20_000 });
      expect(await page.getByRole('article').count()).toBe(duffles.length);
      expect(await page.getByText('ADVENTURE', { exact: true }).count()).toBe(duffles.length);
      await page.getByRole('heading', { name: 'Delivery & shipping' }).waitFor();
      await page.getByText('Your delivery date for your PIN code, before you pay.').waitFor();
      await loadLazyImages(page);
      await screenshot(page, `browse-duffles-${size}`);
      await page.close();
    });
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`product page at ${viewport.width} px; signed out, Add to cart asks to log in and goes to /auth`, async () => {
      const page = await chromium.browser.newPage({ viewport });
      await page.goto(`${chromium.base}/luggage`, { waitUntil: 'load' });
      await page.getByRole('link', { name: DEAL_NAME }).click();
      await waitForPath(page, `/product/${dealId}`);
      await page.getByRole('heading', { name: DEAL_NAME, level: 1 }).waitFor();
      await page.getByText('Only 3 left').waitFor();
      expect((await page.getByTestId('sale-price').textContent())?.replace(/\s/g, '')).toBe('₹6,000');
      const quantity = page.getByRole('textbox', { name: 'Quantity' });
      expect(await quantity.inputValue()).toBe('1');
      await page.getByRole('button', { name: 'Buy Now' }).waitFor();
      // The app names the page once the product it navigated to has loaded (a client-side move, not a server-drawn page).
      await waitForTitle(page, `${DEAL_NAME} · Bagshop`);
      await expectOneLineBreadcrumb(page, DEAL_NAME, viewport.width);
      await screenshot(page, `browse-product-${size}`);

      await page.getByRole('button', { name: 'Add to cart' }).click();
      await page.getByText('You need to login first').waitFor();
      await waitForPath(page, '/auth');
      await page.close();
    });
  }

  it('a long product name keeps the breadcrumb on one line at 360 px (ellipsis, full name as title)', async () => {
    const longest = (await apiProducts(chromium.base)).reduce((a, b) => (b.name.length > a.name.length ? b : a));
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.mobile });
    await page.goto(`${chromium.base}/product/${longest._id}`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: longest.name, level: 1 }).waitFor();
    const current = await expectOneLineBreadcrumb(page, longest.name, VIEWPORTS.mobile.width);
    // Long enough not to fit: it is cut with an ellipsis rather than wrapped or overflowing.
    if (longest.name.length >= 30) {
      expect(await current.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow === 'ellipsis')).toBe(
        true,
      );
    }
    await page.close();
  });

  it('signed in: Add to cart posts to the API, says so and opens /cart; a second add past the stock shows the 409 message', async () => {
    const shopper = await createTestUser({ firstname: 'Browser' });
    const { db } = admin();
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await logIn(page, chromium.base, shopper.email, shopper.password);

    await page.goto(`${chromium.base}/product/${dealId}`, { waitUntil: 'load' });
    const heading = page.getByRole('heading', { name: DEAL_NAME, level: 1 });
    await heading.waitFor();

    // The profile dialog opens over the product page, which stays on screen, and closing it
    // returns to that page (it used to show an empty page under the dialog). The profile icon is a
    // link: tapped before the app runs it loads /profile as a page (tests/e2e/taps-before-javascript.test.ts);
    // the page kept underneath is the app's, so this waits for it.
    await waitForLive(page);
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await waitForPath(page, '/profile');
    await page.getByRole('dialog', { name: 'My Profile' }).getByText(shopper.email).first().waitFor();
    expect(await heading.isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).isVisible()).toBe(true);
    await screenshot(page, 'browse-profile-over-product-desktop');
    await page.keyboard.press('Escape');
    await waitForPath(page, `/product/${dealId}`);
    await page.getByRole('dialog', { name: 'My Profile' }).waitFor({ state: 'detached' });
    expect(await heading.isVisible()).toBe(true);

    await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Product added successfully').waitFor();
    await waitForPath(page, '/cart');
    expect((await db.doc(`users/${shopper.uid}/cart/${dealId}`).get()).get('quantity')).toBe(2);

    // 2 in the cart, 3 in stock: adding 2 more is refused, and the shopper is told why.
    await page.goto(`${chromium.base}/product/${dealId}`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: DEAL_NAME, level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page
      .getByText(/Only 3 left/)
      .last()
      .waitFor();
    await page.getByText('you already have 2 in your cart', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/product/${dealId}`);
    expect((await db.doc(`users/${shopper.uid}/cart/${dealId}`).get()).get('quantity')).toBe(2);

    // Buy Now hands the one product and quantity to the cart's checkout.
    await page.getByRole('textbox', { name: 'Quantity' }).fill('1');
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/cart' && url.searchParams.get('buy') === dealId && url.searchParams.get('qty') === '1',
    );
    await page.close();
  });

  it('the out-of-stock product cannot be added', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.mobile });
    await page.goto(`${chromium.base}/product/${soldOutId}`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: SOLD_OUT_NAME, level: 1 }).waitFor();
    expect(await page.getByTestId('stock-state').textContent()).toBe('Out of stock');
    expect(await page.getByRole('button', { name: 'Out of stock' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Buy Now' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Quantity' }).count()).toBe(0);
    await page.close();
  });

  it('an unknown product id shows the 404 page', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.mobile });
    await page.goto(`${chromium.base}/product/no-such-product-${suffix}`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    await page.close();
  });

  it('footer pages have real content and their own titles', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    for (const [path, title, text] of [
      ['/shipping', 'Shipping & Delivery', 'to see your delivery date'],
      ['/returns', 'Returns Policy', 'within 7 days'],
      ['/refunds', 'Refund Policy', 'bank transfer'],
      ['/cancellation', 'Cancellation Policy', 'until it is confirmed'],
      ['/warranty', 'Lifetime Warranty', '5-year lifespan'],
      ['/contact', 'Contact Us', 'support@bagshop.test'],
    ] as const) {
      await page.goto(`${chromium.base}${path}`, { waitUntil: 'load' });
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await page.getByText(text, { exact: false }).first().waitFor();
      await waitForTitle(page, `${title} · Bagshop`);
    }
    await page.close();
  });
});

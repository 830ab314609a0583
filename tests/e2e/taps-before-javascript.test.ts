// Issue 36: every control on a public page answers a tap before the app runs, without JavaScript,
// when the app's entry script fails, and once the app has taken the page over: the mobile menu
// (a native popover), the profile icon (a link), a card's Add to cart (the product page's POST
// form), the carousel's arrows and dots (links to the slides of a scroll-snap strip). A shopper
// taps as soon as a control is visible; nothing here waits for the app first, except where a
// step is about the app itself (docs/decisions/0036-what-hydrates-when.md).
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser, VIEWPORTS, waitForLive } from '../support/browser';
import type { Product } from '@bagshop/domain';
import { api } from '../support/api';
import { waitForPath, WAIT } from '../support/shopper-ui';

const ENTRY = /\/assets\/entry\.client-[^/]*\.js$/;

/** How far the slide's left edge is from the strip's (px; -1 if either is not laid out). */
async function offsetFromStrip(page: Page, slide: number): Promise<number> {
  const carousel = page.getByRole('region', { name: 'Featured products' });
  const [strip, target] = await Promise.all([
    carousel.getByRole('list').first().boundingBox(),
    carousel.locator(`#featured-slide-${slide}`).boundingBox(),
  ]);
  return strip && target ? Math.round(Math.abs(target.x - strip.x)) : -1;
}

/** A card's Add to cart on /duffles (the demo's Heritage Leather Holdall has no sizes or colours; the others open their page to choose). */
const firstAddToCart = (page: Page): Locator => page.getByRole('button', { name: /^Add to cart\s*: / }).first();

async function expectSignInFirst(page: Page, base: string): Promise<void> {
  await waitForPath(page, '/auth');
  const url = new URL(page.url());
  expect(url.searchParams.get('reason')).toBe('login-first');
  const next = new URL(url.searchParams.get('next') ?? '', base);
  expect(next.pathname).toMatch(/^\/product\/[^/]+$/);
  expect(next.searchParams.get('then')).toBe('add');
  expect(next.searchParams.get('qty')).toBe('1');
}

/** A luggage bag with reviews (the demo's), opened with a whole choice of size and colour so Add to cart can add. */
async function reviewedBag(): Promise<{ path: string; product: Product }> {
  const res = await api<{ data: Product[] }>('products');
  const product = res.body.data.find((p) => p.stock > 0 && (p.rating?.count ?? 0) > 0) ?? res.body.data.find((p) => p.stock > 0);
  if (!product) throw new Error('No product in stock in the demo data');
  const variant = product.options?.length ? product.variants?.find((v) => v.stock > 0) : undefined;
  return { product, path: `/product/${product._id}${variant ? `?variant=${variant._id}` : ''}` };
}

describe('taps before JavaScript', () => {
  const chromium = useBrowser();

  async function open(
    kind: 'no-js' | 'entry-fails',
    path: string,
    viewport: { width: number; height: number } = VIEWPORTS.mobile,
  ): Promise<{ page: Page; context: BrowserContext }> {
    const context = await chromium.browser.newContext({ viewport, javaScriptEnabled: kind !== 'no-js', hasTouch: true });
    if (kind === 'entry-fails') await context.route(ENTRY, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${chromium.base}${path}`, { waitUntil: 'load' });
    return { page, context };
  }

  for (const kind of ['no-js', 'entry-fails'] as const) {
    it(`${kind}: the 360 px menu opens (a popover), closes, and its links and search work`, async () => {
      const { page, context } = await open(kind, '/');
      const menu = page.getByRole('dialog', { name: 'Bagshop' });
      await page.getByRole('button', { name: 'Open menu' }).tap();
      await menu.waitFor(WAIT);
      await menu.getByRole('button', { name: 'Close menu' }).tap();
      await menu.waitFor({ state: 'hidden', ...WAIT });
      await page.getByRole('button', { name: 'Open menu' }).tap();
      await menu.getByRole('link', { name: 'Backpacks' }).tap();
      await waitForPath(page, '/backpacks');
      await page.getByRole('heading', { level: 1 }).waitFor(WAIT);
      // The menu's search box is the same GET form as the header's.
      await page.getByRole('button', { name: 'Open menu' }).tap();
      const box = menu.getByRole('combobox', { name: 'Search bags' });
      await box.fill('duffle');
      await box.press('Enter');
      await waitForPath(page, '/search');
      expect(new URL(page.url()).searchParams.get('q')).toBe('duffle');
      await context.close();
    });

    it(`${kind}: the profile icon is a link to /profile`, async () => {
      const { page, context } = await open(kind, '/luggage', VIEWPORTS.desktop);
      const profile = page.getByRole('link', { name: 'Profile', exact: true });
      expect(await profile.getAttribute('href')).toBe('/profile');
      await profile.click();
      await waitForPath(page, '/profile');
      await context.close();
    });

    it(`${kind}: a card's Add to cart posts the product page's form (sign in first, then back)`, async () => {
      const { page, context } = await open(kind, '/duffles');
      await firstAddToCart(page).tap();
      await expectSignInFirst(page, chromium.base);
      await context.close();
    });

    it(`${kind}: the home carousel is drawn with the page; its arrows and dots bring a slide into view`, async () => {
      const { page, context } = await open(kind, '/', VIEWPORTS.desktop);
      const carousel = page.getByRole('region', { name: 'Featured products' });
      expect(await carousel.getByRole('article').count()).toBeGreaterThan(1);
      await carousel.getByRole('link', { name: 'Next slide' }).click();
      await expect.poll(() => offsetFromStrip(page, 2), WAIT).toBeLessThan(4);
      await carousel.getByRole('link', { name: 'Go to slide 4' }).click();
      await expect.poll(() => offsetFromStrip(page, 4), WAIT).toBeLessThan(4);
      // The sections below the carousel are in the page too (links work as HTML).
      expect(await page.getByRole('link', { name: 'More Backpacks' }).getAttribute('href')).toBe('/backpacks');
      await context.close();
    });
  }

  for (const kind of ['no-js', 'entry-fails'] as const) {
    it(`${kind}: the header (plain elements) links home and to the categories, at 360 and 1280 px`, async () => {
      const { page, context } = await open(kind, '/luggage', VIEWPORTS.desktop);
      const categories = page.getByRole('navigation', { name: 'Categories' });
      await categories.getByRole('link', { name: 'Backpacks' }).click();
      await waitForPath(page, '/backpacks');
      expect(await categories.getByRole('link', { name: 'Backpacks' }).getAttribute('aria-current')).toBe('page');
      await page.getByRole('link', { name: 'Bagshop home' }).click();
      await waitForPath(page, '/');
      await page.setViewportSize(VIEWPORTS.mobile);
      // Below 640 px the categories are in the menu, the icons stay.
      await categories.waitFor({ state: 'hidden', ...WAIT });
      await page.getByRole('banner').getByRole('link', { name: 'Cart', exact: true }).waitFor(WAIT);
      await page.getByRole('button', { name: 'Open menu' }).waitFor(WAIT);
      await context.close();
    });

    it(`${kind}: the product page's details and reviews (their own chunks once the app runs) are in the HTML`, async () => {
      const { path, product } = await reviewedBag();
      const { page, context } = await open(kind, path);
      await page.getByRole('heading', { level: 2, name: 'About this bag' }).waitFor(WAIT);
      await page.getByRole('list', { name: 'Our promises' }).waitFor(WAIT);
      await page.getByRole('heading', { level: 2, name: /review/i }).waitFor(WAIT);
      if (product.rating?.count) expect(await page.getByTestId('rating-count').textContent()).toContain(String(product.rating.count));
      // The buy box still works as HTML: a visitor is asked to sign in first, then comes back to add.
      await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
      await page.getByRole('button', { name: 'Add to cart', exact: true }).tap();
      await waitForPath(page, '/auth');
      const next = new URL(new URL(page.url()).searchParams.get('next') ?? '', chromium.base);
      expect(next.searchParams.get('then')).toBe('add');
      expect(next.searchParams.get('qty')).toBe('2');
      await context.close();
    });
  }

  it(
    'product page, tapped as soon as visible: quantity typed, then details and reviews hydrate after the buy box',
    { timeout: 90_000 },
    async () => {
      const { path, product } = await reviewedBag();
      const context = await chromium.browser.newContext({ viewport: VIEWPORTS.mobile, hasTouch: true });
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await page.goto(`${chromium.base}${path}`, { waitUntil: 'commit' });
      // No wait for the app: the quantity as soon as it shows, then the menu.
      const quantity = page.getByRole('textbox', { name: 'Quantity' });
      await quantity.tap();
      await quantity.fill('3');
      const menu = page.getByRole('dialog', { name: 'Bagshop' });
      await page.getByRole('button', { name: 'Open menu' }).tap();
      await menu.waitFor(WAIT);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden', ...WAIT });
      await waitForLive(page);
      expect(await quantity.inputValue()).toBe('3');
      // The details and the reviews come in their own chunks, after the page's.
      await expect.poll(() => asked.some((p) => /\/assets\/product-details-[^/]+\.js$/.test(p)), WAIT).toBe(true);
      await expect.poll(() => asked.some((p) => /\/assets\/product-reviews-[^/]+\.js$/.test(p)), WAIT).toBe(true);
      // Hydrated: the reviews list has loaded in the page (or says there are none).
      if (product.rating?.count) await page.getByTestId('review').first().waitFor(WAIT);
      else await page.getByText('No reviews yet.', { exact: false }).waitFor(WAIT);
      await page.getByRole('heading', { level: 2, name: 'About this bag' }).waitFor(WAIT);
      await screenshot(page, 'taps-product-live-360');
      // The buy box, handled in the page now: a visitor is sent to sign in.
      await page.getByRole('button', { name: 'Add to cart', exact: true }).tap();
      await waitForPath(page, '/auth');
      await page.getByText('You need to login first').first().waitFor(WAIT);
      await context.close();
    },
  );

  it('the app held back: taps answered as HTML, then the same controls once the app runs', { timeout: 90_000 }, async () => {
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.mobile, hasTouch: true });
    // The entry script is held (not failed) until the taps before it are done.
    const held: Route[] = [];
    let holding = true;
    await context.route(ENTRY, (route) => (holding ? void held.push(route) : void route.continue()));
    const page = await context.newPage();
    await page.goto(`${chromium.base}/`, { waitUntil: 'commit' });

    // Before the app: the menu, a link in it, a card's Add to cart.
    const menu = page.getByRole('dialog', { name: 'Bagshop' });
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await menu.waitFor(WAIT);
    await menu.getByRole('link', { name: 'Duffles' }).tap();
    await waitForPath(page, '/duffles');
    await firstAddToCart(page).tap();
    await expectSignInFirst(page, chromium.base);
    expect(await page.evaluate(() => document.documentElement.dataset.live ?? null)).toBeNull();

    // The app arrives: the same controls still work, now handled in the page.
    await page.goto(`${chromium.base}/`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Open menu' }).waitFor(WAIT);
    holding = false;
    // Requests of pages left meanwhile are gone; the current page's goes through.
    for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    await waitForLive(page);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await menu.waitFor(WAIT);
    await screenshot(page, 'taps-menu-open-live-360', { fullPage: false });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden', ...WAIT });
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await menu.getByRole('link', { name: 'Duffles' }).tap();
    await waitForPath(page, '/duffles');
    // Moving in the app closes the menu.
    await menu.waitFor({ state: 'hidden', ...WAIT });
    await firstAddToCart(page).tap();
    await waitForPath(page, '/auth');
    await page.getByText('You need to login first').first().waitFor(WAIT);
    await context.close();
  });

  it('1280 px, tapped as soon as visible: the carousel arrow, then the profile icon', { timeout: 90_000 }, async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${chromium.base}/`, { waitUntil: 'commit' });
    const carousel = page.getByRole('region', { name: 'Featured products' });
    await carousel.getByRole('link', { name: 'Next slide' }).click();
    await expect.poll(() => offsetFromStrip(page, 2), WAIT).toBeLessThan(4);
    await screenshot(page, 'taps-home-1280');
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    // Signed out: the profile asks to sign in (once the app runs) or is the /profile page (before).
    await waitForPath(page, /^\/(profile|auth)$/);
    await page.close();
  });

  it('once / is live, it asks for nothing its first screen does not need', { timeout: 90_000 }, async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`${chromium.base}/`, { waitUntil: 'load' });
    await waitForLive(page);
    // The carousel is hydrated when its arrow is handled in the page (the link's default prevented).
    const arrowHandled = () =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const arrow = document.querySelector<HTMLAnchorElement>('a[aria-label="Next slide"]');
            if (!arrow) return resolve(false);
            window.addEventListener('click', (event) => resolve(event.defaultPrevented), { once: true });
            // Every wait ends: a click that never reaches the window counts as not handled.
            window.setTimeout(() => resolve(false), 1000);
            arrow.click();
          }),
      );
    await expect.poll(arrowHandled, WAIT).toBe(true);
    // The footer's chunk is in once the footer is hydrated.
    await expect.poll(() => asked.some((p) => /\/assets\/footer-[^/]+\.js$/.test(p)), WAIT).toBe(true);
    const unwanted = asked.filter((p) => /\/assets\/(gsap|full-styles|pages|info-deps|product-deps|product-page|Drawer|Modal)[-.]/.test(p));
    expect(unwanted).toEqual([]);
    // The hero's entrance is CSS: 2 s per line, the second 0.5 s later, from the first paint.
    const timings = await page.locator('h1 [data-line]').evaluateAll((lines) =>
      lines.map((l) => {
        const style = getComputedStyle(l);
        // The keyframes' name is the CSS module's (hashed).
        return [/hero-line-in/.test(style.animationName), style.animationDuration, style.animationDelay];
      }),
    );
    expect(timings).toEqual([
      [true, '2s', '0s'],
      [true, '2s', '0.5s'],
    ]);
    await page.close();
  });
});

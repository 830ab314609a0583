// Issue 36: every control on a public page answers a tap before the app runs, without JavaScript,
// when the app's entry script fails, and once the app has taken the page over: the mobile menu
// (a native popover), the profile icon (a link), a card's Add to cart (the product page's POST
// form), the carousel's arrows and dots (links to the slides of a scroll-snap strip). A shopper
// taps as soon as a control is visible; nothing here waits for the app first, except where a
// step is about the app itself (docs/decisions/0036-what-hydrates-when.md).
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser, VIEWPORTS, waitForLive } from '../support/browser';
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

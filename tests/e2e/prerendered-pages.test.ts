import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, VIEWPORTS, waitForLive } from '../support/browser';

// docs/decisions/0020-prerendered-public-pages.md: the app hydrates the markup the server drew.
// It must keep it: an element of the prerendered page that the app throws away and draws again
// is work done twice (and, for the product picture, a second LCP), and what a shopper typed into
// it is lost.

/** The prerendered elements that must still be the ones on the page once the app has taken over. */
const PAGES = [
  { path: '/', kept: ['header', 'main section[aria-label="Welcome"]', 'main h1', 'main img[alt="bag"]', '[data-testid="footer-seller"]'] },
  // Rendered per request with their products: the grid (its first card's picture is the LCP) too.
  { path: '/luggage', kept: ['header', 'main h1', 'main article', 'main article img', '[data-testid="footer-seller"]'] },
  { path: '/search?q=trolley', kept: ['header', 'main h1', 'main article', 'main article img', '[data-testid="footer-seller"]'] },
  {
    path: '/product/voyager-hardshell-cabin-trolley-55-cm',
    kept: [
      'header',
      'main h1',
      '[data-testid="gallery-track"]',
      '[data-testid="gallery-track"] img',
      'main nav',
      '[data-testid="footer-seller"]',
    ],
  },
] as const;

/** Opens `path` and keeps the elements `selectors` name as they were when the HTML was parsed. */
async function openKeeping(page: Page, url: string, selectors: readonly string[]): Promise<void> {
  await page.addInitScript(
    (names: string[]) => {
      const held: Record<string, Element | null> = {};
      (window as unknown as { __prerendered: Record<string, Element | null> }).__prerendered = held;
      document.addEventListener('DOMContentLoaded', () => {
        for (const name of names) held[name] = document.querySelector(name);
      });
    },
    [...selectors],
  );
  await page.goto(url, { waitUntil: 'load' });
}

describe('prerendered pages: the app hydrates the server’s markup and keeps it', () => {
  const chromium = useBrowser();

  for (const { path, kept } of PAGES) {
    it(`${path}: hydrates without drawing the page again`, async () => {
      const page = await chromium.browser.newPage({ viewport: VIEWPORTS.mobile });
      await openKeeping(page, `${chromium.base}${path}`, kept);
      // Parsed from the HTML, before any script ran: the page really was prerendered.
      const parsed = await page.evaluate(() => {
        const held = (window as unknown as { __prerendered: Record<string, Element | null> }).__prerendered;
        return Object.entries(held).map(([name, el]) => [name, el !== null] as const);
      });
      expect(parsed).toEqual(kept.map((name) => [name, true]));

      await waitForLive(page);
      // Everything the page does after hydrating (the session, its data, the seller line) is done.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(true))));

      const replaced = await page.evaluate(() => {
        const held = (window as unknown as { __prerendered: Record<string, Element | null> }).__prerendered;
        return Object.entries(held).flatMap(([name, el]) => (el && el.isConnected && el === document.querySelector(name) ? [] : [name]));
      });
      expect(replaced, `elements the app drew again on ${path}`).toEqual([]);
      await page.close();
    });
  }
});

// docs/decisions/0021-javascript-after-first-paint.md: on a drawn page the app's JavaScript is
// asked for only once the page's main picture has been painted (Element Timing), so the first
// paint and the LCP image never share the network or the main thread with the bundle.
describe('prerendered pages: JavaScript waits for the main picture', () => {
  const chromium = useBrowser();

  for (const path of ['/', '/luggage', '/product/voyager-hardshell-cabin-trolley-55-cm']) {
    it(`${path}: no script is requested before the main picture is painted, and the app still takes over`, async () => {
      const page = await chromium.browser.newPage({ viewport: VIEWPORTS.mobile });
      await page.addInitScript(() => {
        const seen: number[] = [];
        (window as unknown as { __pictures: number[] }).__pictures = seen;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.push((entry as PerformanceEntry & { renderTime: number }).renderTime);
        }).observe({ type: 'element', buffered: true });
      });
      await page.goto(`${chromium.base}${path}`, { waitUntil: 'load' });
      await waitForLive(page);
      const timing = await page.evaluate(() => ({
        painted: (window as unknown as { __pictures: number[] }).__pictures,
        scripts: performance
          .getEntriesByType('resource')
          .filter((r) => /\/assets\/[^/]+\.js$/.test(r.name))
          .map((r) => r.startTime),
      }));
      expect(timing.painted.length, 'the main picture was painted').toBeGreaterThan(0);
      expect(timing.scripts.length, 'the app’s scripts were loaded').toBeGreaterThan(0);
      const firstPainted = Math.min(...timing.painted);
      expect(Math.min(...timing.scripts), `first script vs main picture painted at ${firstPainted}`).toBeGreaterThanOrEqual(firstPainted);
      await page.close();
    });
  }
});

// docs/decisions/0021-javascript-after-first-paint.md: a button tapped between the first paint and
// hydration is clicked again once the app has taken the page over.
describe('prerendered pages: a tap before the app runs is not lost', () => {
  const chromium = useBrowser();

  it('/luggage at 360 px: the menu tapped while the app is still loading opens once it has loaded', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.mobile, hasTouch: true });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The app's entry is held back: the page stays as the server drew it.
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const entry = page.waitForRequest(/\/assets\/index-[^/]+\.js$/);
    await page.goto(`${chromium.base}/luggage`, { waitUntil: 'domcontentloaded' });
    await entry;
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await page.getByRole('dialog').count(), 'no menu before the app runs').toBe(0);
    release();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Search bags' }).waitFor({ timeout: 20_000 });
    await page.close();
  });
});

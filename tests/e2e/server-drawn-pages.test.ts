import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationFrames, useBrowser, VIEWPORTS, waitForLive } from '../support/browser';

// docs/decisions/0034-react-router-framework-mode.md: the app hydrates the markup the server drew.
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

describe('server-drawn pages: the app hydrates the server’s markup and keeps it', () => {
  const chromium = useBrowser();

  for (const { path, kept } of PAGES) {
    it(`${path}: hydrates without drawing the page again`, async () => {
      const page = await chromium.browser.newPage({ viewport: VIEWPORTS.mobile });
      await openKeeping(page, `${chromium.base}${path}`, kept);
      // Parsed from the HTML, before any script ran: the page really was drawn by the server.
      const parsed = await page.evaluate(() => {
        const held = (window as unknown as { __prerendered: Record<string, Element | null> }).__prerendered;
        return Object.entries(held).map(([name, el]) => [name, el !== null] as const);
      });
      expect(parsed).toEqual(kept.map((name) => [name, true]));

      await waitForLive(page);
      // Everything the page does after hydrating (the session, its data, the seller line) is done.
      await page.waitForLoadState('networkidle');
      await animationFrames(page, 1);

      const replaced = await page.evaluate(() => {
        const held = (window as unknown as { __prerendered: Record<string, Element | null> }).__prerendered;
        return Object.entries(held).flatMap(([name, el]) => (el && el.isConnected && el === document.querySelector(name) ? [] : [name]));
      });
      expect(replaced, `elements the app drew again on ${path}`).toEqual([]);
      await page.close();
    });
  }
});

// A page whose JavaScript fails to load (a deploy while the shopper browses, or a lost
// connection) in real Chromium (docs/decisions/0034-react-router-framework-mode.md): moving to
// it inside the app, the framework reloads the page the shopper is on (fresh files after a
// deploy) instead of showing an error; the next tap, once the file can be fetched, gets there.
// Opened directly, the server's page stays usable without its script (its forms and links:
// tests/e2e/forms-before-javascript.test.ts).
import { describe, expect, it } from 'vitest';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { waitForPath, WAIT } from '../support/shopper-ui';

const CATEGORY_CHUNK = /\/assets\/category-[^/]+\.js$/;

describe('a page whose chunk cannot be loaded', () => {
  const chromium = useBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`at ${viewport.width} px: a move to it reloads the page the shopper is on; the next tap gets there (${name})`, async () => {
      const context = await chromium.browser.newContext({ viewport });
      const page = await context.newPage();
      // Page loads counted by their document requests: a reload that starts before the
      // previous load's `load` event (its pictures still coming) would hide one of two events.
      let loads = 0;
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
      });
      await page.goto(`${chromium.base}/`, { waitUntil: 'load' });
      await page.locator('html[data-live]').waitFor({ state: 'attached', ...WAIT });
      let blocked = 0;
      await page.route(CATEGORY_CHUNK, async (route) => {
        blocked += 1;
        await route.abort();
      });
      await page.getByRole('link', { name: 'Shop Luggage' }).click();
      await expect.poll(() => loads, WAIT).toBe(2);
      expect(blocked).toBeGreaterThanOrEqual(1);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.getByRole('alert').filter({ hasText: 'Something went wrong' }).count()).toBe(0);
      await page.getByRole('heading', { level: 1 }).first().waitFor(WAIT);

      await page.unroute(CATEGORY_CHUNK);
      await page.getByRole('link', { name: 'Shop Luggage' }).click();
      await waitForPath(page, '/luggage');
      await page.getByRole('heading', { name: 'Luggage Bags', level: 1 }).waitFor(WAIT);
      expect(await page.locator('main article').count()).toBeGreaterThan(0);
      await context.close();
    });
  }
});

// A page whose JavaScript fails to load (a deploy while the shopper browses, or a lost
// connection) in real Chromium (docs/decisions/0034-react-router-framework-mode.md): moving to
// it inside the app, the framework asks the server for the whole page instead, which draws it,
// so the shopper still gets the page; opened directly, the server's page stays usable (its
// forms and links work without the app: tests/e2e/forms-before-javascript.test.ts).
import { describe, expect, it } from 'vitest';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { waitForPath, WAIT } from '../support/shopper-ui';

const CATEGORY_CHUNK = /\/assets\/category-[^/]+\.js$/;

describe('a page whose chunk cannot be loaded', () => {
  const chromium = useBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`at ${viewport.width} px: a move to it loads the page whole from the server, which draws it (${name})`, async () => {
      const context = await chromium.browser.newContext({ viewport });
      const page = await context.newPage();
      let loads = 0;
      page.on('load', () => {
        loads += 1;
      });
      await page.goto(`${chromium.base}/`, { waitUntil: 'load' });
      await page.locator('html[data-live]').waitFor({ state: 'attached', ...WAIT });
      let blocked = 0;
      await page.route(CATEGORY_CHUNK, async (route) => {
        blocked += 1;
        await route.abort();
      });
      await page.getByRole('link', { name: 'Shop Luggage' }).click();
      await waitForPath(page, '/luggage');
      await page.getByRole('heading', { name: 'Luggage Bags', level: 1 }).waitFor(WAIT);
      await expect.poll(() => loads, WAIT).toBe(2);
      expect(blocked).toBeGreaterThanOrEqual(1);
      expect(await page.locator('main article').count()).toBeGreaterThan(0);
      await context.close();
    });
  }
});

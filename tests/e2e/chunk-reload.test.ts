// A lazy screen whose chunk fails to load (a deploy while the shopper browses, or a lost
// connection) in real Chromium: the page reloads itself once, then shows the error
// boundary's message, and Retry brings the screen back once the chunk can be fetched.
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser, VIEWPORTS } from '../support/browser';
import { WAIT } from '../support/shopper-ui';

const CATEGORY_CHUNK = /\/assets\/category-page-[^/]+\.js$/;

describe('a lazy screen whose chunk cannot be loaded', () => {
  const chromium = useBrowser();

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`reloads once, then shows a message with Retry at ${viewport.width} px`, async () => {
      const context = await chromium.browser.newContext({ viewport });
      const page = await context.newPage();
      // Page loads counted by their document requests: a reload that starts before the
      // previous load's `load` event (its pictures still coming) would hide one of two events.
      let loads = 0;
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
      });
      let blocked = 0;
      await page.route(CATEGORY_CHUNK, async (route) => {
        blocked += 1;
        await route.abort();
      });

      await page.goto(`${chromium.base}/luggage`, { waitUntil: 'load' });
      const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
      await alert.waitFor(WAIT);
      await expect.poll(() => loads, WAIT).toBe(2);
      expect(blocked).toBeGreaterThanOrEqual(2);
      expect(await alert.innerText()).toContain('This part of the shop could not be loaded. Check your connection and try again.');
      expect(await page.getByRole('heading', { name: 'Luggage Bags' }).count()).toBe(0);
      await screenshot(page, `chunk-error-${name}`);

      await page.unroute(CATEGORY_CHUNK);
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { name: 'Luggage Bags' }).waitFor(WAIT);
      expect(loads).toBe(3);
      await context.close();
    });
  }
});

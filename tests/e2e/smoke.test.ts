import { describe, expect, it } from 'vitest';
import { documentTitle, screenshot, useBrowser, VIEWPORTS } from '../support/browser';

describe('smoke: the shop served by the Hosting emulator', () => {
  const chromium = useBrowser();

  it('serves the home page with the hero headlines', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${chromium.base}/`, { waitUntil: 'load' });
    await page.getByText('From Office to Adventure').first().waitFor();
    expect(await documentTitle(page)).toContain('Bagshop');
    await screenshot(page, 'smoke-home-1280');
    await page.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`lists luggage from Firestore through the API at ${viewport.width} px`, async () => {
      const page = await chromium.browser.newPage({ viewport });
      await page.goto(`${chromium.base}/luggage`, { waitUntil: 'load' });
      await page.getByRole('heading', { name: 'Luggage Bags' }).waitFor();
      const cards = page.locator('article');
      await cards.first().waitFor({ timeout: 20_000 });
      expect(await cards.count()).toBeGreaterThanOrEqual(8);
      expect(await documentTitle(page)).toContain('Luggage');
      await screenshot(page, `smoke-luggage-${name}`);
      await page.close();
    });
  }

  it('answers unknown routes with the 404 page', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.mobile });
    await page.goto(`${chromium.base}/no-such-page`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    await page.close();
  });
});

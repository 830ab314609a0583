// Pictures for the screen in Chromium (docs/decisions/0030-pictures-for-the-screen.md): on
// /luggage at 360 px the cards download a small width, never the original; on the product page
// the thumbnails download 160 px and the main picture is still sharp at 1280 px; and the
// server-drawn HTML already carries the srcset.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, VIEWPORTS, waitForImagesInView } from '../support/browser';

const PICTURE = /\/api\/images\/([0-9a-f]{64})(\/\d+)?$/;

/** The stored pictures the page downloads (their path after /api/images/). */
function pictureRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    const match = PICTURE.exec(new URL(req.url()).pathname);
    if (match && req.resourceType() === 'image') seen.push(`${match[1]}${match[2] ?? ''}`);
  });
  return seen;
}

/** Scrolls to the bottom so every lazy picture loads, then back to the top. */
async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await waitForImagesInView(page);
  }
}

describe('pictures sized for the screen', () => {
  const session = useBrowser();

  it('on /luggage at 360 px every card downloads a small width, never the original', async () => {
    const page = await session.browser.newPage({ viewport: VIEWPORTS.mobile });
    try {
      const requested = pictureRequests(page);
      await page.goto(`${session.base}/luggage`, { waitUntil: 'load' });
      await waitForImagesInView(page);
      await scrollThrough(page);
      const cards = page.locator('article img');
      await expect.poll(() => cards.count()).toBeGreaterThan(3);
      // Every card's picture came in 400 px (a 360 px screen at density 1 draws it ~330 px wide).
      // Other suites add products without a picture: only the cards with a stored one.
      const chosen = await cards.evaluateAll((imgs) =>
        imgs
          .map((img) => img as HTMLImageElement)
          .filter((img) => img.getAttribute('src')?.startsWith('/api/images/'))
          .map((img) => new URL(img.currentSrc).pathname),
      );
      expect(chosen.length).toBeGreaterThan(3);
      for (const src of chosen) expect(src).toMatch(/\/400$/);
      expect(requested.length).toBeGreaterThan(3);
      for (const r of requested) expect(r).toMatch(/\/(160|400)$/);
    } finally {
      await page.close();
    }
  });

  it('the product page: 160 px thumbnails, and a main picture sharp at 1280 px', async () => {
    const list = (await (await fetch(`${session.base}/api/products/category/luggage`)).json()) as {
      data: { _id: string; images: unknown[] }[];
    };
    const product = list.data.find((p) => p.images.length > 1);
    expect(product).toBeDefined();
    const page = await session.browser.newPage({ viewport: VIEWPORTS.desktop });
    try {
      const requested = pictureRequests(page);
      await page.goto(`${session.base}/product/${product?._id}`, { waitUntil: 'load' });
      await waitForImagesInView(page);
      const thumbs = page.getByRole('group', { name: 'Choose a picture' }).locator('img');
      await expect.poll(() => thumbs.count()).toBe(product?.images.length);
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('[aria-label="Choose a picture"] img')).every(
          (img) => img.complete && img.currentSrc,
        ),
      );
      const thumbSources = await thumbs.evaluateAll((imgs) => imgs.map((img) => new URL((img as HTMLImageElement).currentSrc).pathname));
      // Each thumbnail offers 160 px for its 72 px box; Chromium draws one from a larger width of
      // the same picture it already holds (the gallery's 800 px) instead of asking again, so
      // what it shows is 160 or 800 px, never the original.
      for (const src of thumbSources) expect(src).toMatch(/\/(160|800)$/);
      const offered = await thumbs.evaluateAll((imgs) =>
        imgs.map((img) => ({ sizes: (img as HTMLImageElement).sizes, srcset: (img as HTMLImageElement).srcset })),
      );
      for (const o of offered) {
        expect(o.sizes).toBe('72px');
        expect(o.srcset).toMatch(/\/160 160w/);
      }
      // The main picture: the 800 px width, wider than it is drawn (sharp), not the 1200 original.
      const main = page.locator('img[elementtiming="main-picture"]');
      const drawn = await main.evaluate((img: HTMLImageElement) => ({
        src: new URL(img.currentSrc).pathname,
        shown: img.getBoundingClientRect().width,
      }));
      expect(drawn.src).toMatch(/\/800$/);
      expect(drawn.shown).toBeGreaterThan(400);
      expect(drawn.shown).toBeLessThanOrEqual(800);
      expect(requested.every((r) => /\/(160|400|800)$/.test(r))).toBe(true);
    } finally {
      await page.close();
    }
  });

  it("the server's HTML of /luggage carries each card's srcset and sizes", async () => {
    const html = await (await fetch(`${session.base}/luggage`)).text();
    const srcsets = html.match(/srcset="\/api\/images\/[0-9a-f]{64}\/160 160w, [^"]+"/gi) ?? [];
    expect(srcsets.length).toBeGreaterThan(3);
    // React writes the attribute as `srcSet` (HTML attributes are not case-sensitive).
    expect(html).toContain('sizes="(min-width: 75em) 400px, (min-width: 48em) 50vw, 100vw"');
  });
});

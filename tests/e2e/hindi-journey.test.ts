// The Hindi storefront in Chromium (issue 44, docs/i18n.md): /hi drawn by the server in Hindi
// with lang="hi-IN", hreflang alternates and its own canonical URL; the language switch keeps
// the page (a product page to its /hi twin and back, before and after the app runs) and
// remembers the choice in the `locale` cookie; screenshots at 360 and 1280 px.
import type { Product } from '@bagshop/domain';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowser, VIEWPORTS, waitForLive } from '../support/browser';
import { waitForPath, WAIT } from '../support/shopper-ui';

async function firstProduct(base: string): Promise<Product> {
  const res = await fetch(`${base}/api/products`);
  const product = ((await res.json()) as { data: Product[] }).data[0];
  if (!product) throw new Error('No demo product');
  return product;
}

/** The `<link rel="alternate|canonical">` tags of a page, whatever the attributes' order or case. */
function linksOf(html: string): { rel: string; hreflang: string; href: string }[] {
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? '';
  return (html.match(/<link\b[^>]*>/gi) ?? [])
    .map((tag) => ({ rel: attr(tag, 'rel'), hreflang: attr(tag, 'hreflang'), href: attr(tag, 'href') }))
    .filter((l) => l.rel === 'alternate' || l.rel === 'canonical');
}

describe('the shop in Hindi (Chromium)', () => {
  const chromium = useBrowser();

  it('/hi is drawn in Hindi by the server, with lang, hreflang and its canonical URL', async () => {
    const res = await fetch(`${chromium.base}/hi`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="hi-IN"/);
    expect(html).toContain('ऑफ़िस से एडवेंचर तक');
    const alternates = linksOf(html);
    const origin = alternates.find((l) => l.rel === 'alternate' && l.hreflang === 'en-IN')?.href.replace(/\/$/, '');
    expect(origin, `the en-IN alternate among ${JSON.stringify(alternates)}`).toBeTruthy();
    expect(alternates).toContainEqual({ rel: 'alternate', hreflang: 'hi-IN', href: `${origin}/hi` });
    expect(alternates).toContainEqual({ rel: 'alternate', hreflang: 'x-default', href: `${origin}/` });
    expect(alternates).toContainEqual({ rel: 'canonical', hreflang: '', href: `${origin}/hi` });
    expect(html).toContain('<title>Bagshop — लगेज, बैकपैक और डफ़ल बैग</title>');
    // The English home keeps its texts and language, and names its Hindi twin.
    const en = await (await fetch(`${chromium.base}/`)).text();
    expect(en).toMatch(/<html lang="en-IN"/);
    expect(en).toContain('From Office to Adventure');
    expect(linksOf(en)).toContainEqual({ rel: 'alternate', hreflang: 'hi-IN', href: `${origin}/hi` });
    expect(linksOf(en)).toContainEqual({ rel: 'canonical', hreflang: '', href: `${origin}/` });
  });

  for (const [width, viewport] of [
    [1280, VIEWPORTS.desktop],
    [360, VIEWPORTS.mobile],
  ] as const)
    it(`the Hindi home and a category at ${width} px`, async () => {
      const context = await chromium.browser.newContext({ viewport });
      const page = await context.newPage();
      try {
        await page.goto(`${chromium.base}/hi`, { waitUntil: 'load' });
        await page.getByRole('heading', { name: /ऑफ़िस से एडवेंचर तक/ }).waitFor(WAIT);
        expect(await page.locator('html').getAttribute('lang')).toBe('hi-IN');
        await waitForLive(page);
        await screenshot(page, `hindi-home-${width}`);
        // The category links stay in Hindi.
        if (width === 1280) await page.getByRole('navigation', { name: 'श्रेणियाँ' }).getByRole('link', { name: 'लगेज' }).click();
        else await page.getByRole('link', { name: 'लगेज खरीदें' }).click();
        await waitForPath(page, '/hi/luggage');
        await page.locator('article').first().waitFor(WAIT);
        expect(await page.locator('html').getAttribute('lang')).toBe('hi-IN');
        await screenshot(page, `hindi-luggage-${width}`);
      } finally {
        await context.close();
      }
    });

  it('the switch keeps the page: a product page to its /hi twin and back, and remembers the choice', async () => {
    const product = await firstProduct(chromium.base);
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      // Before (here: without) JavaScript: a plain link.
      await page.goto(`${chromium.base}/product/${product._id}`, { waitUntil: 'load', ...WAIT });
      await page
        .locator('header')
        .getByRole('link', { name: /View in Hindi/ })
        .click(WAIT);
      await waitForPath(page, `/hi/product/${product._id}`);
      expect(await page.locator('html').getAttribute('lang')).toBe('hi-IN');
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor(WAIT);
    } finally {
      await context.close();
    }
    const live = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    const shopper = await live.newPage();
    try {
      await shopper.goto(`${chromium.base}/hi/product/${product._id}`, { waitUntil: 'load', ...WAIT });
      await waitForLive(shopper);
      await screenshot(shopper, 'hindi-product-1280');
      await shopper
        .locator('footer')
        .getByRole('link', { name: /View in English/ })
        .click(WAIT);
      await waitForPath(shopper, `/product/${product._id}`);
      await expect.poll(() => shopper.locator('html').getAttribute('lang'), WAIT).toBe('en-IN');
      await shopper.getByRole('link', { name: 'Luggage' }).first().waitFor(WAIT);
      const cookies = await live.cookies(chromium.base);
      expect(cookies.find((c) => c.name === 'locale')?.value).toBe('en-IN');
      await shopper
        .locator('header')
        .getByRole('link', { name: /View in Hindi/ })
        .click(WAIT);
      await waitForPath(shopper, `/hi/product/${product._id}`);
      await expect.poll(() => shopper.locator('html').getAttribute('lang'), WAIT).toBe('hi-IN');
      await shopper.getByRole('link', { name: 'लगेज' }).first().waitFor(WAIT);
      expect((await live.cookies(chromium.base)).find((c) => c.name === 'locale')?.value).toBe('hi-IN');
    } finally {
      await live.close();
    }
  });
});

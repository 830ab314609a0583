// Issue 22: every storefront form works before the app has taken the page over, without
// JavaScript at all, and when the app's entry script fails to load
// (docs/decisions/0034-react-router-framework-mode.md).
import type { Product } from '@bagshop/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { waitForPath, WAIT } from '../support/shopper-ui';

const PRODUCT = '/product/voyager-hardshell-cabin-trolley-55-cm';

describe('forms before JavaScript', () => {
  const chromium = useBrowser();

  /** A page in a context without JavaScript, or with the app's entry script failing. */
  async function open(
    kind: 'no-js' | 'entry-fails',
    path: string,
    viewport: { width: number; height: number } = VIEWPORTS.desktop,
  ): Promise<{ page: Page; context: BrowserContext }> {
    const context = await chromium.browser.newContext({ viewport, javaScriptEnabled: kind === 'no-js' ? false : true });
    if (kind === 'entry-fails') await context.route(/\/assets\/entry\.client-[^/]*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${chromium.base}${path}`, { waitUntil: 'load' });
    return { page, context };
  }

  for (const kind of ['no-js', 'entry-fails'] as const) {
    it(`${kind}: the search box is a GET form to /search`, async () => {
      const { page, context } = await open(kind, '/');
      const box = page.getByRole('combobox', { name: 'Search bags' }).first();
      await box.fill('trolley');
      await box.press('Enter');
      await waitForPath(page, '/search');
      expect(new URL(page.url()).searchParams.get('q')).toBe('trolley');
      await page.getByRole('heading', { name: /Results for ‘trolley’/ }).waitFor(WAIT);
      expect(await page.locator('article').count()).toBeGreaterThan(0);
      await context.close();
    });

    it(`${kind}: Check delivery answers a PIN code in the page`, async () => {
      const { page, context } = await open(kind, PRODUCT);
      await page.getByRole('textbox', { name: 'PIN code', exact: true }).fill('400013');
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await page.getByTestId('delivery-date').waitFor(WAIT);
      expect(await page.getByTestId('delivery-date').textContent()).toMatch(/^Delivery by /);
      await context.close();
    });

    it(`${kind}: a size and a colour chosen load the page drawn with that variant`, async () => {
      const res = await fetch(`${chromium.base}/api/products${PRODUCT.slice('/product'.length)}`);
      const product = ((await res.json()) as { data: Product }).data;
      const wanted = (product.variants ?? []).find((v) => v.options.Size === 'Medium' && v.options.Colour === 'Graphite');
      expect(wanted).toBeDefined();
      const { page, context } = await open(kind, PRODUCT);
      for (const [name, value] of [
        ['Size', 'Medium'],
        ['Colour', 'Graphite'],
      ] as const) {
        const radio = page.getByRole('radiogroup', { name }).getByRole('radio', { name: new RegExp(`^${name} ${value}\\b`) });
        await radio.click();
        await radio.and(page.locator('[aria-checked="true"]')).waitFor(WAIT);
      }
      expect(new URL(page.url()).searchParams.get('variant')).toBe(wanted?._id);
      expect(await page.getByTestId('variant-sku').textContent()).toBe(`SKU ${wanted?.sku}`);
      await context.close();
    });

    it(`${kind}: Add to cart sends a visitor to sign in first, and back after`, async () => {
      const { page, context } = await open(kind, PRODUCT);
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await waitForPath(page, '/auth');
      const url = new URL(page.url());
      expect(url.searchParams.get('reason')).toBe('login-first');
      // Back to the product after sign-in, with what was asked for (the page then adds the bag).
      const next = new URL(url.searchParams.get('next') ?? '', chromium.base);
      expect(next.pathname).toBe(PRODUCT);
      expect(next.searchParams.get('then')).toBe('add');
      expect(next.searchParams.get('qty')).toBe('1');
      await context.close();
    });
  }

  async function inStockLuggage(): Promise<number> {
    const res = await fetch(`${chromium.base}/api/products/category/luggage`);
    return ((await res.json()) as { data: Product[] }).data.filter((p) => p.stock > 0).length;
  }

  for (const kind of ['no-js', 'entry-fails'] as const) {
    it(`${kind}: the filters and sort are a GET form of the list's URL; Clear filters is a link`, async () => {
      const inStock = await inStockLuggage();
      const { page, context } = await open(kind, '/luggage');
      await page.getByLabel('In stock only').check();
      await page.getByLabel('Sort by').selectOption('price_asc');
      await page.getByRole('button', { name: 'Go: apply the price range' }).click();
      await page.waitForURL((url) => url.searchParams.get('inStock') === 'true' && url.searchParams.get('sort') === 'price_asc', WAIT);
      // The server drew the filtered list, with the form showing the choices.
      expect(await page.getByTestId('bag-count').innerText()).toBe(`${inStock} bags`);
      expect(await page.getByLabel('In stock only').isChecked()).toBe(true);
      expect(await page.getByLabel('Sort by').inputValue()).toBe('price_asc');
      await page.getByRole('link', { name: 'Clear filters' }).click();
      await page.waitForURL((url) => !url.searchParams.has('inStock') && url.searchParams.get('sort') === 'price_asc', WAIT);
      expect(await page.getByLabel('In stock only').isChecked()).toBe(false);
      await context.close();
    });

    it(`${kind}: at 360 px the "Filters" button opens the folded filters`, async () => {
      const { page, context } = await open(kind, '/luggage', VIEWPORTS.mobile);
      expect(await page.getByLabel('In stock only').isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByLabel('In stock only').waitFor({ state: 'visible', ...WAIT });
      await context.close();
    });
  }

  it('with the app: a filter ticked before it arrived is applied when it does', async () => {
    const inStock = await inStockLuggage();
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${chromium.base}/luggage`, { waitUntil: 'commit' });
    await page.getByLabel('In stock only').check(WAIT);
    await page.waitForURL((url) => url.search === '?inStock=true', WAIT);
    await page.getByText(`${inStock} bags`, { exact: true }).waitFor(WAIT);
    expect(await page.getByLabel('In stock only').isChecked()).toBe(true);
    await context.close();
  });

  it('the page says when it is live (html[data-live]), and a quantity typed before keeps', async () => {
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${chromium.base}${PRODUCT}`, { waitUntil: 'commit' });
    const quantity = page.getByRole('textbox', { name: 'Quantity' });
    await quantity.fill('2');
    await page.locator('html[data-live]').waitFor({ state: 'attached', ...WAIT });
    expect(await quantity.inputValue()).toBe('2');
    await context.close();
  });
});

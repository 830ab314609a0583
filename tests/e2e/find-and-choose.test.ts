// Finding and choosing a bag in real Chromium (docs/search-and-seo.md): instant search with
// the keyboard, the search page, filters and sort kept in the URL (Back undoes them), and the
// product gallery swiped on a touch screen. Screenshots at 360 and 1280 px.
import type { Product } from '@bagshop/domain';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { laidOutBox, screenshot, SCREENSHOT_DIR, useBrowser, VIEWPORTS, waitForTitle } from '../support/browser';

async function apiList(base: string, path: string): Promise<Product[]> {
  return ((await (await fetch(`${base}/api/${path}`)).json()) as { data: Product[] }).data;
}

/** What is on screen only: a full-page capture resizes the viewport, which moves a scroll-snapped gallery and a full-screen dialog. */
async function screenshotViewport(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}.png`) });
}

const cardNames = (page: Page) =>
  page.getByRole('article').evaluateAll((cards) => cards.map((c) => c.querySelector('h2, h3')?.textContent?.trim() ?? ''));

/** A one-finger swipe from (x1, y) to (x2, y), as a touch screen sends it. */
async function swipe(cdp: CDPSession, y: number, x1: number, x2: number): Promise<void> {
  const steps = 8;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x1, y }] });
  for (let i = 1; i <= steps; i += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x1 + ((x2 - x1) * i) / steps, y }] });
    // A finger moves over a few frames; moves sent all at once are not read as a swipe.
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

describe('find and choose (Chromium)', () => {
  const chromium = useBrowser();

  it('1280 px: the search code loads on first focus; type "trolly", pick the second result with the keyboard, land on its page', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto(`${chromium.base}/`, { waitUntil: 'load' });
    await page.getByText('From Office to Adventure').waitFor();
    const box = page.getByRole('combobox', { name: 'Search bags' });
    expect(scripts.some((s) => s.includes('search-suggestions'))).toBe(false);
    const loaded = page.waitForResponse((res) => res.url().includes('search-suggestions'));
    await box.focus();
    await loaded;
    expect(await box.getAttribute('aria-expanded')).toBe('false');

    await box.pressSequentially('trolly', { delay: 30 });
    const list = page.getByRole('listbox', { name: 'Search results' });
    await list.getByRole('option').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
    expect(await box.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
    const expected = (await apiList(chromium.base, 'products/search?q=trolly')).slice(0, 6);
    const options = list.getByRole('option');
    // Six results (image, name, sale price) and "See all results".
    expect(await options.count()).toBe(expected.length + 1);
    const firstText = (await options.first().innerText()).replace(/\s+/g, ' ');
    expect(firstText).toContain(expected[0]?.name);
    expect(firstText.replace(/\s/g, '')).toContain(
      `₹${((expected[0]?.price ?? 0) - (expected[0]?.discount ?? 0)).toLocaleString('en-IN')}`,
    );
    expect(await options.first().locator('img').count()).toBe(1);

    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const second = options.nth(1);
    await expect.poll(() => second.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => box.getAttribute('aria-activedescendant')).toBe(await second.getAttribute('id'));
    await screenshot(page, 'find-typeahead-1280');
    // Escape closes the list and keeps the text; ArrowDown opens it again.
    await box.press('Escape');
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    await list.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe('trolly');
    await box.press('ArrowDown');
    await list.waitFor();
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await expect.poll(() => options.nth(1).getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    const chosen = expected[1] as Product;
    await page.waitForURL(`**/product/${chosen._id}`);
    await page.getByRole('heading', { name: chosen.name, level: 1 }).waitFor();
    await waitForTitle(page, `${chosen.name} · Bagshop`);
    await page.close();
  });

  it('1280 px: Enter with nothing highlighted opens the search page with every match as cards; filters apply there too', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${chromium.base}/luggage`, { waitUntil: 'load' });
    const box = page.getByRole('combobox', { name: 'Search bags' });
    // A GET form to /search, and text typed before the app runs is kept (decision 0032): no wait.
    await box.fill('back pack');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'back pack');
    await page.getByRole('heading', { name: 'Results for ‘back pack’', level: 1 }).waitFor();
    const expected = await apiList(chromium.base, 'products/search?q=back%20pack');
    await page.getByRole('article').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => cardNames(page)).toEqual(expected.map((p) => p.name));
    expect(await page.getByTestId('bag-count').innerText()).toBe(`${expected.length} bags`);
    await page.getByLabel('Sort by').selectOption('price_asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc' && url.searchParams.get('q') === 'back pack');
    const cheapest = [...expected].sort((a, b) => a.price - a.discount - (b.price - b.discount))[0];
    await expect.poll(async () => (await cardNames(page))[0]).toBe(cheapest?.name);
    await screenshot(page, 'find-search-page-1280');
    await page.close();
  });

  it('360 px: search from the menu; no match shows the categories to browse', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.mobile, hasTouch: true });
    await page.goto(`${chromium.base}/`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const box = page.getByRole('dialog').getByRole('combobox', { name: 'Search bags' });
    await box.fill('holdal');
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().waitFor({ timeout: 30_000 });
    await screenshotViewport(page, 'find-typeahead-360');
    // Escape closes the list, not the menu.
    await box.press('Escape');
    await page.getByRole('listbox', { name: 'Search results' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').isVisible()).toBe(true);
    expect(await box.inputValue()).toBe('holdal');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'holdal');
    await page.getByRole('heading', { name: 'Results for ‘holdal’', level: 1 }).waitFor();
    // The menu (a popover) closes when the app moves to the results.
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('article').first().waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await cardNames(page))[0]).toBe('Heritage Leather Holdall');
    await screenshot(page, 'find-search-page-360');

    const again = page.getByRole('search', { name: 'Search again' }).getByRole('combobox');
    await again.fill('zzqqxx');
    await again.press('Enter');
    await page.getByText('No bags match ‘zzqqxx’').waitFor({ timeout: 15_000 });
    for (const c of ['Luggage', 'Backpacks', 'Duffles'])
      expect(await page.getByRole('main').getByRole('link', { name: c }).getAttribute('href')).toBe(`/${c.toLowerCase()}`);
    await screenshot(page, 'find-search-empty-360');
    await page.close();
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`/luggage at ${viewport.width} px: in stock only, then price low→high; the URL follows; Back undoes each`, async () => {
      const all = await apiList(chromium.base, 'products/category/luggage');
      const inStock = all.filter((p) => p.stock > 0);
      const cheapestFirst = [...inStock].sort((a, b) => a.price - a.discount - (b.price - b.discount)).map((p) => p.name);
      const page = await chromium.browser.newPage({ viewport });
      await page.goto(`${chromium.base}/luggage`, { waitUntil: 'load' });
      await page.getByRole('article').first().waitFor({ timeout: 20_000 });
      const count = page.getByTestId('bag-count');
      expect(await count.innerText()).toBe(`${all.length} bags`);
      await expect.poll(() => cardNames(page)).toEqual(all.map((p) => p.name));
      const featured = all.map((p) => p.name);

      if (size === 'mobile') {
        // Below 640 px the filters are folded behind a button.
        expect(await page.getByLabel('In stock only').isVisible()).toBe(false);
        await page.getByRole('button', { name: 'Filters' }).click();
        await page.getByLabel('In stock only').waitFor({ state: 'visible' });
      }
      // A click, not check(): the box follows the URL, which changes a moment after the click.
      await page.getByLabel('In stock only').click();
      await page.waitForURL((url) => url.search === '?inStock=true');
      await expect.poll(() => page.getByLabel('In stock only').isChecked()).toBe(true);
      await page.getByText(`${inStock.length} bags`, { exact: true }).waitFor();
      await page.getByLabel('Sort by').selectOption('price_asc');
      await page.waitForURL((url) => url.search === '?inStock=true&sort=price_asc');
      await expect.poll(() => cardNames(page)).toEqual(cheapestFirst);
      await page.getByRole('link', { name: 'Clear filters' }).waitFor();
      await screenshot(page, `find-luggage-filtered-${viewport.width}`);

      await page.goBack();
      await page.waitForURL((url) => url.search === '?inStock=true');
      await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('featured');
      await expect.poll(() => cardNames(page)).toEqual(featured.filter((name) => inStock.some((p) => p.name === name)));
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/luggage' && url.search === '');
      await page.getByText(`${all.length} bags`, { exact: true }).waitFor();
      expect(await page.getByLabel('In stock only').isChecked()).toBe(false);
      await expect.poll(() => cardNames(page)).toEqual(featured);

      // A price range applies on Enter, as one more history entry; "Clear filters" removes it.
      if (size === 'mobile' && !(await page.getByLabel('Max price (₹)').isVisible()))
        await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByLabel('Max price (₹)').fill('5000');
      await page.getByLabel('Max price (₹)').press('Enter');
      await page.waitForURL((url) => url.search === '?maxPrice=5000');
      const underFive = all.filter((p) => p.price - p.discount <= 5000);
      await page.getByText(`${underFive.length} bags`, { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Clear filters' }).click();
      await page.waitForURL((url) => url.search === '');
      await page.getByText(`${all.length} bags`, { exact: true }).waitFor();
      await page.close();
    });
  }

  it('360 px, touch: swipe the gallery to the next picture, a thumbnail to the third, then the larger view', async () => {
    const context = await chromium.browser.newContext({ viewport: VIEWPORTS.mobile, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${chromium.base}/product/weekender-canvas-duffle`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Weekender Canvas Duffle', level: 1 }).waitFor();
    const gallery = page.getByRole('region', { name: 'Pictures of Weekender Canvas Duffle' });
    const counter = gallery.getByTestId('gallery-counter');
    expect(await counter.innerText()).toBe('1 / 3');
    const thumbs = gallery.getByRole('group', { name: 'Choose a picture' }).getByRole('button');
    expect(await thumbs.count()).toBe(3);
    expect(await thumbs.first().getAttribute('aria-current')).toBe('true');

    // No arrows over the picture on a touch screen: the whole picture takes the swipe.
    expect(await gallery.getByRole('button', { name: 'Next picture' }).isVisible()).toBe(false);
    const track = await laidOutBox(gallery.getByTestId('gallery-track'));
    const cdp = await context.newCDPSession(page);
    await swipe(cdp, track.y + track.height / 2, track.x + track.width * 0.85, track.x + track.width * 0.15);
    await page.waitForFunction(() => document.querySelector('[data-testid="gallery-counter"]')?.textContent === '2 / 3', undefined, {
      timeout: 10_000,
    });
    expect(await thumbs.nth(1).getAttribute('aria-current')).toBe('true');
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="gallery-track"]');
      return el !== null && Math.abs(el.scrollLeft - el.clientWidth) < 2;
    });
    await screenshotViewport(page, 'find-gallery-swiped-360');

    await thumbs.nth(2).tap();
    await page.waitForFunction(() => document.querySelector('[data-testid="gallery-counter"]')?.textContent === '3 / 3', undefined, {
      timeout: 10_000,
    });
    await page.getByRole('button', { name: 'Larger view: Weekender Canvas Duffle, picture 3 of 3' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Weekender Canvas Duffle' });
    await dialog.getByRole('img', { name: 'Weekender Canvas Duffle, picture 3 of 3' }).waitFor();
    await dialog.getByRole('button', { name: 'Previous picture' }).tap();
    await dialog.getByRole('img', { name: 'Weekender Canvas Duffle, picture 2 of 3' }).waitFor();
    await screenshotViewport(page, 'find-gallery-larger-360');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Closing returns to the picture last seen in the larger view.
    await page.waitForFunction(() => document.querySelector('[data-testid="gallery-counter"]')?.textContent === '2 / 3');
    await context.close();
  });

  it('1280 px: the gallery with thumbnails and arrows', async () => {
    const page = await chromium.browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${chromium.base}/product/voyager-hardshell-cabin-trolley-55-cm`, { waitUntil: 'load' });
    const gallery = page.getByRole('region', { name: 'Pictures of Voyager Hardshell Cabin Trolley 55 cm' });
    await gallery.waitFor();
    // The gallery's arrows are the app's: disabled until it runs (a click waits for them, as a person would).
    await gallery.getByRole('button', { name: 'Next picture' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="gallery-counter"]')?.textContent === '2 / 3');
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('[data-testid="gallery-track"] img, [aria-label="Choose a picture"] img')).every(
          (img) => (img as HTMLImageElement).complete,
        ),
      undefined,
      { timeout: 15_000 },
    );
    await screenshot(page, 'find-gallery-1280');
    await page.close();
  });
});

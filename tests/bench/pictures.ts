// `npm run bench:pictures` (docs/storefront.md, "Pictures for the screen"): the bytes of pictures a
// shopper downloads on /luggage, in Chromium at 360 and 1280 px wide (device pixel ratio 1),
// against a running `npm start` stack of this checkout (BAGSHOP_PORT_OFFSET). Two figures per
// width: the first screen (the page loaded, the pictures in view painted) and the whole page
// (scrolled to the bottom, so every lazy card picture has loaded). Prints, asserts nothing.
import { chromium, type Page } from 'playwright-core';
import { HOSTING_URL } from '../../scripts/lib/env.ts';

const PAGES = (process.env.BENCH_PAGES ?? '/luggage').split(',');
const WIDTHS = [360, 1280];

async function inView(page: Page): Promise<void> {
  await page.waitForFunction(
    () => Array.from(document.images).every((img) => img.complete || img.getBoundingClientRect().top > window.innerHeight),
    undefined,
    { timeout: 15_000 },
  );
}

async function measure(path: string, width: number): Promise<{ first: number; whole: number; requests: string[] }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width, height: width < 800 ? 780 : 900 } });
    let bytes = 0;
    const requests: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'image') return;
      requests.push(res.url().replace(HOSTING_URL, ''));
      void res.body().then(
        (b) => (bytes += b.byteLength),
        () => undefined,
      );
    });
    await page.goto(`${HOSTING_URL}${path}`, { waitUntil: 'load' });
    await inView(page);
    await page.waitForTimeout(500);
    const first = bytes;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await inView(page);
    }
    await page.waitForTimeout(500);
    return { first, whole: bytes, requests };
  } finally {
    await browser.close();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const path of PAGES) {
  for (const width of WIDTHS) {
    const { first, whole, requests } = await measure(path, width);
    console.log(`${path} at ${width} px: first screen ${kb(first)}, whole page ${kb(whole)} (${requests.length} pictures)`);
    if (process.env.BENCH_VERBOSE) for (const r of requests) console.log(`  ${r}`);
  }
}

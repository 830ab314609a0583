import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { hostingUrl } from './emulators';

export const SCREENSHOT_DIR = resolve(process.cwd(), 'test-results/screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export const VIEWPORTS = {
  mobile: { width: 360, height: 780 },
  desktop: { width: 1280, height: 900 },
} as const;

/**
 * Waits for `count` animation frames in the page. Headless Chromium can stop scheduling frames
 * for a while on a loaded machine, and an evaluate that awaits requestAnimationFrame alone then
 * never returns (the test hangs until its own time limit, naming no step): each frame here is
 * also ended by a 100 ms timer.
 */
export function animationFrames(page: Page, count = 2): Promise<void> {
  return page.evaluate(
    (n) =>
      new Promise<void>((done) => {
        let left = n;
        const next = () => {
          if (left-- <= 0) return done();
          const timer = setTimeout(() => {
            cancelAnimationFrame(frame);
            next();
          }, 100);
          const frame = requestAnimationFrame(() => {
            clearTimeout(timer);
            next();
          });
        };
        next();
      }),
    count,
  );
}

/**
 * Resolves once the page has painted what it last rendered (two animation frames) and no
 * CSS transition or finite animation is running: after a resize, an open or a close.
 * Endless animations (loaders) are ignored.
 */
export async function waitForSettled(page: Page, timeout = 5_000): Promise<void> {
  await animationFrames(page);
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout, polling: 50 },
  );
  await animationFrames(page);
}

/** Waits until every image in the viewport (or above it) has loaded. */
export async function waitForImagesInView(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(
    () => Array.from(document.images).every((img) => img.complete || img.getBoundingClientRect().top > window.innerHeight),
    undefined,
    { timeout, polling: 50 },
  );
}

/**
 * A screenshot into test-results/screenshots once the page has settled: the full page, or
 * `fullPage: false` for the viewport only (fixed sidebars and overlays stay in place).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  await waitForSettled(page);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = resolve(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? true });
  return path;
}

export interface BrowserSession {
  /** Chromium, started before the file's first test. */
  readonly browser: Browser;
  /** The shop's origin on the Hosting emulator. */
  readonly base: string;
}

/**
 * One Chromium per test file: started in beforeAll (before the file's own beforeAll hooks
 * that are registered after this call) and closed in afterAll.
 */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  let base: string | undefined;
  beforeAll(async () => {
    base = await hostingUrl();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('useBrowser(): Chromium starts in beforeAll; use it inside hooks and tests');
      return browser;
    },
    get base() {
      if (base === undefined) throw new Error('useBrowser(): the Hosting URL is known from beforeAll on');
      return base;
    },
  };
}

/**
 * The box of `locator` once it is attached and laid out. A prerendered page's element can be
 * swapped for the app's own right after hydration (docs/decisions/0020-prerendered-public-pages.md),
 * and Playwright's boundingBox() answers null for an element detached while it measured: ask
 * again until there is a box.
 */
export async function laidOutBox(locator: Locator, timeout = 10_000): Promise<NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const box = await locator.boundingBox({ timeout });
    if (box) return box;
    if (Date.now() > deadline) throw new Error(`${locator.toString()} is not laid out`);
    await animationFrames(locator.page(), 1);
  }
}

/**
 * Waits until the app has taken the page over: `<html data-live>`, set by the root route's first
 * effect (web/src/app/root.tsx; docs/decisions/0034-react-router-framework-mode.md). Journeys do
 * not need it (links and forms work before); only controls that have no meaning without the app
 * (the gallery's arrows, the filters until they are links) wait for it.
 */
export async function waitForLive(page: Page, timeout = 20_000): Promise<void> {
  await page.locator('html[data-live]').waitFor({ state: 'attached', timeout });
}

/**
 * Waits until the document's title is `title`. Not `expect.poll(() => page.title())`: a poll
 * awaits each call, and a call that never returns (the page busy, its context being replaced)
 * holds the test until its own time limit, naming no step. This wait ends at `timeout`.
 */
export async function waitForTitle(page: Page, title: string, timeout = 20_000): Promise<void> {
  try {
    await page.waitForFunction((expected) => document.title === expected, title, { timeout, polling: 100 });
  } catch (error) {
    const now = await documentTitle(page, 2_000).catch(() => '(no answer)');
    throw new Error(`The title never became "${title}" in ${timeout} ms; it is "${now}"`, { cause: error });
  }
}

/** The document's title now, read in the page's own context (page.title() waits without end for a helper context). */
export async function documentTitle(page: Page, timeout = 10_000): Promise<string> {
  const handle = await page.waitForFunction(() => document.readyState !== 'loading' && [document.title], undefined, {
    timeout,
    polling: 100,
  });
  return ((await handle.jsonValue()) as [string])[0];
}

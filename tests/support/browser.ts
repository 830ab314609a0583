import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { hostingUrl } from './emulators';

export const SCREENSHOT_DIR = resolve(process.cwd(), 'test-results/screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export const VIEWPORTS = {
  mobile: { width: 360, height: 780 },
  desktop: { width: 1280, height: 900 },
} as const;

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = resolve(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
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

// bench:web's measure of what a phone user lives through (issue 22): real throttling applied
// to Chromium, not simulated — 412 px, 4× CPU slowdown, 150 ms round trip, 1.6 Mbit/s down —
// on a cold cache per run, no input. Per page: first paint, largest paint, when the app marked
// itself live (`bagshop:live`), and the main thread's long tasks after first paint (Long Tasks
// API: the longest, and their blocking time over 50 ms) until the page has settled; the same
// page with JavaScript disabled is the no-JS baseline of the largest paint. The taps are in
// tests/bench/web-taps.ts.
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const THROTTLE = { width: 412, height: 823, cpu: 4, rttMs: 150, downKbit: 1600, upKbit: 750 };

export interface ThrottledRun {
  fcpMs: number;
  lcpMs: number;
  /** When the app answered taps (NaN without JavaScript). */
  liveMs: number;
  /** When the modules had run and hydration began (`bagshop:hydrate`, web/src/app/entry.client.tsx). */
  hydrateMs: number;
  /** The longest main-thread task that began after first paint (0: none over 50 ms). */
  longestTaskMs: number;
  /** Sum of (task − 50 ms) over those tasks. */
  blockingMs: number;
}

/**
 * Records the largest paint from the document's start, and a promise of the app's
 * `bagshop:live` mark (web/src/app/root.tsx). Awaiting that promise costs the page nothing;
 * a locator polling for `html[data-live]` ran on the throttled main thread the app was
 * hydrating on, about 100 ms of it per load.
 */
const OBSERVE = `(() => {
  const w = window;
  let live;
  w.__bench = { lcp: 0, tasks: [], live: new Promise((resolve) => { live = resolve; }) };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__bench.tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__bench.lcp = Math.max(w.__bench.lcp, e.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('bagshop:live').length > 0) live();
    }).observe({ type: 'mark', buffered: true });
  } catch {}
})();`;

/** Resolves once the app has marked itself live, without polling the page. */
async function waitForLiveMark(page: Page, timeout = 60_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      page.evaluate(() => (window as unknown as { __bench: { live: Promise<void> } }).__bench.live),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`The app did not mark itself live within ${timeout} ms`)), timeout);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A fresh context (cold cache) with the phone, CPU and network of the issue. */
export async function throttledPage(browser: Browser, javaScript = true): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: THROTTLE.width, height: THROTTLE.height },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: javaScript,
  });
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLE.rttMs,
    downloadThroughput: (THROTTLE.downKbit * 1000) / 8,
    uploadThroughput: (THROTTLE.upKbit * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE.cpu });
  return { context, page };
}

/** One throttled load of `url`; with JavaScript it waits for the app to answer taps. */
export async function throttledRun(browser: Browser, url: string, javaScript = true): Promise<ThrottledRun> {
  const { context, page } = await throttledPage(browser, javaScript);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (javaScript) await waitForLiveMark(page);
    // The largest paint is final once the page has settled (no input: a tap would end it); the
    // lazy parts hydrate after the live mark, so the long tasks are read 3 s after it settled.
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    await page.waitForTimeout(3000);
    return await page.evaluate(() => {
      const b = (window as unknown as { __bench: { lcp: number; tasks: [number, number][] } }).__bench;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const live = performance.getEntriesByName('bagshop:live')[0]?.startTime ?? Number.NaN;
      const hydrate = performance.getEntriesByName('bagshop:hydrate')[0]?.startTime ?? Number.NaN;
      const after = b.tasks.filter(([start]) => start >= fcp).map(([, duration]) => duration);
      return {
        fcpMs: fcp,
        lcpMs: b.lcp || fcp,
        liveMs: live,
        hydrateMs: hydrate,
        longestTaskMs: after.length ? Math.max(...after) : 0,
        blockingMs: after.reduce((a, d) => a + Math.max(0, d - 50), 0),
      };
    });
  } finally {
    await context.close();
  }
}

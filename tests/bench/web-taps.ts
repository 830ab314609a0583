// bench:web's "every tap answered" (issue 36, docs/storefront.md "bench:web"): cold loads under
// the applied throttle of tests/bench/web-throttled.ts, taps from first paint on at first paint
// + 0, 250, … 4,000 ms, on a heading and on each page's main controls. Per tap: the next paint
// (Event Timing `duration` of the tap's interaction) and whether it did what it meant.
//
// How a tap is made and measured, without waiting on the page's busy main thread more than a
// person would: the schedule is kept in Node from the first paint's timestamp; the tap is a
// touch at the control's centre (`page.touchscreen.tap`, the browser's own input, not a script
// in the page). An init script records each tap's `pointerdown` time and the Event Timing
// entries (`durationThreshold` 16, the API's least: a tap with no entry took < 16 ms); on
// `pagehide` it saves them in sessionStorage, so a tap that loads another page is still counted
// (when the old page could not report it, the tap → next page's first paint is given instead).
//
// Controls that load another page or change the cart (a card link, the hero's link, Add to
// cart) are tapped once per cold load; over BENCH_RUNS runs their offsets cover the schedule
// (run r taps offsets k with k mod max(runs, 4) = r mod max(runs, 4)). The others (heading,
// menu, filter, quantity) take every offset in one load.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { THROTTLE } from './web-throttled.ts';

export const TAP_OFFSETS = Array.from({ length: 17 }, (_, k) => k * 250);

export interface Tap {
  control: string;
  /** Planned offset from first paint (ms). */
  offsetMs: number;
  /** When it was made, from first paint (ms; later than planned when the previous tap's check took long). */
  atMs: number;
  /** Event Timing duration of the tap's interaction; 0 = under the API's 16 ms threshold; NaN = not reported. */
  durationMs: number;
  /** Whether the app was live (`bagshop:live`) when the tap was made. */
  live: boolean;
  /** For a tap that loaded another page whose old page could not report the tap: tap → next first paint. */
  navigationMs?: number;
  ok: boolean;
  detail: string;
}

/**
 * Per document: first paint (a promise), each pointerdown's timestamp, Event Timing entries of
 * interactions, long tasks, the live mark. Saved on pagehide under `bench:prev` (the next
 * document of the tab reads it), with the document's time origin.
 */
const OBSERVE_TAPS = `(() => {
  const w = window;
  let painted;
  const b = (w.__taps = { downs: [], events: [], longtasks: [], fcp: new Promise((r) => { painted = r; }), prev: null });
  try { b.prev = JSON.parse(sessionStorage.getItem('bench:prev') || 'null'); sessionStorage.removeItem('bench:prev'); } catch {}
  addEventListener('pointerdown', (e) => { b.downs.push(e.timeStamp); }, { capture: true, passive: true });
  const keep = (list) => {
    for (const e of list.getEntries()) if (e.interactionId) b.events.push({ id: e.interactionId, start: e.startTime, duration: e.duration, name: e.name });
  };
  let eventObserver;
  try {
    eventObserver = new PerformanceObserver(keep);
    eventObserver.observe({ type: 'event', durationThreshold: 16, buffered: true });
    new PerformanceObserver((list) => { for (const e of list.getEntries()) b.longtasks.push({ start: e.startTime, duration: e.duration }); })
      .observe({ type: 'longtask', buffered: true });
    new PerformanceObserver((list) => { const e = list.getEntriesByName('first-contentful-paint')[0]; if (e) painted(e.startTime); })
      .observe({ type: 'paint', buffered: true });
  } catch {}
  addEventListener('pagehide', () => {
    try { if (eventObserver) keep({ getEntries: () => eventObserver.takeRecords() }); } catch {}
    // A document with no tap of its own (a redirect's page on the way) passes the tapped one on.
    const mine = { origin: performance.timeOrigin, downs: b.downs, events: b.events };
    try { sessionStorage.setItem('bench:prev', JSON.stringify(b.downs.length || !b.prev ? mine : b.prev)); } catch {}
  });
})();`;

interface PageTaps {
  origin: number;
  downs: number[];
  events: { id: number; start: number; duration: number; name: string }[];
}

/** Event Timing duration of the interaction that began with the pointerdown at `down` (0: under 16 ms). */
function durationOf(data: PageTaps, down: number): number {
  const near = data.events.filter((e) => Math.abs(e.start - down) < 1);
  if (near.length === 0) return 0;
  const ids = new Set(near.map((e) => e.id));
  return Math.max(...data.events.filter((e) => ids.has(e.id)).map((e) => e.duration));
}

/** A fresh, cold, throttled phone context (optionally with a signed-in shopper's storage). */
async function coldPage(browser: Browser, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({
    viewport: { width: THROTTLE.width, height: THROTTLE.height },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    ...(storageState ? { storageState } : {}),
  });
  await context.addInitScript(OBSERVE_TAPS);
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

/** Opens `url` cold and resolves at its first paint: the Node clock's time of it, from the page's own entry. */
async function openAtFirstPaint(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  const { fcp, now } = await withLimit(
    page.evaluate(async () => {
      const b = (window as unknown as { __taps: { fcp: Promise<number> } }).__taps;
      const fcp = await b.fcp;
      return { fcp, now: performance.now() };
    }),
    60_000,
    'first paint',
  );
  return Date.now() - (now - fcp);
}

async function withLimit<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<T>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const sleepUntil = async (t: number) => {
  const wait = t - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
};

/** Touches the centre of `target` (scrolled into view first if it is outside the screen). */
async function touch(page: Page, target: Locator): Promise<void> {
  let box = await target.boundingBox({ timeout: 20_000 });
  if (!box || box.y < 0 || box.y + box.height > THROTTLE.height) {
    await target.scrollIntoViewIfNeeded({ timeout: 20_000 });
    box = await target.boundingBox({ timeout: 20_000 });
  }
  if (!box) throw new Error('The control has no box');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

const isLive = (page: Page) =>
  withLimit(
    page.evaluate(() => document.documentElement.hasAttribute('data-live')),
    20_000,
    'live check',
  ).catch(() => false);

async function readTaps(page: Page): Promise<PageTaps & { fcp: number; prev: PageTaps | null }> {
  return withLimit(
    page.evaluate(async () => {
      const b = (window as unknown as { __taps: PageTaps & { fcp: Promise<number>; prev: PageTaps | null } }).__taps;
      return { origin: performance.timeOrigin, downs: b.downs, events: b.events, prev: b.prev, fcp: await b.fcp };
    }),
    30_000,
    'reading the taps',
  );
}

/** Fills in each tap's duration from the documents' records; `planned` are the taps in order. */
function measure(planned: Omit<Tap, 'durationMs'>[], docs: PageTaps[]): Tap[] {
  const downs = docs.flatMap((d) => d.downs.map((t) => ({ doc: d, t })));
  return planned.map((tap, i) => {
    const down = downs[i];
    return { ...tap, durationMs: down ? durationOf(down.doc, down.t) : Number.NaN };
  });
}

export interface Control {
  name: string;
  /** Taps that load a page or change the cart: one per cold load. */
  once: boolean;
  /** The tap (and whatever it takes to be ready for it), then whether it did what it meant. */
  tap: (page: Page) => Promise<{ ok: boolean; detail: string }>;
  /** Checked once after the last tap, when the app is live (typed text kept, filter applied). */
  after?: (page: Page) => Promise<{ ok: boolean; detail: string }>;
  /** Before each cold load (e.g. empty the cart). */
  before?: () => Promise<void>;
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
}

/** Waits (with a limit) for a condition read from the page; false when it did not come. */
const within = (check: Promise<unknown>) =>
  check.then(
    () => true,
    () => false,
  );

export function headingControl(): Control {
  return {
    name: 'heading',
    once: false,
    tap: async (page) => {
      const before = page.url();
      await touch(page, page.getByRole('heading', { level: 1 }).first());
      const same = page.url() === before;
      return { ok: same, detail: same ? 'nothing happened (text)' : `moved to ${page.url()}` };
    },
  };
}

export function menuControl(): Control {
  return {
    name: 'menu',
    once: false,
    tap: async (page) => {
      await touch(page, page.getByRole('button', { name: 'Open menu' }));
      const open = await within(page.locator('#mobile-menu:popover-open').waitFor({ state: 'visible', timeout: 5000 }));
      // Closed again for the next tap (Escape: the popover's light dismiss).
      await page.keyboard.press('Escape');
      await within(page.locator('#mobile-menu:popover-open').waitFor({ state: 'detached', timeout: 5000 }));
      return { ok: open, detail: open ? 'menu open' : 'menu did not open within 5 s' };
    },
  };
}

/** The "In stock only" filter (below 640 px behind the Filters button): each tap toggles it; once live the URL says it. */
export function filterControl(): Control {
  let ticks = 0;
  return {
    name: 'filter',
    once: false,
    tap: async (page) => {
      const box = page.getByRole('checkbox', { name: 'In stock only' });
      if (!(await box.isVisible())) {
        await touch(page, page.getByRole('button', { name: 'Filters' }));
        const shown = await within(box.waitFor({ state: 'visible', timeout: 5000 }));
        if (!shown) return { ok: false, detail: 'Filters did not open the panel within 5 s' };
      }
      const was = await box.isChecked({ timeout: 10_000 });
      await touch(page, box);
      const flipped = await within(
        page.waitForFunction((w) => (document.querySelector('input[name="inStock"]') as HTMLInputElement | null)?.checked === !w, was, {
          timeout: 5000,
          polling: 100,
        }),
      );
      ticks += 1;
      return { ok: flipped, detail: flipped ? `in stock ${was ? 'unticked' : 'ticked'}` : 'the box did not change within 5 s' };
    },
    after: async (page) => {
      const want = ticks % 2 === 1;
      ticks = 0;
      const applied = await within(
        page.waitForFunction((w) => new URL(location.href).searchParams.get('inStock') === (w ? 'true' : null), want, {
          timeout: 30_000,
          polling: 250,
        }),
      );
      return {
        ok: applied,
        detail: applied
          ? `filter applied (in stock ${want ? 'on' : 'off'})`
          : `URL ${page.url()} does not say in stock ${want ? 'on' : 'off'}`,
      };
    },
  };
}

/** The quantity box: each tap focuses it and a digit is typed over it; the last one must still be there once live. */
export function quantityControl(): Control {
  let last = '';
  let n = 0;
  return {
    name: 'quantity',
    once: false,
    tap: async (page) => {
      const box = page.getByRole('textbox', { name: 'Quantity' });
      await touch(page, box);
      last = String((n % 3) + 2);
      n += 1;
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(last);
      const value = await box.inputValue({ timeout: 10_000 });
      return { ok: value === last, detail: `typed ${last}, box says "${value}"` };
    },
    after: async (page) => {
      const value = await page.getByRole('textbox', { name: 'Quantity' }).inputValue({ timeout: 10_000 });
      return { ok: value === last, detail: `once live the box says "${value}" (typed ${last})` };
    },
  };
}

/** A link that loads `expected` (a card's name, the hero's button). */
export function linkControl(name: string, target: (page: Page) => Locator, expected: RegExp): Control {
  return {
    name,
    once: true,
    tap: async (page) => {
      await touch(page, target(page));
      const arrived = await within(page.waitForURL(expected, { timeout: 30_000, waitUntil: 'commit' }));
      return { ok: arrived, detail: arrived ? `at ${new URL(page.url()).pathname}` : `still at ${page.url()} after 30 s` };
    },
  };
}

/** Add to cart by a signed-in shopper (their storage): the cart must hold exactly one more of the bag. */
export function addToCartControl(options: {
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  count: () => Promise<number>;
  empty: () => Promise<void>;
}): Control {
  return {
    name: 'Add to cart',
    once: true,
    storageState: options.storageState,
    before: options.empty,
    tap: async (page) => {
      const before = await options.count();
      await touch(page, page.getByRole('button', { name: 'Add to cart', exact: true }));
      let now = before;
      const until = Date.now() + 60_000;
      while (Date.now() < until && now === before) {
        await new Promise((r) => setTimeout(r, 500));
        now = await options.count();
      }
      // Settled: the page is where the add leads (the cart) or stayed; a second add would show now.
      await within(page.waitForURL(/\/cart/, { timeout: 15_000, waitUntil: 'commit' }));
      now = await options.count();
      return { ok: now === before + 1, detail: `cart ${before} → ${now}${now === before ? ' after 60 s' : ''}` };
    },
  };
}

/** Taps `control` at `offsets` (from first paint) in cold loads of `url`. */
export async function tapRun(browser: Browser, url: string, control: Control, offsets: number[]): Promise<Tap[]> {
  const loads = control.once ? offsets.map((o) => [o]) : [offsets];
  const taps: Tap[] = [];
  for (const schedule of loads) {
    await control.before?.();
    const { context, page } = await coldPage(browser, control.storageState);
    try {
      const painted = await openAtFirstPaint(page, url);
      const planned: Omit<Tap, 'durationMs'>[] = [];
      for (const offset of schedule) {
        await sleepUntil(painted + offset);
        const atMs = Date.now() - painted;
        const live = await isLive(page).catch(() => false);
        const result = await control.tap(page).catch((error: unknown) => ({
          ok: false,
          detail: `tap failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        }));
        planned.push({ control: control.name, offsetMs: offset, atMs, live, ...result });
      }
      if (control.after) {
        await page
          .locator('html[data-live]')
          .waitFor({ state: 'attached', timeout: 60_000 })
          .catch(() => undefined);
        const result = await control.after(page).catch((error: unknown) => ({
          ok: false,
          detail: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
        }));
        const lastTap = planned.at(-1);
        if (lastTap && !result.ok) Object.assign(lastTap, { ok: false, detail: `${lastTap.detail}; ${result.detail}` });
        else if (lastTap) lastTap.detail += `; ${result.detail}`;
      }
      const data = await readTaps(page);
      const docs = data.prev ? [data.prev, data] : [data];
      const measured = measure(planned, docs);
      // A tap that left its page before the old page could report it: the next page's first paint instead.
      if (data.prev && measured.length === 1) {
        const tap = measured[0];
        const down = data.prev.downs[0];
        if (tap && down !== undefined && data.prev.events.every((e) => Math.abs(e.start - down) >= 1)) {
          tap.durationMs = Number.NaN;
          tap.navigationMs = data.origin + data.fcp - (data.prev.origin + down);
        }
      }
      taps.push(...measured);
    } finally {
      await context.close();
    }
  }
  return taps;
}

/** The offsets of a once-per-load control for run `run` of `runs` (together the runs cover the schedule). */
export function onceOffsets(run: number, runs: number): number[] {
  const stride = Math.max(runs, 4);
  return TAP_OFFSETS.filter((_, k) => k % stride === run % stride);
}

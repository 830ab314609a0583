/**
 * The clock of the message flows (docs/comeback.md "Testing the clock"). In production it is the
 * real time. On the emulators only, a request may carry `X-Bagshop-Test-Now: <ISO time>`, and
 * everything that request does reads that time from `now()` (quiet hours, the daily cap, the
 * price-drop week), so API tests can stand at 22:00 IST without waiting for it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<Date>();

export const TEST_NOW_HEADER = 'x-bagshop-test-now';

/** The time: the request's test time on the emulators, else the real one. */
export function now(): Date {
  return storage.getStore() ?? new Date();
}

/** Runs `fn` with `at` as the clock (the emulator middleware, and in-process tests). */
export function withClock<T>(at: Date, fn: () => T): T {
  return storage.run(at, fn);
}

/** The header's time, or null when absent or not a date. */
export function parseTestNow(value: string | undefined): Date | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * Which orders (or returns) a sweep works on (issue 37, "the sweep"): the oldest due ones, but not
 * those whose last provider call failed and that wait out their back-off, so a run of failures at
 * the head of the queue no longer keeps every order behind it waiting (head-of-line blocking).
 */
import { backoffDelayMs, type BackoffPolicy } from './retry.js';

/** Between sweeps, for an item whose provider could not be asked: 1, 2, 4 … minutes, at most an hour (with jitter). */
export const SWEEP_RETRY: BackoffPolicy = { baseMs: 60_000, capMs: 3_600_000 };

/** The first `limit` items, oldest first as given, whose `retryAt` (epoch ms) is not in the future. */
export function sweepBatch<T>(items: readonly T[], retryAtOf: (item: T) => number | null, nowMs: number, limit: number): T[] {
  const out: T[] = [];
  for (const item of items) {
    if (out.length >= limit) break;
    const at = retryAtOf(item);
    if (at === null || at <= nowMs) out.push(item);
  }
  return out;
}

/** When an item that failed `attempts` times before (0 the first time) is looked at again, epoch ms. */
export function nextSweepRetry(attempts: number, nowMs: number, random: () => number = Math.random): number {
  return nowMs + backoffDelayMs(attempts, SWEEP_RETRY, random);
}

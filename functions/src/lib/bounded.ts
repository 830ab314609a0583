/**
 * Work on many items with at most `limit` at once (the sweep's provider calls, issue 37,
 * docs/fulfilment.md / docs/orders-and-payments.md "Stock holds"), and a call tried again with
 * growing, jittered waits. One item's failure never stops the others: `mapBounded` answers each
 * item's outcome.
 */
import { backoffDelayMs, type BackoffPolicy } from '@bagshop/domain';

export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

export async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<Outcome<R>[]> {
  const results: Outcome<R>[] = new Array<Outcome<R>>(items.length);
  let next = 0;
  const lane = async () => {
    for (;;) {
      const i = next;
      next += 1;
      if (i >= items.length) return;
      try {
        results[i] = { ok: true, value: await work(items[i] as T) };
      } catch (error) {
        results[i] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}

/** `call` tried up to `tries` times while `retryable(error)`, waiting with `backoffDelayMs` in between. */
export async function withBackoff<R>(
  call: () => Promise<R>,
  options: { tries: number; policy: BackoffPolicy; retryable?: (error: unknown) => boolean; sleep?: (ms: number) => Promise<void> },
): Promise<R> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (attempt + 1 >= options.tries || (options.retryable && !options.retryable(error))) throw error;
      await sleep(backoffDelayMs(attempt, options.policy));
    }
  }
}

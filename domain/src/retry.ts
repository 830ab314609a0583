/**
 * Back-off for work that is tried again (docs/orders-and-payments.md "Contention"; the sweep,
 * docs/fulfilment.md): a transaction that lost to another, a provider call that failed.
 * "Equal jitter": the n-th wait (n = 0, 1, …) is drawn from [c/2, c) with c = min(cap, base × 2^n),
 * so waits grow, never exceed the cap, and callers that failed together do not retry together.
 */
export interface BackoffPolicy {
  /** The first wait's ceiling, in ms. */
  baseMs: number;
  /** No wait is longer than this, in ms. */
  capMs: number;
}

/** The wait before try number `attempt + 1`, in whole ms; `random` returns [0, 1) (Math.random). */
export function backoffDelayMs(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const n = Math.max(0, Math.floor(attempt));
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(n, 30));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(ceiling / 2 + (r * ceiling) / 2);
}

/**
 * Whether another try fits in a time budget: the wait must end before `deadline` (epoch ms),
 * leaving `reserveMs` for the try itself.
 */
export function retryFits(now: number, delayMs: number, deadline: number, reserveMs = 0): boolean {
  return now + delayMs + reserveMs <= deadline;
}

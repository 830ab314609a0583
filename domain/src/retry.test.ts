import { describe, expect, it } from 'vitest';
import { backoffDelayMs, retryFits } from './retry.js';

const policy = { baseMs: 40, capMs: 1000 };

describe('backoffDelayMs (equal jitter)', () => {
  it('grows from [base/2, base) and doubles each attempt', () => {
    expect(backoffDelayMs(0, policy, () => 0)).toBe(20);
    expect(backoffDelayMs(0, policy, () => 0.999)).toBe(39);
    expect(backoffDelayMs(1, policy, () => 0)).toBe(40);
    expect(backoffDelayMs(2, policy, () => 0)).toBe(80);
  });

  it('never waits longer than the cap, however many attempts', () => {
    for (const attempt of [5, 10, 40, 1000]) {
      expect(backoffDelayMs(attempt, policy, () => 0.999)).toBeLessThan(1000);
      expect(backoffDelayMs(attempt, policy, () => 0)).toBe(500);
    }
  });

  it('spreads callers that failed together', () => {
    const draws = [0.1, 0.5, 0.9].map((r) => backoffDelayMs(3, policy, () => r));
    expect(new Set(draws).size).toBe(3);
  });

  it('treats odd inputs safely (negative attempt, random out of range)', () => {
    expect(backoffDelayMs(-3, policy, () => 0)).toBe(20);
    expect(backoffDelayMs(0, policy, () => 7)).toBe(40);
  });
});

describe('retryFits', () => {
  it('allows a try only when the wait and the try end before the deadline', () => {
    expect(retryFits(1000, 100, 2000, 500)).toBe(true);
    expect(retryFits(1000, 600, 2000, 500)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { sessionExpiry } from './payments.js';

describe('sessionExpiry: the Checkout Session ends with the stock hold', () => {
  const now = 1_800_000_000;

  it('local test checkout: exactly the hold, however short', () => {
    expect(sessionExpiry(now + 15, now, 'local')).toBe(now + 15);
  });

  it('real Stripe: at least 31 minutes from now, rounded up to the minute (Stripe refuses under 30)', () => {
    const stretched = sessionExpiry(now + 15, now + 5, 'stripe');
    expect(stretched % 60).toBe(0);
    expect(stretched - (now + 5)).toBeGreaterThanOrEqual(31 * 60);
    expect(stretched - (now + 5)).toBeLessThanOrEqual(32 * 60);
    // The same value for requests within the same minute: the idempotency key needs equal parameters.
    expect(sessionExpiry(now + 15, now + 50, 'stripe')).toBe(stretched);
    // A hold that already ends later is kept.
    expect(sessionExpiry(now + 3600, now, 'stripe')).toBe(now + 3600);
  });
});

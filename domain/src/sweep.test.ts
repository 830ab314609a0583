import { describe, expect, it } from 'vitest';
import { nextSweepRetry, sweepBatch } from './sweep.js';

const now = Date.UTC(2026, 11, 1, 12);

describe('sweepBatch', () => {
  it('passes over failed items waiting for their retry, so the ones behind them get their turn', () => {
    // 100 orders whose provider lookup failed hold the head of the queue (oldest first).
    const failed = Array.from({ length: 100 }, (_, i) => ({ id: `f${i}`, retryAt: now + 60_000 }));
    const fresh = [{ id: 'next', retryAt: null }];
    const batch = sweepBatch([...failed, ...fresh], (o) => o.retryAt, now, 100);
    expect(batch.map((o) => o.id)).toEqual(['next']);
  });

  it('takes an item again once its retry time has come, and never more than the limit', () => {
    const items = [
      { id: 'a', retryAt: now - 1 },
      { id: 'b', retryAt: null },
      { id: 'c', retryAt: now },
      { id: 'd', retryAt: null },
    ];
    expect(sweepBatch(items, (o) => o.retryAt, now, 3).map((o) => o.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('nextSweepRetry', () => {
  it('waits longer after each failure, at most an hour', () => {
    expect(nextSweepRetry(0, now, () => 0) - now).toBe(30_000);
    expect(nextSweepRetry(1, now, () => 0) - now).toBe(60_000);
    expect(nextSweepRetry(50, now, () => 0.999) - now).toBeLessThan(3_600_000);
  });
});

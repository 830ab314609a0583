import { describe, expect, it } from 'vitest';
import { mapBounded, withBackoff } from './bounded.js';

describe('mapBounded', () => {
  it('runs at most `limit` at once, keeps the order of the answers, and one failure stops nothing', async () => {
    let running = 0;
    let most = 0;
    const results = await mapBounded([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
      if (n === 2) throw new Error('provider down');
      return n * 10;
    });
    expect(most).toBe(3);
    expect(results.map((r) => (r.ok ? r.value : 'failed'))).toEqual([10, 'failed', 30, 40, 50, 60, 70]);
  });

  it('answers nothing for nothing', async () => {
    expect(await mapBounded([], 4, async () => 1)).toEqual([]);
  });
});

describe('withBackoff', () => {
  const policy = { baseMs: 10, capMs: 100 };
  it('tries again with growing waits until it succeeds', async () => {
    const waits: number[] = [];
    let calls = 0;
    const value = await withBackoff(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error('503');
        return 'ok';
      },
      { tries: 4, policy, sleep: async (ms) => void waits.push(ms) },
    );
    expect(value).toBe('ok');
    expect(waits).toHaveLength(2);
    expect(waits[1]).toBeGreaterThanOrEqual(waits[0] ?? 0);
  });

  it('gives up after `tries`, and at once for an error that is not worth another try', async () => {
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error('down'));
    };
    await expect(withBackoff(failing, { tries: 3, policy, sleep: async () => {} })).rejects.toThrow('down');
    expect(calls).toBe(3);
    calls = 0;
    await expect(withBackoff(failing, { tries: 3, policy, retryable: () => false, sleep: async () => {} })).rejects.toThrow('down');
    expect(calls).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { MissCache, negativeCacheMs } from './miss-cache.js';

describe('MissCache', () => {
  it('remembers a miss for the window, then forgets it', () => {
    const cache = new MissCache(() => 1000);
    cache.add('x', 0);
    expect(cache.has('x', 999)).toBe(true);
    expect(cache.has('x', 1000)).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('forgets an id at once when it is written', () => {
    const cache = new MissCache(() => 1000);
    cache.add('x', 0);
    cache.delete('x');
    expect(cache.has('x', 1)).toBe(false);
  });

  it('stays bounded: expired entries go first, then the oldest', () => {
    const cache = new MissCache(() => 1000, 3);
    cache.add('a', 0);
    cache.add('b', 500);
    cache.add('c', 600);
    cache.add('d', 1200); // 'a' has expired
    expect(cache.size).toBe(3);
    expect(cache.has('a', 1200)).toBe(false);
    cache.add('e', 1300); // none expired: 'b' is the oldest
    expect(cache.has('b', 1300)).toBe(false);
    expect(['c', 'd', 'e'].every((k) => cache.has(k, 1300))).toBe(true);
  });

  it('a window of 0 turns it off', () => {
    const cache = new MissCache(() => 0);
    cache.add('x', 0);
    expect(cache.has('x', 0)).toBe(false);
  });
});

describe('negativeCacheMs', () => {
  it('is 30 s unless NEGATIVE_CACHE_MS says otherwise (0 or junk: off; at most 5 minutes)', () => {
    expect(negativeCacheMs({})).toBe(30_000);
    expect(negativeCacheMs({ NEGATIVE_CACHE_MS: '5000' })).toBe(5000);
    expect(negativeCacheMs({ NEGATIVE_CACHE_MS: '0' })).toBe(0);
    expect(negativeCacheMs({ NEGATIVE_CACHE_MS: 'soon' })).toBe(0);
    expect(negativeCacheMs({ NEGATIVE_CACHE_MS: '9999999' })).toBe(300_000);
  });
});

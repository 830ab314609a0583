/**
 * Remembers, for a short while, ids that were looked up and not found (docs/security.md,
 * "Cheap misses"): a stream of made-up product ids or image hashes is then answered from
 * memory instead of costing a Firestore read each. In-instance, bounded, and cleared for an
 * id as soon as this instance writes it. `NEGATIVE_CACHE_MS` sets the window (0 turns it off).
 */
export class MissCache {
  private readonly misses = new Map<string, number>();

  constructor(
    private readonly ttlMs: () => number,
    private readonly maxEntries = 10_000,
  ) {}

  /** True while `key` is a remembered miss. */
  has(key: string, now = Date.now()): boolean {
    const until = this.misses.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    this.misses.delete(key);
    return false;
  }

  add(key: string, now = Date.now()): void {
    const ttl = this.ttlMs();
    if (ttl <= 0) return;
    if (this.misses.size >= this.maxEntries) {
      for (const [k, until] of this.misses) if (until <= now) this.misses.delete(k);
      // Still full of live entries: drop the oldest (Map keeps insertion order).
      while (this.misses.size >= this.maxEntries) {
        const oldest = this.misses.keys().next().value;
        if (oldest === undefined) break;
        this.misses.delete(oldest);
      }
    }
    this.misses.delete(key);
    this.misses.set(key, now + ttl);
  }

  delete(key: string): void {
    this.misses.delete(key);
  }

  get size(): number {
    return this.misses.size;
  }
}

/** NEGATIVE_CACHE_MS as config.ts reads it: 30 s by default, 0 turns the cache off, at most 5 min. */
export function negativeCacheMs(env: Record<string, string | undefined>): number {
  const raw = env.NEGATIVE_CACHE_MS;
  if (raw === undefined || raw.trim() === '') return 30_000;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 300_000) : 0;
}

/**
 * How long a browser or the CDN may keep such a "not found": product ids are made by Firestore
 * and image ids are hashes of uploads, so nobody asks for one before it exists but by guessing.
 */
export const MISS_CACHE_CONTROL = 'public, max-age=30, s-maxage=30';

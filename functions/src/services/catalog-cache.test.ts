import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';

const catalogCacheMs = (env: Record<string, string>) => parseConfig(env).catalogCacheMs;

describe('catalogCacheMs', () => {
  it('is 3 s in production, off on the emulators unless set', () => {
    expect(catalogCacheMs({})).toBe(3000);
    expect(catalogCacheMs({ FUNCTIONS_EMULATOR: 'true' })).toBe(0);
    expect(catalogCacheMs({ FUNCTIONS_EMULATOR: 'true', CATALOG_CACHE_MS: '2000' })).toBe(2000);
  });

  it('0, negative or junk turns it off; it never exceeds a minute', () => {
    expect(catalogCacheMs({ CATALOG_CACHE_MS: '0' })).toBe(0);
    expect(catalogCacheMs({ CATALOG_CACHE_MS: '-5' })).toBe(0);
    expect(catalogCacheMs({ CATALOG_CACHE_MS: 'soon' })).toBe(0);
    expect(catalogCacheMs({ CATALOG_CACHE_MS: '999999' })).toBe(60_000);
  });
});

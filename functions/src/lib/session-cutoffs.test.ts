import { describe, expect, it, vi } from 'vitest';

vi.mock('./admin.js', () => ({ auth: {}, db: {} }));
const { cachedLookup, issuedBeforeCutoff } = await import('./session-cutoffs.js');

describe('issuedBeforeCutoff', () => {
  it('is true only for a sign-in in an earlier second than the cutoff', () => {
    expect(issuedBeforeCutoff(99, 100)).toBe(true);
    expect(issuedBeforeCutoff(100, 100)).toBe(false);
    expect(issuedBeforeCutoff(101, 100)).toBe(false);
    expect(issuedBeforeCutoff(1, null)).toBe(false);
  });
  it('treats a token without auth_time as old once a cutoff exists', () => {
    expect(issuedBeforeCutoff(undefined, 100)).toBe(true);
    expect(issuedBeforeCutoff(undefined, null)).toBe(false);
  });
});

describe('cachedLookup', () => {
  it('reads each user once per window, again after it, and at once after forget()', async () => {
    let clock = 0;
    const source = vi.fn(async (uid: string) => (uid === 'a' ? 10 : null));
    const lookup = cachedLookup(source, 1000, () => clock);
    expect(await lookup.notBefore('a')).toBe(10);
    expect(await lookup.notBefore('a')).toBe(10);
    expect(await lookup.notBefore('b')).toBeNull();
    expect(await lookup.notBefore('b')).toBeNull();
    expect(source).toHaveBeenCalledTimes(2);
    clock = 1001;
    await lookup.notBefore('a');
    expect(source).toHaveBeenCalledTimes(3);
    lookup.forget('a');
    await lookup.notBefore('a');
    expect(source).toHaveBeenCalledTimes(4);
  });
});

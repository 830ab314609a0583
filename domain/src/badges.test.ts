import { describe, it, expect } from 'vitest';
import { isDeal, isPremium } from './badges.js';

describe('badges', () => {
  it('DEAL at 30 % or more, PREMIUM at 35 % or more', () => {
    expect(isDeal(1000, 295)).toBe(true); // rounds to 30
    expect(isDeal(1000, 290)).toBe(false);
    expect(isPremium(1000, 350)).toBe(true);
    expect(isPremium(1000, 340)).toBe(false);
  });
});

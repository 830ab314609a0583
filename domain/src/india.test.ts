import { describe, it, expect } from 'vitest';
import { INDIAN_STATES, INDIAN_UNION_TERRITORIES, isIndia, isIndianPin, isIndianState } from './india.js';

describe('india', () => {
  it('has 28 states and 8 union territories, sorted and unique', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(INDIAN_UNION_TERRITORIES).toHaveLength(8);
    expect(new Set(INDIAN_STATES).size).toBe(36);
    expect([...INDIAN_STATES]).toEqual([...INDIAN_STATES].sort((a, b) => a.localeCompare(b, 'en')));
    for (const ut of INDIAN_UNION_TERRITORIES) expect(INDIAN_STATES).toContain(ut);
  });

  it('recognises states by exact name', () => {
    expect(isIndianState('Maharashtra')).toBe(true);
    expect(isIndianState('Orissa')).toBe(false);
    expect(isIndianState(7)).toBe(false);
  });

  it('checks PIN codes', () => {
    expect(isIndianPin('560001')).toBe(true);
    expect(isIndianPin('060001')).toBe(false);
    expect(isIndianPin('56000')).toBe(false);
    expect(isIndianPin('5600011')).toBe(false);
    expect(isIndianPin('56000a')).toBe(false);
    expect(isIndianPin(560001)).toBe(false);
  });

  it('reads the country India in any case', () => {
    expect(isIndia(' india ')).toBe(true);
    expect(isIndia('Nepal')).toBe(false);
  });
});

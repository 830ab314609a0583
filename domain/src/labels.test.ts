import { describe, it, expect } from 'vitest';
import { itemCountLabel, shortOrderId } from './labels.js';

describe('labels', () => {
  it('labels item counts and shortens order ids', () => {
    expect(itemCountLabel(1)).toBe('1 item');
    expect(itemCountLabel(0)).toBe('0 items');
    expect(itemCountLabel(4)).toBe('4 items');
    expect(shortOrderId('aBcDeF123456xYz')).toBe('456xYz');
    expect(shortOrderId('abc')).toBe('abc');
  });
});

import { describe, expect, it } from 'vitest';
import { productBadges, stockNote } from './badges';

const labels = (p: Parameters<typeof productBadges>[0]) => productBadges(p).map((b) => b.label);

describe('productBadges', () => {
  it('shows percent off and the category for a plain discount', () => {
    expect(labels({ price: 1000, discount: 100, category: 'backpacks' })).toEqual(['10% OFF', 'Backpacks']);
  });
  it('shows no percent badge without a discount', () => {
    expect(labels({ price: 1000, discount: 0, category: 'luggage' })).toEqual(['Luggage']);
  });
  it('marks luggage at 30 % as DEAL, and at 35 % also PREMIUM', () => {
    expect(labels({ price: 1000, discount: 300, category: 'luggage' })).toEqual(['30% OFF', 'Luggage', 'DEAL']);
    expect(labels({ price: 1000, discount: 350, category: 'luggage' })).toEqual(['35% OFF', 'Luggage', 'DEAL', 'PREMIUM']);
    expect(labels({ price: 1000, discount: 294, category: 'luggage' })).toEqual(['29% OFF', 'Luggage']);
  });
  it('gives DEAL to luggage only, PREMIUM to every category', () => {
    expect(labels({ price: 1000, discount: 360, category: 'backpacks' })).toEqual(['36% OFF', 'Backpacks', 'PREMIUM']);
  });
  it('always marks duffles ADVENTURE', () => {
    expect(labels({ price: 1000, discount: 0, category: 'duffles' })).toEqual(['Duffles', 'ADVENTURE']);
  });
});

describe('stockNote', () => {
  it('says out of stock, only n left, or nothing', () => {
    expect(stockNote(0)).toBe('Out of stock');
    expect(stockNote(3)).toBe('Only 3 left');
    expect(stockNote(5)).toBe('Only 5 left');
    expect(stockNote(6)).toBeNull();
  });
});

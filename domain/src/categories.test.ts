import { describe, it, expect } from 'vitest';
import { CATEGORIES, CATEGORY_LABELS, isCategory } from './categories.js';
import { categorySchema } from './category-schema.js';

describe('categories', () => {
  it('lists the three categories with labels', () => {
    expect(CATEGORIES).toEqual(['luggage', 'backpacks', 'duffles']);
    expect(CATEGORIES.map((c) => CATEGORY_LABELS[c])).toEqual(['Luggage', 'Backpacks', 'Duffles']);
  });

  it('isCategory accepts only the exact values', () => {
    expect(isCategory('duffles')).toBe(true);
    expect(isCategory('Duffles')).toBe(false);
    expect(isCategory('shoes')).toBe(false);
    expect(isCategory(3)).toBe(false);
    expect(isCategory(undefined)).toBe(false);
  });

  it('categorySchema parses a category and explains a bad one', () => {
    expect(categorySchema.parse('backpacks')).toBe('backpacks');
    for (const bad of ['shoes', '', 1, null, undefined, ['luggage']]) {
      const result = categorySchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Category must be one of luggage, backpacks, duffles');
    }
  });
});

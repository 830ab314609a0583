import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '../../../scripts/seed/catalog.js';
import { processTerm, ProductIndex, tokenize } from './search-index.js';

describe('search text processing', () => {
  it('splits words, and numbers from letters', () => {
    expect(tokenize('Trailblazer 40L Hiking-Backpack, café')).toEqual(['Trailblazer', '40', 'L', 'Hiking', 'Backpack', 'cafe']);
  });

  it('makes plurals singular and drops stop words and lone letters', () => {
    expect(
      ['Trolleys', 'backpacks', 'duffles', 'duffels', 'aluminum', 'boxes', 'accessories', 'business', 'bags', 'the', 'l', '40'].map(
        processTerm,
      ),
    ).toEqual(['trolley', 'backpack', 'duffle', 'duffle', 'aluminium', 'box', 'accessory', 'business', 'bag', null, null, '40']);
  });
});

describe('ProductIndex', () => {
  const index = new ProductIndex([
    { _id: 'cabin', name: 'Voyager Cabin Trolley 55 cm', category: 'luggage', description: 'Hard shell spinner.' },
    { _id: 'pack', name: 'Trailblazer 40L Hiking Backpack', category: 'backpacks', description: 'Rain cover and hip belt.' },
    { _id: 'duffle', name: 'Weekender Canvas Duffle', category: 'duffles', description: 'Two-night getaway.' },
  ]);

  it('ranks, tolerates typos and prefixes, and joins words written apart', () => {
    expect(index.ids('trolly')[0]).toBe('cabin');
    expect(index.ids('back pack')[0]).toBe('pack');
    expect(index.ids('duffel')[0]).toBe('duffle');
    expect(index.ids('week')[0]).toBe('duffle');
    expect(index.ids('rucksack')[0]).toBe('pack');
    expect(index.ids('zzzz')).toEqual([]);
    expect(index.ids('  ')).toEqual([]);
  });

  it('caps the results', () => {
    expect(index.ids('a b c bag luggage backpack duffle', 2)).toHaveLength(2);
  });
});

describe('ranking on the demo catalog', () => {
  const demo = DEMO_PRODUCTS.map((p) => ({ _id: p.slug, name: p.name, category: p.category, description: p.description }));
  // Bags other tests leave behind: "bag" in every name must not push them up.
  const leftovers = Array.from({ length: 40 }, (_, i) => ({
    _id: `t${i}`,
    name: `Test bag ${i.toString(36)}x${i}`,
    category: i % 3 === 0 ? ('luggage' as const) : i % 3 === 1 ? ('backpacks' as const) : ('duffles' as const),
    description: 'A sturdy test bag',
  }));

  it.each([
    ['gym bag', 'roadster-60l-gym-duffle'],
    ['schol bag', 'campus-classic-30l-school-backpack'],
    ['weekender duffel', 'weekender-canvas-duffle'],
    ['aluminum', 'heritage-aluminium-frame-trolley-75-cm'],
  ])('%s → %s, with or without other bags in the catalog', (q, first) => {
    expect(new ProductIndex(demo).ids(q)[0]).toBe(first);
    expect(new ProductIndex([...demo, ...leftovers]).ids(q)[0]).toBe(first);
  });

  it('"bag" alone still finds bags', () => {
    expect(new ProductIndex(demo).ids('bag').length).toBeGreaterThan(0);
  });
});

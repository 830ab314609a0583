import { describe, expect, it } from 'vitest';
import {
  allCombinations,
  chooseVariantMessage,
  findVariant,
  fromVariant,
  generatedSku,
  lineDescription,
  nameWithVariant,
  pricesDiffer,
  SKU_PATTERN,
  skuTakenMessage,
  totalStock,
  validateVariants,
  variantLabel,
  VARIANT_MESSAGES,
} from './variants.js';

const options = [
  { name: 'Size', values: ['Cabin', 'Medium', 'Large'] },
  { name: 'Colour', values: ['Navy', 'Graphite'] },
];

describe('validateVariants', () => {
  it('accepts a 3 × 2 table and a product without options with one variant', () => {
    const variants = allCombinations(options).map((o, i) => ({ options: o, sku: `VOY-${i}` }));
    expect(variants).toHaveLength(6);
    expect(validateVariants(options, variants)).toEqual([]);
    expect(validateVariants([], [{ options: {}, sku: '' }])).toEqual([]);
  });

  it('enforces the limits: 3 options, 20 values, 100 variants', () => {
    const four = ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] }));
    expect(validateVariants(four, [{ options: { A: 'x', B: 'x', C: 'x', D: 'x' }, sku: '' }])).toContain(VARIANT_MESSAGES.tooManyOptions);
    const many = [{ name: 'Colour', values: Array.from({ length: 21 }, (_, i) => `C${i}`) }];
    expect(validateVariants(many, [{ options: { Colour: 'C0' }, sku: '' }])).toContain(VARIANT_MESSAGES.tooManyValues('Colour'));
    const wide = [
      { name: 'N', values: Array.from({ length: 20 }, (_, i) => `${i}`) },
      { name: 'M', values: Array.from({ length: 6 }, (_, i) => `${i}`) },
    ];
    expect(
      validateVariants(
        wide,
        allCombinations(wide).map((o) => ({ options: o, sku: '' })),
      ),
    ).toContain(VARIANT_MESSAGES.tooManyVariants);
  });

  it('refuses a missing, unknown or repeated option, and two variants with one combination', () => {
    expect(validateVariants(options, [{ options: { Size: 'Cabin' }, sku: '' }])).toContain(VARIANT_MESSAGES.missingOption('Colour'));
    expect(validateVariants(options, [{ options: { Size: 'Tiny', Colour: 'Navy' }, sku: '' }])).toContain(
      VARIANT_MESSAGES.unknownValue('Size', 'Tiny'),
    );
    expect(validateVariants(options, [{ options: { Size: 'Cabin', Colour: 'Navy', Fabric: 'x' }, sku: '' }])).toContain(
      VARIANT_MESSAGES.unknownOption('Fabric'),
    );
    const twice = [
      { options: { Size: 'Cabin', Colour: 'Navy' }, sku: 'A' },
      { options: { Colour: 'Navy', Size: 'Cabin' }, sku: 'B' },
    ];
    expect(validateVariants(options, twice)).toEqual([VARIANT_MESSAGES.duplicateCombination('Size: Cabin, Colour: Navy')]);
    expect(validateVariants([{ name: 'Size', values: ['S', 's'] }], [{ options: { Size: 'S' }, sku: '' }])).toContain(
      VARIANT_MESSAGES.duplicateValue('Size', 's'),
    );
    expect(
      validateVariants(
        [],
        [
          { options: {}, sku: '' },
          { options: {}, sku: '' },
        ],
      ),
    ).toContain(VARIANT_MESSAGES.oneWithoutOptions);
  });

  it('SKUs: 1–40 of A-Z 0-9 -, unique within the product', () => {
    expect(SKU_PATTERN.test('VOY-CAB-NVY')).toBe(true);
    expect(SKU_PATTERN.test('voy')).toBe(false);
    expect(SKU_PATTERN.test('A B')).toBe(false);
    expect(SKU_PATTERN.test('A'.repeat(41))).toBe(false);
    expect(SKU_PATTERN.test('A'.repeat(40))).toBe(true);
    const one = [{ name: 'Size', values: ['S', 'M'] }];
    expect(
      validateVariants(one, [
        { options: { Size: 'S' }, sku: 'X1' },
        { options: { Size: 'M' }, sku: 'X1' },
      ]),
    ).toContain(VARIANT_MESSAGES.duplicateSku('X1'));
    expect(validateVariants(one, [{ options: { Size: 'S' }, sku: 'x_1' }])).toContain(VARIANT_MESSAGES.sku);
    expect(skuTakenMessage('X1', 'Voyager')).toBe('SKU X1 is already used by Voyager');
  });

  it('a generated SKU has the same format', () => {
    const sku = generatedSku('aB3_xYz9QwErTy12345');
    expect(sku).toBe('BS-AB3-XYZ9QWERTY12345');
    expect(SKU_PATTERN.test(sku)).toBe(true);
    expect(SKU_PATTERN.test(generatedSku('x'.repeat(60)))).toBe(true);
  });
});

describe('from price, stock and labels', () => {
  const variants = [
    { price: 9999, discount: 1000, stock: 3 },
    { price: 7999, discount: 500, stock: 0 },
    { price: 7999, discount: 0, stock: 4 },
  ];
  it('the "from" variant is the lowest sale price (not the lowest list price); stock is the sum', () => {
    expect(fromVariant(variants)).toBe(variants[1]);
    expect(fromVariant([])).toBeUndefined();
    expect(totalStock(variants)).toBe(7);
    expect(totalStock([{ stock: -2 }, { stock: 1 }])).toBe(1);
    expect(pricesDiffer(variants)).toBe(true);
    expect(
      pricesDiffer([
        { price: 100, discount: 10 },
        { price: 90, discount: 0 },
      ]),
    ).toBe(false);
  });

  it('names the variant in the product’s option order, the size with its height', () => {
    const v = { options: { Colour: 'Navy', Size: 'Cabin' }, dimensionsCm: { length: 38, width: 22, height: 55 } };
    expect(variantLabel(options, v)).toBe('Size: Cabin (55 cm), Colour: Navy');
    expect(nameWithVariant('Voyager Hardshell Trolley', variantLabel(options, v))).toBe(
      'Voyager Hardshell Trolley — Size: Cabin (55 cm), Colour: Navy',
    );
    expect(nameWithVariant('Plain', variantLabel([], { options: {} }))).toBe('Plain');
  });

  it('asks for the missing choice by the product’s option names', () => {
    expect(chooseVariantMessage(options)).toBe('Choose a Size and Colour');
    expect(chooseVariantMessage([{ name: 'Colour' }])).toBe('Choose a Colour');
    expect(chooseVariantMessage([{ name: 'Size' }, { name: 'Colour' }, { name: 'Fabric' }])).toBe('Choose a Size, Colour and Fabric');
  });

  it('finds a variant by its options in any order and case', () => {
    const list = [{ _id: 'a', options: { Size: 'Cabin', Colour: 'Navy' } }];
    expect(findVariant(list, { colour: 'navy', size: 'cabin' })?._id).toBe('a');
    expect(findVariant(list, { Colour: 'Navy' })).toBeUndefined();
  });
});

describe('lineDescription', () => {
  it('names the variant with its SKU beside it; a line without options keeps its plain name', () => {
    expect(
      lineDescription({ name: 'Voyager Hardshell Trolley', variantLabel: 'Size: Cabin (55 cm), Colour: Navy', sku: 'VOY-CAB-NVY' }),
    ).toBe('Voyager Hardshell Trolley — Size: Cabin (55 cm), Colour: Navy (SKU VOY-CAB-NVY)');
    expect(lineDescription({ name: 'Plain bag', variantLabel: '', sku: 'BS-X' })).toBe('Plain bag');
    expect(lineDescription({ name: 'Old line' })).toBe('Old line');
  });
});

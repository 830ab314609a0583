import { describe, expect, it } from 'vitest';
import { OPTIONS_JSON_MESSAGE, parseVariantsForm, VARIANTS_JSON_MESSAGE } from './variants.js';

const options = JSON.stringify([{ name: 'Size', values: ['Cabin', 'Large'] }]);

describe('parseVariantsForm', () => {
  it('neither field: null (one variant from price and stock)', () => {
    expect(parseVariantsForm({})).toEqual({ ok: true, value: null });
    expect(parseVariantsForm({ options: '', variants: ' ' })).toEqual({ ok: true, value: null });
  });

  it('reads JSON strings; numbers may be text; SKUs in capitals; stock left out stays undefined', () => {
    const variants = JSON.stringify([
      { sku: ' voy-cab ', options: { Size: 'Cabin' }, price: '7999', discount: 500, stock: 4, imageIndexes: [0] },
      { options: { Size: 'Large' }, price: 9999 },
    ]);
    const result = parseVariantsForm({ options, variants });
    expect(result.ok).toBe(true);
    if (!result.ok || !result.value) throw new Error('expected variants');
    expect(result.value.variants[0]).toMatchObject({ sku: 'VOY-CAB', price: 7999, discount: 500, stock: 4, imageIndexes: [0] });
    expect(result.value.variants[1]).toMatchObject({ sku: '', discount: 0 });
    expect(result.value.variants[1]?.stock).toBeUndefined();
  });

  it('refuses bad JSON, bad shapes and broken rules with a message naming the field', () => {
    expect(parseVariantsForm({ options: '[', variants: '[]' })).toEqual({ ok: false, field: 'options', message: OPTIONS_JSON_MESSAGE });
    expect(parseVariantsForm({ options, variants: '{x' })).toEqual({ ok: false, field: 'variants', message: VARIANTS_JSON_MESSAGE });
    expect(parseVariantsForm({ options })).toMatchObject({ ok: false, field: 'variants' });
    const overPrice = JSON.stringify([{ options: { Size: 'Cabin' }, price: 100, discount: 200 }]);
    expect(parseVariantsForm({ options, variants: overPrice })).toMatchObject({ ok: false, message: 'Discount cannot exceed price' });
    const badSku = JSON.stringify([{ sku: 'A B', options: { Size: 'Cabin' }, price: 100 }]);
    expect(parseVariantsForm({ options, variants: badSku })).toMatchObject({
      ok: false,
      field: 'variants',
      message: expect.stringMatching(/^SKU must be/),
    });
    const missing = JSON.stringify([{ options: {}, price: 100 }]);
    expect(parseVariantsForm({ options, variants: missing })).toMatchObject({ ok: false, message: 'Every variant needs a Size' });
  });
});

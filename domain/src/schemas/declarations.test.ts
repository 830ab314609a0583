import { describe, expect, it } from 'vitest';
import { fieldErrors } from './common.js';
import { declarationsField, dimensionsField, DIMENSION_MESSAGE, NET_QUANTITY_MESSAGE, publishedSchema } from './declarations.js';
import { productCreateSchema } from './products.js';

const good = {
  genericName: 'Backpack',
  netQuantity: { value: 1, unit: 'N' },
  manufacturer: { name: 'Kanpur Works', address: 'Panki, Kanpur 208022' },
};
const errorsOf = (value: unknown) => {
  const r = declarationsField.safeParse(value);
  return r.success ? [] : fieldErrors(r.error).map((e) => e.message);
};

describe('declarations as a form field', () => {
  it('reads the JSON string; blank clears; left out stays undefined', () => {
    expect(declarationsField.parse(JSON.stringify(good))).toEqual(good);
    expect(declarationsField.parse('')).toBeNull();
    expect(declarationsField.parse(undefined)).toBeUndefined();
    expect(declarationsField.parse(JSON.stringify({ genericName: 'Bag' }))).toEqual({ genericName: 'Bag' });
  });

  it("answers each malformed value with the field's message", () => {
    expect(errorsOf('{nope')).toEqual(['declarations must be JSON: { genericName, netQuantity, manufacturer, packer, importer }']);
    expect(errorsOf(JSON.stringify({ manufacturer: { name: ' ', address: 'Pune' } }))).toEqual(['Manufacturer name is required']);
    expect(errorsOf(JSON.stringify({ importer: { name: 'X', address: 'a'.repeat(301) } }))).toEqual([
      'Importer address must be at most 300 characters',
    ]);
    expect(errorsOf(JSON.stringify({ netQuantity: { value: 0, unit: 'N' } }))).toEqual([NET_QUANTITY_MESSAGE]);
    expect(errorsOf(JSON.stringify({ netQuantity: { value: 1.5, unit: 'set' } }))).toEqual([NET_QUANTITY_MESSAGE]);
    expect(errorsOf(JSON.stringify({ netQuantity: { value: 2, unit: 'kg' } }))).toEqual(["Net quantity unit must be 'N' or 'set'"]);
    expect(errorsOf(JSON.stringify({ genericName: '' }))).toEqual(['Generic name is required']);
  });

  it('dimensions are whole centimetres from 1 to 300', () => {
    expect(dimensionsField.parse('{"l":55,"b":38,"h":22}')).toEqual({ l: 55, b: 38, h: 22 });
    for (const bad of ['{"l":0,"b":38,"h":22}', '{"l":301,"b":38,"h":22}', '{"l":-5,"b":38,"h":22}', '{"l":5.5,"b":38,"h":22}']) {
      const r = dimensionsField.safeParse(bad);
      expect(r.success ? '' : r.error.issues[0]?.message).toBe(DIMENSION_MESSAGE);
    }
  });

  it("published is 'true' / 'false'; a create without it is a draft", () => {
    expect(publishedSchema.parse('true')).toBe(true);
    expect(publishedSchema.parse('false')).toBe(false);
    expect(publishedSchema.safeParse('yes').success).toBe(false);
    expect(productCreateSchema.parse({ name: 'Bag', price: 100, category: 'duffles', stock: 0 }).published).toBe(false);
  });
});

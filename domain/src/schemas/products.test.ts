import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import { fieldErrors } from './common.js';
import { NON_RETURNABLE_REASON_REQUIRED, RETURNABLE_MESSAGE, productCreateSchema, productUpdateSchema } from './products.js';

function errorsOf(schema: z.ZodType, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  if (result.success) throw new Error(`expected a failure for ${JSON.stringify(body)}`);
  return Object.fromEntries(fieldErrors(result.error).map((e) => [e.field, e.message]));
}

const REQUIRED = 'Name, price, category and stock are required';
const PRICE = 'Price must be a whole number of rupees between 1 and 10,00,000';
const DISCOUNT = 'Discount must be a whole number of rupees between 0 and 10,00,000';
const STOCK = 'Stock must be a whole number between 0 and 10,000';
const LONG = 'a'.repeat(100000);

// What a multipart form sends: every value is text.
const form = {
  name: ' Voyager Cabin Case ',
  description: ' Hard shell. ',
  price: '4999',
  discount: '1500',
  category: 'luggage',
  stock: '12',
};

describe('productCreateSchema', () => {
  it('reads multipart text into numbers, trims, and drops unknown fields', () => {
    expect(productCreateSchema.parse({ ...form, image: 'x', userId: 'u', createdAt: 'now' })).toEqual({
      name: 'Voyager Cabin Case',
      description: 'Hard shell.',
      price: 4999,
      discount: 1500,
      category: 'luggage',
      stock: 12,
      countryOfOrigin: 'India',
      hsn: '4202',
      gstRatePercent: 18,
      returnable: true,
      nonReturnableReason: '',
      published: false,
    });
  });

  it('takes returnable as multipart text; not returnable needs the reason shoppers see', () => {
    expect(productCreateSchema.parse({ ...form, returnable: 'false', nonReturnableReason: ' Personalised ' })).toMatchObject({
      returnable: false,
      nonReturnableReason: 'Personalised',
    });
    expect(productCreateSchema.parse({ ...form, returnable: true })).toMatchObject({ returnable: true });
    expect(errorsOf(productCreateSchema, { ...form, returnable: 'false' })).toEqual({
      nonReturnableReason: NON_RETURNABLE_REASON_REQUIRED,
    });
    expect(errorsOf(productCreateSchema, { ...form, returnable: 'no' })).toEqual({ returnable: RETURNABLE_MESSAGE });
    expect(errorsOf(productCreateSchema, { ...form, returnable: 'false', nonReturnableReason: 'x'.repeat(201) })).toEqual({
      nonReturnableReason: 'Reason it cannot be returned must be at most 200 characters',
    });
    expect(productUpdateSchema.parse({ returnable: 'false' })).toEqual({ returnable: false });
    expect(errorsOf(productUpdateSchema, { returnable: 'false', nonReturnableReason: ' ' })).toEqual({
      nonReturnableReason: NON_RETURNABLE_REASON_REQUIRED,
    });
  });

  it('takes a missing or blank country of origin as India, and keeps a given one', () => {
    expect(productCreateSchema.parse({ ...form, countryOfOrigin: '' }).countryOfOrigin).toBe('India');
    expect(productCreateSchema.parse({ ...form, countryOfOrigin: ' China ' }).countryOfOrigin).toBe('China');
    expect(errorsOf(productCreateSchema, { ...form, countryOfOrigin: 'x'.repeat(61) })).toEqual({
      countryOfOrigin: 'Country of origin must be at most 60 characters',
    });
  });

  it('defaults description to "" and discount to 0', () => {
    const parsed = productCreateSchema.parse({ name: 'Bag', price: 100, category: 'duffles', stock: 0 });
    expect(parsed).toMatchObject({ description: '', discount: 0 });
    expect(productCreateSchema.parse({ ...form, description: '', discount: '' })).toMatchObject({ description: '', discount: 0 });
  });

  it('names the required fields when they are missing or empty', () => {
    const all = { name: REQUIRED, price: REQUIRED, category: REQUIRED, stock: REQUIRED };
    expect(errorsOf(productCreateSchema, {})).toEqual(all);
    expect(errorsOf(productCreateSchema, { name: ' ', price: '', category: '', stock: '' })).toEqual(all);
  });

  it.each(['0', '1000001', '1.5', '-0.5', '1e309', 'NaN', 'Infinity', '12abc', '0x10', Number.NaN, true, [1]])(
    'rejects price %j',
    (price) => {
      expect(errorsOf(productCreateSchema, { ...form, price })).toEqual({ price: PRICE });
    },
  );

  it('rejects bad discount, stock and category values', () => {
    expect(errorsOf(productCreateSchema, { ...form, discount: '-0.5', stock: '10001', category: 'shoes' })).toEqual({
      discount: DISCOUNT,
      stock: STOCK,
      category: 'Category must be one of luggage, backpacks, duffles',
    });
    expect(errorsOf(productCreateSchema, { ...form, stock: '2.5' })).toEqual({ stock: STOCK });
  });

  it('keeps the discount within the price', () => {
    expect(productCreateSchema.parse({ ...form, price: '100', discount: '100' })).toMatchObject({ discount: 100 });
    expect(errorsOf(productCreateSchema, { ...form, price: '100', discount: '101' })).toEqual({
      discount: 'Discount cannot exceed price',
    });
  });

  it('limits text lengths and types', () => {
    expect(errorsOf(productCreateSchema, { ...form, name: LONG, description: LONG })).toEqual({
      name: 'Name must be at most 120 characters',
      description: 'Description must be at most 5000 characters',
    });
    expect(errorsOf(productCreateSchema, { ...form, name: 5, description: 5 })).toEqual({
      name: 'Name must be text',
      description: 'Description must be text',
    });
    expect(errorsOf(productCreateSchema, 'name=Bag')).toEqual({ '': 'Request body must be a JSON object' });
  });
});

describe('productUpdateSchema', () => {
  it('accepts any subset and leaves out what was not sent', () => {
    expect(productUpdateSchema.parse({})).toEqual({});
    expect(productUpdateSchema.parse({ stock: '3', role: 'admin' })).toEqual({ stock: 3 });
    const full = { ...form, countryOfOrigin: 'Vietnam' };
    expect(productUpdateSchema.parse(full)).toEqual({
      ...productCreateSchema.parse(full),
      hsn: undefined,
      gstRatePercent: undefined,
      returnable: undefined,
      nonReturnableReason: undefined,
      published: undefined,
    }); // PATCH has no tax defaults, and leaves `published` as it is
  });

  it('takes expectedUpdatedAt as a date string (the service compares it with the stored updatedAt)', () => {
    expect(productUpdateSchema.parse({ stock: '3', expectedUpdatedAt: '2026-11-01T10:00:00.123Z' })).toEqual({
      stock: 3,
      expectedUpdatedAt: '2026-11-01T10:00:00.123Z',
    });
    expect(errorsOf(productUpdateSchema, { stock: '3', expectedUpdatedAt: 'yesterday' })).toEqual({
      expectedUpdatedAt: 'expectedUpdatedAt must be a date',
    });
  });

  it('clears description and discount when sent blank', () => {
    expect(productUpdateSchema.parse({ description: '', discount: '' })).toEqual({ description: '', discount: 0 });
  });

  it('refuses to blank a required field, with the same messages', () => {
    expect(errorsOf(productUpdateSchema, { name: '', price: '', category: '', stock: '' })).toEqual({
      name: REQUIRED,
      price: REQUIRED,
      category: REQUIRED,
      stock: REQUIRED,
    });
    expect(errorsOf(productUpdateSchema, { price: '1e309', name: LONG })).toEqual({
      price: PRICE,
      name: 'Name must be at most 120 characters',
    });
  });

  it('checks discount against price only when both are sent', () => {
    expect(productUpdateSchema.parse({ discount: '5000' })).toEqual({ discount: 5000 });
    expect(errorsOf(productUpdateSchema, { price: '100', discount: '200' })).toEqual({
      discount: 'Discount cannot exceed price',
    });
  });
});

describe('tax fields (HSN and GST rate)', () => {
  it('default to HSN 4202 at 18 % when missing or blank', () => {
    expect(productCreateSchema.parse(form)).toMatchObject({ hsn: '4202', gstRatePercent: 18 });
    expect(productCreateSchema.parse({ ...form, hsn: ' ', gstRatePercent: '' })).toMatchObject({ hsn: '4202', gstRatePercent: 18 });
  });

  it('take 4, 6 or 8 digit HSN codes and the GST rates of the law', () => {
    expect(productCreateSchema.parse({ ...form, hsn: '420222', gstRatePercent: '5' })).toMatchObject({ hsn: '420222', gstRatePercent: 5 });
    expect(productCreateSchema.parse({ ...form, hsn: '4202 1190', gstRatePercent: 28 })).toMatchObject({
      hsn: '42021190',
      gstRatePercent: 28,
    });
    for (const rate of [0, 5, 12, 18, 28, 40])
      expect(productCreateSchema.parse({ ...form, gstRatePercent: String(rate) }).gstRatePercent).toBe(rate);
  });

  it('refuse other HSN codes and rates with a message', () => {
    for (const hsn of ['42', '42021', '420A', '4202119012']) {
      expect(errorsOf(productCreateSchema, { ...form, hsn })).toEqual({ hsn: 'HSN code must be 4, 6 or 8 digits' });
    }
    for (const gstRatePercent of ['7', '18.5', 'abc', -5, 100]) {
      expect(errorsOf(productCreateSchema, { ...form, gstRatePercent })).toEqual({
        gstRatePercent: 'GST rate must be one of 0, 5, 12, 18, 28, 40 %',
      });
    }
  });

  it('on PATCH: left out stays as it is; a blank HSN or rate means the default', () => {
    expect(productUpdateSchema.parse({ stock: '3' })).toEqual({ stock: 3 });
    expect(productUpdateSchema.parse({ hsn: '', gstRatePercent: '' })).toEqual({ hsn: '4202', gstRatePercent: 18 });
    expect(errorsOf(productUpdateSchema, { gstRatePercent: '15' })).toEqual({
      gstRatePercent: 'GST rate must be one of 0, 5, 12, 18, 28, 40 %',
    });
  });
});

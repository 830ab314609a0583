import { describe, it, expect } from 'vitest';
import { fieldErrors } from './common.js';
import { addressSchema } from './address.js';

function errorsOf(body: unknown): Record<string, string> {
  const result = addressSchema.safeParse(body);
  if (result.success) throw new Error(`expected a failure for ${JSON.stringify(body)}`);
  return Object.fromEntries(fieldErrors(result.error).map((e) => [e.field, e.message]));
}

const home = { street: ' 12 MG Road ', city: 'Bengaluru', state: 'Karnataka', postalCode: '560001' };

describe('addressSchema', () => {
  it('trims, defaults country to India and landmark to "", drops unknown fields', () => {
    expect(addressSchema.parse({ ...home, userId: 'x', _id: 'y' })).toEqual({
      street: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      country: 'India',
      landmark: '',
      // Issue 41: no business buyer.
      gstin: '',
      legalName: '',
    });
    expect(addressSchema.parse({ ...home, country: ' india ', landmark: ' Near the park ' })).toMatchObject({
      country: 'India',
      landmark: 'Near the park',
    });
  });

  it('says Required for each missing field', () => {
    expect(errorsOf({})).toEqual({ street: 'Required', city: 'Required', state: 'Required', postalCode: 'Required' });
    expect(errorsOf({ street: ' ', city: '', state: null, postalCode: '', country: '' })).toEqual({
      street: 'Required',
      city: 'Required',
      state: 'Required',
      postalCode: 'Required',
    });
  });

  it('in India, wants a listed state and a 6-digit PIN', () => {
    expect(errorsOf({ ...home, state: 'Karnatak', postalCode: '56001' })).toEqual({
      state: 'Choose a state',
      postalCode: 'Enter a 6-digit PIN code',
    });
    expect(errorsOf({ ...home, street: '', postalCode: '056001' })).toEqual({
      street: 'Required',
      postalCode: 'Enter a 6-digit PIN code',
    });
  });

  it('elsewhere, takes any state and a postal code of up to 12 characters', () => {
    expect(addressSchema.parse({ ...home, state: 'Bagmati', postalCode: '44600', country: 'Nepal' })).toMatchObject({
      state: 'Bagmati',
      country: 'Nepal',
    });
    expect(errorsOf({ ...home, country: 'Nepal', postalCode: '1234567890123' })).toEqual({
      postalCode: 'Postal code must be at most 12 characters',
    });
  });

  it('rejects long strings and wrong types', () => {
    const long = 'a'.repeat(100000);
    expect(errorsOf({ street: long, city: long, state: long, postalCode: long, country: long, landmark: long })).toEqual({
      street: 'Street must be at most 200 characters',
      city: 'City must be at most 100 characters',
      state: 'State must be at most 100 characters',
      postalCode: 'Postal code must be at most 12 characters',
      country: 'Country must be at most 60 characters',
      landmark: 'Landmark must be at most 200 characters',
    });
    expect(errorsOf({ ...home, street: 12, postalCode: 560001, country: ['India'], landmark: {} })).toEqual({
      street: 'Street must be text',
      postalCode: 'Postal code must be text',
      country: 'Country must be text',
      landmark: 'Landmark must be text',
    });
    expect(errorsOf(undefined)).toEqual({ '': 'Request body must be a JSON object' });
  });
});

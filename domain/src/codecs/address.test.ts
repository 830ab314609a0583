import { describe, expect, it } from 'vitest';
import { addressFromData, addressLine, shippingAddressFromData } from './address.js';

const stored = {
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
  landmark: 'Near the metro',
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('address codec', () => {
  it('reads a saved address with its id, and the copy on an order without', () => {
    expect(addressFromData('a1', stored)).toEqual({
      _id: 'a1',
      street: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      country: 'India',
      landmark: 'Near the metro',
    });
    expect(shippingAddressFromData(stored)).not.toHaveProperty('_id');
  });

  it('gives missing fields and a missing address empty strings', () => {
    expect(addressFromData('a2', { street: 'X' })).toEqual({
      _id: 'a2',
      street: 'X',
      city: '',
      state: '',
      postalCode: '',
      country: '',
      landmark: '',
    });
    expect(shippingAddressFromData(undefined)).toEqual({ street: '', city: '', state: '', postalCode: '', country: '', landmark: '' });
  });

  it('rejects bad shapes', () => {
    expect(() => addressFromData('a', 'Bengaluru')).toThrow('address a: expected an object');
    expect(() => addressFromData('a', { ...stored, postalCode: 560001 })).toThrow('address a.postalCode: expected text');
    expect(() => shippingAddressFromData(['x'], 'order.shippingAddress')).toThrow('order.shippingAddress: expected an object');
  });

  it('addressLine keeps the country and leaves out empty parts', () => {
    expect(addressLine(shippingAddressFromData(stored))).toBe('12 MG Road, Bengaluru, Karnataka, India, 560001');
    expect(addressLine(shippingAddressFromData({ city: 'Pune', country: 'India' }))).toBe('Pune, India');
    expect(addressLine(shippingAddressFromData({}))).toBe('');
  });
});

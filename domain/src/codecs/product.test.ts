import { describe, expect, it } from 'vitest';
import { CodecError } from './plain.js';
import { productFromData } from './product.js';

const image = { url: '/api/images/abc', hash: 'abc' };
const stored = {
  name: 'Cabin Trolley',
  description: 'Hard shell',
  price: 4999,
  discount: 1000,
  category: 'luggage',
  stock: 12,
  countryOfOrigin: 'Vietnam',
  image,
  images: [image],
  imageHashes: ['abc'],
  hsn: '4202',
  gstRatePercent: 12,
  rating: { histogram: { 1: 0, 2: 0, 3: 1, 4: 0, 5: 1 }, average: 4, count: 2 },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

describe('productFromData', () => {
  it('reads a stored product as the API answers it (internal fields left out)', () => {
    expect(productFromData('p1', stored)).toEqual({
      _id: 'p1',
      name: 'Cabin Trolley',
      description: 'Hard shell',
      price: 4999,
      discount: 1000,
      category: 'luggage',
      stock: 12,
      countryOfOrigin: 'Vietnam',
      image,
      images: [image],
      hsn: '4202',
      gstRatePercent: 12,
      rating: { average: 4, count: 2, histogram: { 1: 0, 2: 0, 3: 1, 4: 0, 5: 1 } },
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
    });
  });

  it('gives an older document the defaults', () => {
    expect(
      productFromData('p2', {
        name: 'Old',
        price: 100,
        image: { url: '/api/images/x', hash: 'x' },
        countryOfOrigin: '',
        gstRatePercent: 7,
      }),
    ).toEqual({
      _id: 'p2',
      name: 'Old',
      description: '',
      price: 100,
      discount: 0,
      category: 'luggage',
      stock: 0,
      countryOfOrigin: 'India',
      image: { url: '/api/images/x', hash: 'x' },
      images: [{ url: '/api/images/x', hash: 'x' }],
      hsn: '4202',
      gstRatePercent: 18,
      rating: { average: 0, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
      createdAt: '',
      updatedAt: '',
    });
    expect(productFromData('p3', {}).image).toEqual({ url: '', hash: '' });
  });

  it('rejects bad shapes', () => {
    expect(() => productFromData('p', null)).toThrow('products/p: expected an object');
    expect(() => productFromData('p', { ...stored, price: '4999' })).toThrow('products/p.price: expected a number');
    expect(() => productFromData('p', { ...stored, category: 'shoes' })).toThrow(CodecError);
    expect(() => productFromData('p', { ...stored, stock: Number.POSITIVE_INFINITY })).toThrow(CodecError);
    expect(() => productFromData('p', { ...stored, createdAt: { seconds: 1 } })).toThrow('products/p.createdAt: expected an ISO date');
  });
});

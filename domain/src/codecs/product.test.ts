import { describe, expect, it } from 'vitest';
import { CodecError } from './plain.js';
import { productFromData } from './product.js';
import type { VariantStock } from './variant-stock.js';

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
      options: [],
      variants: [{ _id: 'p1', sku: 'BS-P1', options: {}, price: 4999, discount: 1000, stock: 12, images: [] }],
      published: true,
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
      options: [],
      variants: [{ _id: 'p2', sku: 'BS-P2', options: {}, price: 100, discount: 0, stock: 0, images: [] }],
      // Stored before `published` existed: listed until the migration decides (decision 0035).
      published: true,
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

  it('reads a product with variants: "from" price, stock summed from the stock documents, the latest updatedAt', () => {
    const second = { url: '/api/images/def', hash: 'def' };
    const doc = {
      ...stored,
      stock: null,
      images: [image, second],
      options: [
        { name: 'Size', values: ['Cabin', 'Large'] },
        { name: 'Colour', values: ['Navy'] },
      ],
      variants: [
        {
          _id: 'v1',
          sku: 'VOY-CAB-NVY',
          options: { Size: 'Cabin', Colour: 'Navy' },
          price: 7999,
          discount: 500,
          imageHashes: ['def'],
          dimensionsCm: { length: 38, width: 22, height: 55 },
        },
        { _id: 'v2', sku: 'VOY-LRG-NVY', options: { Size: 'Large', Colour: 'Navy' }, price: 9999, discount: 0 },
      ],
    };
    const stocks = new Map<string, VariantStock>([
      ['v1', { variantId: 'v1', productId: 'p', sku: 'VOY-CAB-NVY', stock: 0, updatedAt: '2026-11-22T10:00:00.000Z' }],
      ['v2', { variantId: 'v2', productId: 'p', sku: 'VOY-LRG-NVY', stock: 6, updatedAt: '2026-11-20T10:00:00.000Z' }],
    ]);
    const p = productFromData('p', doc, stocks);
    expect(p).toMatchObject({ price: 7999, discount: 500, stock: 6, updatedAt: '2026-11-22T10:00:00.000Z' });
    expect(p.variants?.[0]).toEqual({
      _id: 'v1',
      sku: 'VOY-CAB-NVY',
      options: { Size: 'Cabin', Colour: 'Navy' },
      price: 7999,
      discount: 500,
      stock: 0,
      images: [second],
      dimensionsCm: { length: 38, width: 22, height: 55 },
    });
    // No stock document (yet): 0, never the product's old field.
    expect(productFromData('p', doc).stock).toBe(0);
    expect(() => productFromData('p', { ...doc, variants: [{ _id: 'v', price: '1' }] })).toThrow(
      'products/p.variants[0].price: expected a number',
    );
  });

  it('a product stored before variants reads its stock from its stock document once there is one', () => {
    const stocks = new Map<string, VariantStock>([['p1', { variantId: 'p1', productId: 'p1', sku: 'BS-P1', stock: 3, updatedAt: '' }]]);
    expect(productFromData('p1', stored, stocks).stock).toBe(3);
  });
});

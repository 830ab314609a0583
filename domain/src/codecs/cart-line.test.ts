import { describe, expect, it } from 'vitest';
import type { Product } from '../types.js';
import { cartLineFromData, joinCart, sortCartLines } from './cart-line.js';

const product = (id: string) =>
  ({
    _id: id,
    name: id,
    options: [],
    image: { url: `/api/images/${id}`, hash: id },
    images: [{ url: `/api/images/${id}`, hash: id }],
    variants: [{ _id: id, sku: `BS-${id.toUpperCase()}`, options: {}, price: 100, discount: 0, stock: 5, images: [] }],
  }) as unknown as Product;
const lineOf = (p: Product, quantity: number) => {
  const v = p.variants?.[0];
  if (!v) throw new Error('no variant');
  return {
    _id: p._id,
    product: p,
    quantity,
    variant: { _id: v._id, sku: v.sku, options: {}, price: 100, discount: 0, stock: 5, label: '', image: p.image },
  };
};

describe('cart line codec', () => {
  it('reads a line; missing fields read as 0 and no date', () => {
    expect(cartLineFromData('p1', { quantity: 2, addedAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z' })).toEqual({
      lineId: 'p1',
      productId: 'p1',
      variantId: 'p1',
      quantity: 2,
      addedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(cartLineFromData('p2', {})).toEqual({ lineId: 'p2', productId: 'p2', variantId: 'p2', quantity: 0, addedAt: '' });
    // A variant's line names its product.
    expect(cartLineFromData('v9', { productId: 'p9', quantity: 1 })).toMatchObject({ lineId: 'v9', productId: 'p9', variantId: 'v9' });
  });

  it('rejects bad shapes', () => {
    expect(() => cartLineFromData('p', { quantity: '2' })).toThrow('cart/p.quantity: expected a number');
    expect(() => cartLineFromData('p', 2)).toThrow('cart/p: expected an object');
  });

  it('sorts oldest first (ties by product id) and drops empty lines', () => {
    const lines = [
      cartLineFromData('c', { quantity: 1, addedAt: '2026-11-21T00:00:00.000Z' }),
      cartLineFromData('b', { quantity: 1, addedAt: '2026-11-20T00:00:00.000Z' }),
      cartLineFromData('a', { quantity: 1, addedAt: '2026-11-20T00:00:00.000Z' }),
      cartLineFromData('z', { quantity: 0, addedAt: '2026-11-19T00:00:00.000Z' }),
    ];
    expect(sortCartLines(lines).map((l) => l.lineId)).toEqual(['a', 'b', 'c']);
  });

  it('joins each line with its product and leaves out deleted products', () => {
    const lines = [
      cartLineFromData('a', { quantity: 2, addedAt: '2026-11-20T00:00:00.000Z' }),
      cartLineFromData('gone', { quantity: 1 }),
      cartLineFromData('b', { quantity: 1, addedAt: '2026-11-21T00:00:00.000Z' }),
    ];
    const products = new Map<string, Product | null>([
      ['a', product('a')],
      ['b', product('b')],
      ['gone', null],
    ]);
    expect(joinCart(lines, products)).toEqual([lineOf(product('a'), 2), lineOf(product('b'), 1)]);
  });

  it('a line of a variant carries the variant, its label and its picture; a removed variant leaves the cart', () => {
    const p = {
      ...product('p'),
      options: [{ name: 'Colour', values: ['Navy', 'Red'] }],
      variants: [
        {
          _id: 'v1',
          sku: 'N1',
          options: { Colour: 'Navy' },
          price: 900,
          discount: 100,
          stock: 2,
          images: [{ url: '/api/images/n', hash: 'n' }],
        },
      ],
    } as unknown as Product;
    const lines = [cartLineFromData('v1', { productId: 'p', quantity: 1 }), cartLineFromData('v2', { productId: 'p', quantity: 1 })];
    expect(joinCart(lines, new Map([['p', p]]))).toEqual([
      {
        _id: 'v1',
        product: p,
        quantity: 1,
        variant: {
          _id: 'v1',
          sku: 'N1',
          options: { Colour: 'Navy' },
          price: 900,
          discount: 100,
          stock: 2,
          label: 'Colour: Navy',
          image: { url: '/api/images/n', hash: 'n' },
        },
      },
    ]);
  });
});

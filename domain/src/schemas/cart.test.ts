import { describe, it, expect } from 'vitest';
import { addToCartSchema } from './cart.js';

const message = (body: unknown) => addToCartSchema.safeParse(body).error?.issues[0]?.message;
const QUANTITY = 'Quantity must be a whole number between 1 and 10,000';

describe('addToCartSchema', () => {
  it('defaults the quantity to 1 and drops a client price', () => {
    expect(addToCartSchema.parse({})).toEqual({ quantity: 1 });
    expect(addToCartSchema.parse({ quantity: 3, price: 1, userId: 'x' })).toEqual({ quantity: 3 });
    expect(addToCartSchema.parse({ quantity: '2' })).toEqual({ quantity: 2 });
  });

  it.each([0, -1, 1.5, 10001, '1e309', 'two', 'x'.repeat(100000), null, true, [2]])('rejects quantity %j', (quantity) => {
    expect(message({ quantity })).toBe(QUANTITY);
  });

  it('needs an object body', () => {
    expect(message(null)).toBe('Request body must be a JSON object');
  });
});

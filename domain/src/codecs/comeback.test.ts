import { describe, expect, it } from 'vitest';
import { alertFromData, wishlistItemFromData } from './comeback.js';

describe('comeback codecs', () => {
  it('reads a wishlist item', () => {
    expect(
      wishlistItemFromData('u_p_v', {
        uid: 'u',
        productId: 'p',
        variantId: 'v',
        savedPricePaise: 249900,
        savedAt: '2026-12-01T10:00:00.000Z',
      }),
    ).toEqual({
      uid: 'u',
      productId: 'p',
      variantId: 'v',
      savedPricePaise: 249900,
      savedAt: '2026-12-01T10:00:00.000Z',
      lastPriceDropAt: null,
    });
    expect(() => wishlistItemFromData('x', { savedPricePaise: '1' })).toThrow(/savedPricePaise/);
  });

  it('reads an alert with its defaults', () => {
    const a = alertFromData('a1', {
      uid: null,
      email: 'v@example.com',
      productId: 'p',
      variantId: 'v',
      status: 'pending',
      createdAt: '2026-12-01T10:00:00.000Z',
    });
    expect(a).toMatchObject({ _id: 'a1', uid: null, channel: 'email', status: 'pending', confirmedAt: null, sendAt: null });
    expect(() => alertFromData('a2', { status: 'sent' })).toThrow(/status/);
  });
});

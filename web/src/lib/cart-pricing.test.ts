import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartPricing } from './cart-pricing';

const signedIn = { currentUser: { getIdToken: vi.fn(async () => 'id-token') } };
vi.mock('./auth-loader', () => ({ loadedAuth: () => signedIn }));

const pricing = { subtotalPaise: 600000, discounts: [], totalPaise: 570000, codTotalPaise: 600000, onlineTotalPaise: 570000 };

describe('useCartPricing', () => {
  const urls: string[] = [];
  beforeEach(() => {
    urls.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify({ success: true, data: [], pricing }), { status: 200 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('prices the cart, or Buy Now’s one line (docs/offers.md "Buy Now"), for the method chosen', async () => {
    const cart = renderHook(() => useCartPricing('ONLINE', 'v1:2'));
    await waitFor(() => expect(cart.result.current.pricing).toEqual(pricing));
    const buy = renderHook(() => useCartPricing('ONLINE', 'buy:p1:v2:2', true, { productId: 'p1', variantId: 'v2', quantity: 2 }));
    await waitFor(() => expect(buy.result.current.pricing).toEqual(pricing));
    expect(urls[0]).toMatch(/\/api\/cart\/\?paymentMethod=ONLINE$/);
    const asked = new URL(urls[1] ?? '', 'http://x');
    expect(asked.pathname).toBe('/api/cart/buy-now-pricing');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ paymentMethod: 'ONLINE', productId: 'p1', variantId: 'v2', quantity: '2' });
  });
});

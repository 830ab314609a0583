// The cart's prices with offers (docs/offers.md), as the server works them out: the cart and
// the checkout show these, never a total of their own making.
import type { CartPricing, PaymentMethod } from '@bagshop/domain';
import { useCallback, useEffect, useState } from 'react';
import { apiRequest } from './api-client';

interface CartAnswer {
  pricing: CartPricing;
}

const query = (method: PaymentMethod | null) => (method ? { paymentMethod: method } : undefined);

/** Buy Now's one line (docs/offers.md "Buy Now"): priced with the automatic offers, no code. */
export interface BuyNowLine {
  productId: string;
  variantId?: string;
  quantity: number;
}

export const cartPricingApi = {
  get: async (method: PaymentMethod | null) => (await apiRequest<CartAnswer>('cart/', { query: query(method) })).pricing,
  buyNow: async (method: PaymentMethod | null, line: BuyNowLine) =>
    (
      await apiRequest<CartAnswer>('cart/buy-now-pricing', {
        query: {
          ...query(method),
          productId: line.productId,
          ...(line.variantId ? { variantId: line.variantId } : {}),
          quantity: String(line.quantity),
        },
      })
    ).pricing,
  applyCode: async (code: string, method: PaymentMethod | null) =>
    (await apiRequest<CartAnswer>('cart/coupon', { method: 'POST', body: { code }, query: query(method) })).pricing,
  removeCode: async (method: PaymentMethod | null) =>
    (await apiRequest<CartAnswer>('cart/coupon', { method: 'DELETE', query: query(method) })).pricing,
};

/**
 * The pricing for `method`, fetched again whenever `key` (the cart's lines and quantities) or
 * the method changes; `set` takes the answer of a coupon call. null while loading or off.
 * With `buyNow`, the pricing of that one line instead of the cart's (include it in `key`).
 */
export function useCartPricing(method: PaymentMethod | null, key: string, enabled = true, buyNow: BuyNowLine | null = null) {
  const [pricing, setPricing] = useState<CartPricing | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    (buyNow ? cartPricingApi.buyNow(method, buyNow) : cartPricingApi.get(method))
      .then((p) => live && setPricing(p))
      .catch((error: unknown) => console.error('Loading the cart prices failed', error));
    return () => {
      live = false;
    };
    // `buyNow` is a new object each render; `key` names what it holds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [method, key, enabled, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { pricing: enabled ? pricing : null, setPricing, reload };
}

/** What paying online saves over cash on delivery, in paise (0 when nothing). */
export function onlineSavingPaise(pricing: CartPricing | null): number {
  if (!pricing || pricing.codTotalPaise === undefined || pricing.onlineTotalPaise === undefined) return 0;
  return Math.max(0, pricing.codTotalPaise - pricing.onlineTotalPaise);
}

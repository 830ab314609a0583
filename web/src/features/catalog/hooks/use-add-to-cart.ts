import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { addToCart } from '../api/add-to-cart';

export const LOGIN_FIRST = 'You need to login first';
export const ADDED = 'Product added successfully';

/** Is someone signed in? The Firebase user is enough for the API (it sends the ID token). */
function useSignedIn(): boolean {
  const { user, firebaseUser } = useSession();
  return Boolean(user ?? firebaseUser);
}

/**
 * Add to cart (docs/spec.md §4): signed out → 'You need to login first' and /auth; signed in →
 * POST /api/cart/:id → 'Product added successfully' → /cart. Other failures are only
 * logged, except a 409 (out of stock / too few left), which the shopper needs to read.
 */
export function useAddToCart() {
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const add = useCallback(
    async (productId: string, quantity = 1, variantId?: string) => {
      if (!signedIn) {
        notify.error(LOGIN_FIRST);
        void navigate('/auth');
        return;
      }
      setPendingId(productId);
      try {
        await addToCart(productId, quantity, variantId);
        notify.success(ADDED);
        void navigate('/cart');
      } catch (error) {
        console.error('Add to cart failed', error);
        if (error instanceof ApiError && (error.status === 409 || error.status === 400)) notify.error(errorMessage(error));
      } finally {
        setPendingId(null);
      }
    },
    [navigate, signedIn],
  );

  /** Buy Now: signed out is handled like add; signed in opens the one-product checkout on /cart. */
  const buyNow = useCallback(
    (productId: string, quantity = 1, variantId?: string) => {
      if (!signedIn) {
        notify.error(LOGIN_FIRST);
        void navigate('/auth');
        return;
      }
      const variant = variantId ? `&variant=${encodeURIComponent(variantId)}` : '';
      void navigate(`/cart?buy=${encodeURIComponent(productId)}${variant}&qty=${quantity}`);
    },
    [navigate, signedIn],
  );

  return { add, buyNow, pendingId };
}

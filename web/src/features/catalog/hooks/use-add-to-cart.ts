import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession, type Session } from '../../../lib/session';
import { addToCart } from '../api/add-to-cart';

export const LOGIN_FIRST = 'You need to login first';
export const ADDED = 'Product added successfully';

/**
 * The session once it is known. While a shopper who may be signed in is being restored (Firebase
 * Auth still loading, or the profile on its way), a tap waits for it instead of taking them for
 * signed out: on a slow phone the app answers taps before the session is back.
 */
function useSettledSession(): () => Promise<Session> {
  const session = useSession();
  const latest = useRef(session);
  const waiting = useRef<((s: Session) => void)[]>([]);
  useEffect(() => {
    latest.current = session;
    if (!session.loading) for (const resolve of waiting.current.splice(0)) resolve(session);
  }, [session]);
  return useCallback(
    () => (latest.current.loading ? new Promise<Session>((resolve) => waiting.current.push(resolve)) : Promise.resolve(latest.current)),
    [],
  );
}

/** Is someone signed in? The Firebase user is enough for the API (it sends the ID token). */
const signedIn = (s: Session) => Boolean(s.user ?? s.firebaseUser);

/**
 * Add to cart (docs/spec.md §4): signed out → 'You need to login first' and /auth; signed in →
 * POST /api/cart/:id → 'Product added successfully' → /cart. Other failures are only
 * logged, except a 409 (out of stock / too few left), which the shopper needs to read.
 */
export function useAddToCart() {
  const navigate = useNavigate();
  const settled = useSettledSession();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const add = useCallback(
    async (productId: string, quantity = 1, variantId?: string) => {
      setPendingId(productId);
      try {
        if (!signedIn(await settled())) {
          notify.error(LOGIN_FIRST);
          void navigate('/auth');
          return;
        }
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
    [navigate, settled],
  );

  /** Buy Now: signed out is handled like add; signed in opens the one-product checkout on /cart. */
  const buyNow = useCallback(
    async (productId: string, quantity = 1, variantId?: string) => {
      if (!signedIn(await settled())) {
        notify.error(LOGIN_FIRST);
        void navigate('/auth');
        return;
      }
      const variant = variantId ? `&variant=${encodeURIComponent(variantId)}` : '';
      void navigate(`/cart?buy=${encodeURIComponent(productId)}${variant}&qty=${quantity}`);
    },
    [navigate, settled],
  );

  return { add, buyNow, pendingId };
}

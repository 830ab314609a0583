// The heart on product cards and the product page (docs/comeback.md "Wishlist"). A real form:
// before the app runs it is posted to the product route's action, which sends a visitor (the
// server cannot know who is signed in) to sign in and back with `then=wishlist`, as Add to cart
// does; once the app runs, a tap saves or removes through /api/wishlist.
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useContext, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../lib/api-client';
import { notify } from '../lib/notify';
import { SessionContext } from '../lib/session';
import { signInFirstPath, withThenToken } from '../lib/sign-in-first';
import { onWishlistChange, savedWishlistKeys, setWishlisted, wishlistKey } from '../lib/wishlist';
import classes from './wishlist-heart.module.css';

export function WishlistHeart({ productId, variantId, productName }: { productId: string; variantId?: string; productName: string }) {
  // Outside a session (a card drawn on its own) it is a visitor's heart.
  const session = useContext(SessionContext);
  const uid = session?.user?._id ?? session?.firebaseUser?.uid ?? null;
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const key = wishlistKey(productId, variantId ?? productId);
  useEffect(() => {
    let live = true;
    if (!uid) {
      setSaved(false);
      return;
    }
    void savedWishlistKeys(uid).then((keys) => {
      if (live) setSaved(keys.has(key));
    });
    const stop = onWishlistChange((changed, now) => {
      if (changed === key) setSaved(now);
    });
    return () => {
      live = false;
      stop();
    };
  }, [uid, key]);
  const back = `/product/${encodeURIComponent(productId)}?${new URLSearchParams({ ...(variantId ? { variant: variantId } : {}), then: 'wishlist' }).toString()}`;
  return (
    <form
      method="post"
      action={`/product/${encodeURIComponent(productId)}`}
      className={classes.form}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        if (!uid) {
          notify.error('You need to login first');
          void navigate(signInFirstPath(withThenToken(back)));
          return;
        }
        setBusy(true);
        setWishlisted(uid, productId, variantId, !saved)
          .then(() => {
            notify.success(saved ? 'Removed from your wishlist' : 'Saved to your wishlist');
          })
          .catch((error: unknown) => notify.error(errorMessage(error)))
          .finally(() => setBusy(false));
      }}
    >
      <input type="hidden" name="intent" value="wishlist" />
      {variantId && <input type="hidden" name="variant" value={variantId} />}
      <button
        type="submit"
        className={classes.heart}
        aria-pressed={saved}
        aria-label={saved ? `Remove from wishlist: ${productName}` : `Save to wishlist: ${productName}`}
        title={saved ? 'Remove from wishlist' : 'Save to wishlist'}
        aria-busy={busy || undefined}
        data-testid="wishlist-heart"
      >
        {saved ? <IconHeartFilled size={20} aria-hidden /> : <IconHeart size={20} aria-hidden />}
      </button>
    </form>
  );
}

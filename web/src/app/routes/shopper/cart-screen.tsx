// The cart screen: the cart feature with the checkout feature's dialog, inside reactfire's
// providers. A lazy chunk of its own, so Firestore is not loaded before someone opens /cart.
import { FirestoreScope } from '../../../components/firestore-scope';
import { useSession } from '../../../lib/session';
import { CartPage } from '../../../features/cart/components/cart-page';
import { CheckoutDialog } from '../../../features/checkout/components/checkout-dialog';

export default function CartScreen() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <FirestoreScope>
      <CartPage
        uid={user._id}
        renderCheckout={(request, close) => (
          <CheckoutDialog
            opened={request !== null}
            lines={request?.lines ?? []}
            productId={request?.productId}
            variantId={request?.variantId}
            quantity={request?.quantity}
            onClose={close}
          />
        )}
      />
    </FirestoreScope>
  );
}

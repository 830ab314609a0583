import CartScreen from './shopper/cart-screen';
import { RequireUser } from '../../components/require-user';
export { clientLoader, HydrateFallback } from './client-rendered';
import { titled } from './client-rendered';

export const meta = titled('Cart');

export default function Route() {
  return (
    <RequireUser>
      <CartScreen />
    </RequireUser>
  );
}

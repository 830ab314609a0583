import OrdersScreen from './shopper/orders-screen';
import { RequireUser } from '../../components/require-user';
export { clientLoader, HydrateFallback } from './client-rendered';
import { titled } from './client-rendered';

export const meta = titled('My Orders');

export default function Route() {
  return (
    <RequireUser>
      <OrdersScreen />
    </RequireUser>
  );
}

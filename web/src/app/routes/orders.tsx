import OrdersScreen from './shopper/orders-screen';
import { RequireUser } from '../../components/require-user';
export { clientLoader, HydrateFallback } from './client-rendered';
import type { MetaArgs } from 'react-router';
import { titled } from './client-rendered';

// The list is "My Orders"; one order (`/orders/:id`, the same screen) is "Order".
export const meta = ({ params }: MetaArgs) => (params.id ? titled('Order')() : titled('My Orders')());

export default function Route() {
  return (
    <RequireUser>
      <OrdersScreen />
    </RequireUser>
  );
}

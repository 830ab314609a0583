import WishlistPage from '../../features/comeback/components/wishlist-page';
import { RequireUser } from '../../components/require-user';
export { clientLoader, HydrateFallback } from './client-rendered';
import { titled } from './client-rendered';

export const meta = titled('Your wishlist');

export default function Route() {
  return (
    <RequireUser>
      <WishlistPage />
    </RequireUser>
  );
}

import WarrantyClaimsPage from '../../features/warranty/components/warranty-claims-page';
import { RequireUser } from '../../components/require-user';
export { clientLoader, HydrateFallback } from './client-rendered';
import { titled } from './client-rendered';

export const meta = titled('Warranty claims');

export default function Route() {
  return (
    <RequireUser>
      <WarrantyClaimsPage />
    </RequireUser>
  );
}

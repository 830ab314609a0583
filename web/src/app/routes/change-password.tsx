import ChangePasswordPage from '../../features/auth/components/change-password-page';
import { RequireUser } from '../../components/require-user';
export { clientLoader, HydrateFallback } from './client-rendered';
import { titled } from './client-rendered';

export const meta = titled('Change Password');

export default function Route() {
  return (
    <RequireUser>
      <ChangePasswordPage />
    </RequireUser>
  );
}

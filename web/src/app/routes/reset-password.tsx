import ResetPasswordPage from '../../features/auth/components/reset-password-page';

export { clientLoader, HydrateFallback } from './client-rendered';
import { titled } from './client-rendered';

export const meta = titled('Reset Password');

export default function Route() {
  return <ResetPasswordPage />;
}

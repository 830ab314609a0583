import ForgotPasswordPage from '../../features/auth/components/forgot-password-page';

export { clientLoader, HydrateFallback } from './client-rendered';
import { titled } from './client-rendered';

export const meta = titled('Forgot Password');

export default function Route() {
  return <ForgotPasswordPage />;
}

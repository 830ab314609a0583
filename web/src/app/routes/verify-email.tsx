import VerifyEmailPage from '../../features/auth/components/verify-email-page';

export { clientLoader, HydrateFallback } from './client-rendered';
import { titled } from './client-rendered';

export const meta = titled('Verify Email');

export default function Route() {
  return <VerifyEmailPage />;
}

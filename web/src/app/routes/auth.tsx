import AuthPage from '../../features/auth/components/auth-page';

export { clientLoader, HydrateFallback } from './client-rendered';
import { titled } from './client-rendered';

export const meta = titled('Sign In');

export default function Route() {
  return <AuthPage />;
}

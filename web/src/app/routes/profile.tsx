import ProfileRoute from '../../features/account/components/profile-route';

export { clientLoader, HydrateFallback } from './client-rendered';
import { titled } from './client-rendered';

export const meta = titled('Profile');

export default function Route() {
  return <ProfileRoute />;
}

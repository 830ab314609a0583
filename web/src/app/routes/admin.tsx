import AdminApp from '../../features/admin/admin-app';

export { clientLoader, HydrateFallback } from './client-rendered';
import { titled } from './client-rendered';

export const meta = titled('Admin');

export default function Route() {
  return <AdminApp />;
}

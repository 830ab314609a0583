import { notifications } from '@mantine/notifications';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session';
import { RouteLoader } from './route-loader';

export const NOT_LOGGED_IN = 'You are not logged in';

/**
 * docs/spec.md §6: a signed-out visitor goes to /auth with 'You are not logged in'. While the
 * session is still loading nothing is decided: a loader shows instead.
 */
export function RequireUser({ children, message = NOT_LOGGED_IN }: { children: ReactNode; message?: string }) {
  const { user, loading } = useSession();
  const location = useLocation();
  const denied = !loading && !user;
  useEffect(() => {
    // A fixed id: StrictMode's double effect (or two guards) never shows the toast twice.
    if (denied) notifications.show({ id: 'guard-not-logged-in', message, color: 'red', autoClose: 4000 });
  }, [denied, message]);
  if (loading) return <RouteLoader />;
  if (!user) return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <>{children}</>;
}

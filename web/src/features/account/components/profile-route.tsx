import { notifications } from '@mantine/notifications';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { RouteLoader } from '../../../components/route-loader';
import { useSession } from '../../../lib/session';
import { ProfileDialog } from './profile-dialog';

export const LOGIN_TO_VIEW_PROFILE = 'Please login to view your profile';

/**
 * /profile: the profile dialog over the page the visitor came from (`background`). Closing it
 * goes back there. Signed out: 'Please login to view your profile' and /auth.
 */
export default function ProfileRoute({ background }: { background?: ReactNode }) {
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const denied = !loading && !user;

  useEffect(() => {
    if (denied) notifications.show({ id: 'profile-login', message: LOGIN_TO_VIEW_PROFILE, color: 'red', autoClose: 4000 });
  }, [denied]);

  if (loading) return <RouteLoader />;
  if (!user) return <Navigate to="/auth" replace />;

  const close = () => {
    if (from) navigate(from, { replace: true });
    else if (location.key !== 'default') navigate(-1);
    else navigate('/', { replace: true });
  };

  return (
    <>
      {background}
      <ProfileDialog opened onClose={close} />
    </>
  );
}

import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../../../lib/session';
import { ProfileDialog } from './profile-dialog';

export const LOGIN_TO_VIEW_PROFILE = 'Please login to view your profile';

/**
 * /profile: the profile dialog. The shop layout (PageWithOverlay) keeps the page the visitor
 * came from underneath (`state.from`); closing it goes back there. Signed out: 'Please login to view your profile'
 * and /auth. While the session loads, the page underneath shows alone.
 */
export default function ProfileRoute() {
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const denied = !loading && !user;

  useEffect(() => {
    if (denied) notifications.show({ id: 'profile-login', message: LOGIN_TO_VIEW_PROFILE, color: 'red', autoClose: 4000 });
  }, [denied]);

  if (loading) return null;
  if (!user) return <Navigate to="/auth" replace />;

  const close = () => {
    if (from) navigate(from, { replace: true });
    else if (location.key !== 'default') navigate(-1);
    else navigate('/', { replace: true });
  };

  return <ProfileDialog opened onClose={close} />;
}

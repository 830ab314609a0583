import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';

/**
 * The admin claim guard (docs/spec.md §6): a spinner with 'Loading...' while the session loads;
 * not signed in → /auth 'You are not logged in'; signed in without the admin role → /
 * 'You don’t have permission'. The API checks the claim again on every call.
 */
export function AdminGuard({ children, leaving = false }: { children: ReactNode; leaving?: boolean }) {
  const { loading, user, isAdmin } = useSession();
  const navigate = useNavigate();
  const redirected = useRef(false);
  const verdict = loading ? 'loading' : !user ? 'anonymous' : !isAdmin ? 'forbidden' : 'admin';

  useEffect(() => {
    if (leaving || redirected.current) return;
    if (verdict === 'anonymous') {
      redirected.current = true;
      notify.error('You are not logged in');
      navigate('/auth', { replace: true });
    } else if (verdict === 'forbidden') {
      redirected.current = true;
      notify.error('You don’t have permission');
      navigate('/', { replace: true });
    }
  }, [verdict, leaving, navigate]);

  if (verdict === 'admin') return <>{children}</>;
  if (verdict === 'loading' && !leaving) {
    return (
      <Center mih="100dvh" aria-live="polite">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text c="dimmed">Loading...</Text>
        </Stack>
      </Center>
    );
  }
  return null;
}

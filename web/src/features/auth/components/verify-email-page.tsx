import { Alert, Anchor, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { apiData, errorMessage } from '../../../lib/api-client';
import { loadedAuth } from '../../../lib/auth-loader';
import { PasswordPageShell } from './password-page-shell';

/**
 * /verify-email?oobCode=…: the link in the verification mail (docs/accounts-privacy.md). The
 * code is applied only when the person presses the button, so a mail scanner that opens links
 * verifies nothing. A new address (verify-before-update) ends every session: sign in again.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const code = params.get('oobCode') ?? '';
  const [state, setState] = useState<
    { kind: 'idle' | 'busy' } | { kind: 'done'; email: string; changed: boolean } | { kind: 'failed'; message: string }
  >({
    kind: 'idle',
  });

  const verify = async () => {
    setState({ kind: 'busy' });
    try {
      const result = await apiData<{ email: string; emailChanged: boolean }>('users/verifyEmail', {
        method: 'POST',
        body: { oobCode: code },
      });
      if (result.emailChanged)
        await loadedAuth()
          ?.signOut()
          .catch(() => undefined);
      else
        await loadedAuth()
          ?.currentUser?.reload()
          .catch(() => undefined);
      setState({ kind: 'done', email: result.email, changed: result.emailChanged });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error, 'This verification link is invalid or has expired') });
    }
  };

  if (!code) {
    return (
      <PasswordPageShell title="Verify your email">
        <Text c="red" role="alert">
          This verification link is incomplete. Open your profile and press Resend for a new one.
        </Text>
      </PasswordPageShell>
    );
  }
  return (
    <PasswordPageShell title="Verify your email" intro="Confirm that this email address is yours.">
      {state.kind === 'done' ? (
        <>
          <Alert color="green" variant="light" role="status">
            {state.changed ? `Your email is now ${state.email}. Please sign in again.` : `Your email ${state.email} is verified.`}
          </Alert>
          <Anchor component={Link} to={state.changed ? '/auth' : '/'}>
            {state.changed ? 'Sign in' : 'Continue shopping'}
          </Anchor>
        </>
      ) : (
        <>
          {state.kind === 'failed' && (
            <Alert color="red" variant="light" role="alert">
              {state.message}
            </Alert>
          )}
          <Button onClick={() => void verify()} loading={state.kind === 'busy'}>
            Verify my email
          </Button>
        </>
      )}
    </PasswordPageShell>
  );
}

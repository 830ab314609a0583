import { forgetPasswordSchema } from '@bagshop/domain';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { forgetPassword } from '../api/auth-api';
import { PasswordPageShell } from './password-page-shell';
import { useSchemaForm } from '../../../lib/schema-form';

export const RESET_LINK_SENT = 'Password reset link sent to your email';

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm(forgetPasswordSchema, { email: '' });
  return (
    <PasswordPageShell
      title="Forgot password"
      intro="Enter the email you registered with and we will send you a link to set a new password."
    >
      {sentTo && (
        <Alert color="green" title="Check your inbox">
          If an account exists for {sentTo}, a reset link is on its way.
        </Alert>
      )}
      <form
        noValidate
        aria-label="Forgot password"
        onSubmit={form.onSubmit(async (values) => {
          const { email } = forgetPasswordSchema.parse(values);
          try {
            await forgetPassword(email);
            notify.success(RESET_LINK_SENT);
            setSentTo(email);
          } catch (error) {
            notify.error(errorMessage(error, 'Failed to send reset email'));
          }
        })}
      >
        <Stack gap="sm">
          <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
          <Button type="submit" loading={form.submitting}>
            Send reset link
          </Button>
          <Text size="sm" ta="center">
            Remembered it?{' '}
            <Anchor component={Link} to="/auth">
              Back to login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </PasswordPageShell>
  );
}

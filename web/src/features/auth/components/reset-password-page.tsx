import { resetPasswordFormSchema } from '@bagshop/domain';
import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { resetPassword } from '../api/auth-api';
import { PasswordPageShell } from './password-page-shell';
import { useSchemaForm } from '../../../lib/schema-form';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  // Our own links carry `token`; Firebase's default email action link carries `oobCode`.
  const token = params.get('token') ?? params.get('oobCode') ?? '';
  const navigate = useNavigate();
  const form = useSchemaForm(resetPasswordFormSchema, { newPassword: '', confirmPassword: '' });

  useEffect(() => {
    if (!token) notifications.show({ id: 'reset-missing-token', message: 'Invalid or missing token', color: 'red', autoClose: 4000 });
  }, [token]);

  if (!token) {
    return (
      <PasswordPageShell title="Reset password">
        <Text c="red" role="alert">
          Invalid or missing reset token.
        </Text>
        <Anchor component={Link} to="/forgot-password">
          Request a new reset link
        </Anchor>
      </PasswordPageShell>
    );
  }

  return (
    <PasswordPageShell title="Reset password" intro="Choose a new password of at least 6 characters.">
      <form
        noValidate
        aria-label="Reset password"
        onSubmit={form.onSubmit(async (values) => {
          const { newPassword } = resetPasswordFormSchema.parse(values);
          try {
            await resetPassword(token, newPassword);
            notify.success('Password reset successful');
            navigate('/auth', { replace: true });
          } catch (error) {
            notify.error(errorMessage(error, 'Failed to reset password'));
          }
        })}
      >
        <Stack gap="sm">
          <PasswordInput label="New password" autoComplete="new-password" withAsterisk {...form.getInputProps('newPassword')} />
          <PasswordInput label="Confirm password" autoComplete="new-password" withAsterisk {...form.getInputProps('confirmPassword')} />
          <Button type="submit" loading={form.submitting}>
            Reset password
          </Button>
        </Stack>
      </form>
    </PasswordPageShell>
  );
}

import { changePasswordFormSchema } from '@bagshop/domain';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { getFirebaseAuth } from '../../../lib/firebase';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { updatePassword } from '../api/auth-api';
import { PasswordPageShell } from './password-page-shell';
import { useSchemaForm } from '../../../lib/schema-form';

export function ChangePasswordForm({ onSubmit }: { onSubmit: (oldPassword: string, newPassword: string) => Promise<void> }) {
  const form = useSchemaForm(changePasswordFormSchema, { oldPassword: '', newPassword: '', confirmPassword: '' });
  const navigate = useNavigate();
  return (
    <form
      noValidate
      aria-label="Change password"
      onSubmit={form.onSubmit(async (values) => {
        const { oldPassword, newPassword } = changePasswordFormSchema.parse(values);
        await onSubmit(oldPassword, newPassword);
      })}
    >
      <Stack gap="sm">
        <PasswordInput label="Old password" autoComplete="current-password" withAsterisk {...form.getInputProps('oldPassword')} />
        <PasswordInput label="New password" autoComplete="new-password" withAsterisk {...form.getInputProps('newPassword')} />
        <PasswordInput label="Confirm password" autoComplete="new-password" withAsterisk {...form.getInputProps('confirmPassword')} />
        <Group grow>
          <Button variant="default" onClick={() => navigate(-1)}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Update password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  return (
    <PasswordPageShell title="Change password" intro="Enter your current password, then the new one twice.">
      <ChangePasswordForm
        onSubmit={async (oldPassword, newPassword) => {
          try {
            await updatePassword(oldPassword, newPassword);
            // A password change may end the other sessions; sign in again here with the new one.
            if (user) await signInWithEmailAndPassword(getFirebaseAuth(), user.email, newPassword).catch(() => undefined);
            notify.success('Password updated successfully');
            navigate('/', { replace: true });
          } catch (error) {
            notify.error(errorMessage(error, 'Failed to update password'));
          }
        }}
      />
    </PasswordPageShell>
  );
}

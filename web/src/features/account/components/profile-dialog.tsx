import { CURRENT_PASSWORD_REQUIRED, updateDetailsSchema, type FieldError, type UpdateDetailsInput, type User } from '@bagshop/domain';
import { Avatar, Badge, Button, Group, Modal, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconKey, IconLogout, IconPencil, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { updateDetails } from '../api/profile-api';
import { useSchemaForm } from '../../../lib/schema-form';
import { NameInputs, PhoneInput } from '../../../components/person-inputs';
import { ReauthCancelled, useGoogleReauth } from './google-reauth';
import { EmailVerificationNotice, PhoneStatus, YourData } from './account-privacy';

export function initials(user: Pick<User, 'fullname'>): string {
  const { firstname, lastname } = user.fullname;
  return `${firstname.trim().charAt(0)}${lastname.trim().charAt(0)}`.toUpperCase() || '?';
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Text>
    </div>
  );
}

/** How this account proves itself for an email change (docs/api-accounts.md). */
export type EmailProof = 'password' | 'google' | 'none';

export function emailProofOf(providerIds: readonly string[]): EmailProof {
  if (providerIds.includes('password')) return 'password';
  return providerIds.includes('google.com') ? 'google' : 'none';
}

export function ProfileEditForm({
  user,
  emailProof,
  onSave,
  onCancel,
}: {
  user: User;
  emailProof: EmailProof;
  /** Resolves with field errors to show on the form, if the server answered some. */
  onSave: (values: UpdateDetailsInput, emailChanged: boolean) => Promise<FieldError[] | void>;
  onCancel: () => void;
}) {
  const form = useSchemaForm(updateDetailsSchema, {
    firstname: user.fullname.firstname,
    lastname: user.fullname.lastname,
    email: user.email,
    phonenumber: user.phonenumber,
    currentPassword: '',
  });
  const emailChanged = form.values.email.trim().toLowerCase() !== user.email.toLowerCase();
  return (
    <form
      noValidate
      aria-label="Edit profile"
      onSubmit={form.onSubmit(async (values) => {
        const { currentPassword, ...details } = updateDetailsSchema.parse(values);
        const changed = details.email !== user.email.toLowerCase();
        if (changed && emailProof === 'password' && !currentPassword) {
          form.setFieldError('currentPassword', CURRENT_PASSWORD_REQUIRED);
          return;
        }
        const errors = await onSave(changed && emailProof === 'password' ? { ...details, currentPassword } : details, changed);
        for (const error of errors ?? []) form.setFieldError(error.field, error.message);
      })}
    >
      <Stack gap="sm">
        <NameInputs firstname={form.getInputProps('firstname')} lastname={form.getInputProps('lastname')} />
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        {emailChanged && emailProof === 'password' && (
          <PasswordInput
            label="Current password"
            description="Needed to change your email"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('currentPassword')}
          />
        )}
        {emailChanged && emailProof === 'google' && (
          <Text size="sm" c="dimmed">
            To change your email you confirm with Google when you save.
          </Text>
        )}
        <PhoneInput {...form.getInputProps('phonenumber')} />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The profile dialog: view and edit mode, initials avatar, Password and Logout (docs/spec.md §2). */
export function ProfileDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const { reauthenticate, chooser } = useGoogleReauth();
  const user = session.user;
  if (!user) return null;
  const emailProof = emailProofOf(session.firebaseUser?.providerData.map((p) => p.providerId) ?? []);

  const logout = async () => {
    setLeaving(true);
    await session.logout();
    notify.success('Logged out successfully!');
    navigate('/auth', { replace: true });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="My Profile" centered size="md">
      {chooser}
      <Stack gap="md">
        <Group wrap="nowrap">
          <Avatar color="blue" radius="xl" size={64} aria-hidden>
            {initials(user)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" truncate>
              {user.fullname.firstname} {user.fullname.lastname}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
            {session.isAdmin && (
              <Badge color="grape" variant="light" mt={4}>
                Admin
              </Badge>
            )}
          </div>
        </Group>

        <EmailVerificationNotice user={user} />

        {editing ? (
          <ProfileEditForm
            user={user}
            emailProof={emailProof}
            onCancel={() => setEditing(false)}
            onSave={async (values, emailChanged) => {
              try {
                if (emailChanged && emailProof === 'google') await reauthenticate();
                const updated = await updateDetails(values);
                if (updated.pendingEmail) {
                  // Verify-before-update (docs/accounts-privacy.md): nothing changes until the new address confirms.
                  notify.info(`Confirm ${updated.pendingEmail} with the link we sent there to change your email`);
                  session.setUser({ ...user, ...updated });
                  setEditing(false);
                  return;
                }
                notify.success('Profile updated successfully!');
                if (updated.email !== user.email) {
                  // Firebase ends the sessions on an email change (docs/api-accounts.md): sign in again.
                  notify.info('Please login again with your new email');
                  await session.logout();
                  navigate('/auth', { replace: true });
                  return;
                }
                session.setUser({ ...user, ...updated });
                setEditing(false);
              } catch (error) {
                if (error instanceof ReauthCancelled) return;
                if (error instanceof ApiError && error.errors.length > 0) return error.errors;
                notify.error(errorMessage(error, 'Update failed'));
              }
            }}
          />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Detail label="First name" value={user.fullname.firstname} />
              <Detail label="Last name" value={user.fullname.lastname} />
              <Detail label="Email" value={user.email} />
              <Detail label="Phone number" value={user.phonenumber} />
            </SimpleGrid>
            <PhoneStatus user={user} />
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
              <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button variant="default" leftSection={<IconKey size={16} aria-hidden />} component={Link} to="/change-password">
                Password
              </Button>
              <Button color="red" variant="light" leftSection={<IconLogout size={16} aria-hidden />} onClick={logout} loading={leaving}>
                Logout
              </Button>
            </SimpleGrid>
            {session.isAdmin && (
              <Button variant="subtle" color="grape" leftSection={<IconShieldLock size={16} aria-hidden />} component={Link} to="/admin">
                Admin Panel
              </Button>
            )}
            <YourData emailProof={emailProof} />
          </>
        )}
      </Stack>
    </Modal>
  );
}

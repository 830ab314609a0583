import { displayIndianPhone, type User } from '@bagshop/domain';
import { Alert, Anchor, Badge, Button, Divider, Group, Modal, PasswordInput, Stack, Switch, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PhoneVerification } from '../../../components/phone-verification';
import { apiData, apiRequest, errorMessage } from '../../../lib/api-client';
import { downloadApiFile } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { ReauthCancelled, useGoogleReauth } from './google-reauth';
/** How the account proves itself (as profile-dialog's emailProofOf). */
type EmailProof = 'password' | 'google' | 'none';

/** "Verify your email" with Resend, until Auth says the address is verified (docs/accounts-privacy.md). */
export function EmailVerificationNotice({ user }: { user: User }) {
  const [sending, setSending] = useState(false);
  if (user.emailVerified !== false) return null;
  const resend = async () => {
    setSending(true);
    try {
      await apiData('users/verifyEmail/resend', { method: 'POST', body: {} });
      notify.success(`Verification link sent to ${user.email}`);
    } catch (error) {
      notify.error(errorMessage(error, 'Could not send the link'));
    } finally {
      setSending(false);
    }
  };
  return (
    <Alert color="yellow" variant="light" title="Verify your email">
      <Text size="sm">We sent a link to {user.email}. Follow it to confirm the address is yours.</Text>
      <Button size="xs" variant="light" mt="xs" onClick={() => void resend()} loading={sending}>
        Resend
      </Button>
    </Alert>
  );
}

/** The verified phone, or a way to verify one. */
export function PhoneStatus({ user }: { user: User }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const verified = user.verifiedPhone ?? null;
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Phone
        </Text>
        {verified ? (
          <Badge color="green" variant="light">
            Verified {displayIndianPhone(verified)}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Not verified
          </Badge>
        )}
        {!open && (
          <Button size="xs" variant="subtle" onClick={() => setOpen(true)}>
            {verified ? 'Change phone' : 'Verify phone'}
          </Button>
        )}
      </Group>
      {open && (
        <PhoneVerification
          initialNumber={user.phonenumber}
          onCancel={() => setOpen(false)}
          onVerified={(e164) => {
            notify.success('Your phone number is verified');
            session.setUser({ ...user, verifiedPhone: e164, phonenumber: e164.replace(/^\+91/, '') });
            setOpen(false);
          }}
        />
      )}
    </Stack>
  );
}

interface Choice {
  purpose: 'marketing' | 'alerts';
  channel: 'email' | 'whatsapp';
  granted: boolean;
}

const PURPOSES = [
  { purpose: 'marketing', label: 'Offers and reminders', hint: 'New arrivals, offers, a reminder of a checkout you left' },
  { purpose: 'alerts', label: 'Alerts', hint: 'Back in stock and price drops of the bags you saved or asked about' },
] as const;
const CHANNELS = [
  { channel: 'email', label: 'By email' },
  { channel: 'whatsapp', label: 'On WhatsApp' },
] as const;

/**
 * Message choices per purpose and channel (docs/accounts-privacy.md "Consent per channel and
 * purpose"): each off unless given, changed with one switch; order and account messages need none.
 */
function ConsentChoices() {
  const [choices, setChoices] = useState<Choice[] | null>(null);
  useEffect(() => {
    let live = true;
    apiData<{ choices: Choice[] }>('users/me/consents').then(
      (c) => live && setChoices(c.choices),
      () => live && setChoices([]),
    );
    return () => {
      live = false;
    };
  }, []);
  const isOn = (purpose: string, channel: string) =>
    choices?.some((c) => c.purpose === purpose && c.channel === channel && c.granted) ?? false;
  const change = async (purpose: Choice['purpose'], channel: Choice['channel'], granted: boolean) => {
    try {
      const c = await apiRequest<{ data: { choices: Choice[] }; message?: string }>('users/me/consents', {
        method: 'PATCH',
        body: { purpose, channel, granted },
      });
      setChoices(c.data.choices);
      notify.success(c.message ?? 'Saved');
    } catch (error) {
      notify.error(errorMessage(error, 'Could not save your choice'));
    }
  };
  return (
    <Stack gap="sm" data-testid="consent-choices">
      <Text fw={600}>Messages you agree to</Text>
      <Text fz="sm" c="gray.7">
        Order and account messages come anyway. Each marketing message has a link to stop it.
      </Text>
      {PURPOSES.map((p) => (
        <Stack key={p.purpose} gap={4} role="group" aria-label={p.label}>
          <Text fz="sm" fw={600}>
            {p.label}
          </Text>
          <Text fz="xs" c="gray.7">
            {p.hint}
          </Text>
          <Group gap="lg">
            {CHANNELS.map((c) => (
              <Switch
                key={c.channel}
                label={`${p.label} ${c.label.toLowerCase()}`}
                checked={isOn(p.purpose, c.channel)}
                disabled={choices === null}
                onChange={(e) => void change(p.purpose, c.channel, e.currentTarget.checked)}
              />
            ))}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

/** Profile: "Your data" (download, delete) and the marketing consent. */
export function YourData({ emailProof }: { emailProof: EmailProof }) {
  const session = useSession();
  const navigate = useNavigate();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { reauthenticate, chooser } = useGoogleReauth();

  const download = async () => {
    setDownloading(true);
    try {
      await downloadApiFile('users/me/export', 'bagshop-my-data.json');
    } catch (e) {
      notify.error(errorMessage(e, 'Could not download your data'));
    } finally {
      setDownloading(false);
    }
  };

  const erase = async () => {
    setError(null);
    setDeleting(true);
    try {
      if (emailProof === 'google') await reauthenticate();
      await apiData('users/me', { method: 'DELETE', body: emailProof === 'password' ? { currentPassword: password } : {} });
      notify.success('Your account is deleted');
      await session.logout();
      navigate('/', { replace: true });
    } catch (e) {
      if (e instanceof ReauthCancelled) return;
      setError(errorMessage(e, 'Could not delete your account'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Stack gap="xs">
      {chooser}
      <Divider label="Your data" labelPosition="left" />
      <ConsentChoices />
      <Group gap="xs" grow>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void download()}
          loading={downloading}
        >
          Download my data
        </Button>
        <Button color="red" variant="subtle" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirming(true)}>
          Delete my account
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        How we use your data:{' '}
        <Anchor component={Link} to="/privacy" size="xs" underline="always">
          Privacy notice
        </Anchor>
      </Text>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete my account" centered>
        <Stack gap="sm">
          <Text size="sm">
            Your profile, addresses, cart and choices are erased and you are signed out. Orders and their invoices are kept for eight years,
            as tax law requires, under a pseudonym instead of your name, email and phone. Open orders must be delivered or cancelled first.
          </Text>
          {emailProof === 'password' && (
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
          )}
          {emailProof === 'google' && (
            <Text size="sm" c="dimmed">
              You confirm with Google when you delete.
            </Text>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void erase()} loading={deleting}>
              Delete my account
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

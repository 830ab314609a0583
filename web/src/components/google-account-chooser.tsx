import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { GoogleAuthProvider, type OAuthCredential } from 'firebase/auth';
import { z } from 'zod';
import { emailSchema } from '@bagshop/domain';
import { useSchemaForm } from '../lib/schema-form';

const chooserSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1, { error: 'Name is required' }).max(100, { error: 'Name must be at most 100 characters' }),
});

/** A stable Google `sub` for an email, so the same emulator account maps to the same uid. */
export function emulatorGoogleSub(email: string): string {
  let hash = 0n;
  for (const char of email.trim().toLowerCase()) hash = (hash * 131n + BigInt(char.codePointAt(0) ?? 0)) % 10n ** 20n;
  return `1${hash.toString().padStart(20, '0')}`;
}

export interface GoogleAccountChooserProps {
  opened: boolean;
  onClose: () => void;
  busy: boolean;
  /** Called with the emulator Google credential of the account entered. */
  onChoose: (credential: OAuthCredential) => Promise<void>;
  title?: string;
  /** Prefilled account (re-authentication asks for the account already signed in). */
  account?: { email: string; name: string };
}

/**
 * On the emulators (offline, no apis.google.com) this small in-app chooser stands in for
 * Google's own window: it makes an emulator Google credential for the account entered
 * (docs/platform.md).
 */
export function GoogleAccountChooser({
  opened,
  onClose,
  busy,
  onChoose,
  title = 'Choose a Google account',
  account,
}: GoogleAccountChooserProps) {
  const form = useSchemaForm(chooserSchema, { email: account?.email ?? '', name: account?.name ?? '' }, { validateInputOnBlur: false });
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        noValidate
        aria-label="Google account"
        onSubmit={form.onSubmit((values) => {
          const { email, name } = chooserSchema.parse(values);
          const credential = GoogleAuthProvider.credential(
            JSON.stringify({ sub: emulatorGoogleSub(email), email, email_verified: true, name }),
          );
          return onChoose(credential);
        })}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The shop runs on the Firebase emulators, so Google&apos;s own sign-in window is not available. Enter the Google account to sign
            in as.
          </Text>
          <TextInput label="Google email" type="email" autoComplete="email" withAsterisk data-autofocus {...form.getInputProps('email')} />
          <TextInput label="Name" autoComplete="name" withAsterisk {...form.getInputProps('name')} />
          <Button type="submit" loading={busy}>
            Continue
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

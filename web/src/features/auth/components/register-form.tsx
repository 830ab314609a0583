import { signupFormSchema, type SignupFormInput } from '@bagshop/domain';
import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSchemaForm } from '../../../lib/schema-form';
import { NameInputs, PhoneInput } from '../../../components/person-inputs';

export interface RegisterFormProps {
  onSubmit: (values: SignupFormInput) => Promise<void>;
}

export function RegisterForm({ onSubmit }: RegisterFormProps) {
  const form = useSchemaForm(signupFormSchema, { firstname: '', lastname: '', email: '', password: '', phonenumber: '' });
  // Marketing mails have their own consent, unticked unless the person ticks it (docs/accounts-privacy.md).
  const [marketing, setMarketing] = useState(false);
  return (
    <form
      noValidate
      aria-label="Register"
      onSubmit={form.onSubmit(async (values) => {
        await onSubmit({ ...signupFormSchema.parse(values), ...(marketing ? { marketingConsent: true } : {}) });
      })}
    >
      <Stack gap="sm">
        <NameInputs firstname={form.getInputProps('firstname')} lastname={form.getInputProps('lastname')} />
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        <PasswordInput label="Password" autoComplete="new-password" withAsterisk {...form.getInputProps('password')} />
        <PhoneInput {...form.getInputProps('phonenumber')} />
        <Checkbox
          label="Send me offers and new arrivals by email (optional)"
          checked={marketing}
          onChange={(e) => setMarketing(e.currentTarget.checked)}
        />
        <Text size="xs" c="dimmed">
          By creating an account you agree that we use your details to run it and deliver your orders, as our{' '}
          <Anchor component={Link} to="/privacy" size="xs" target="_blank" underline="always">
            privacy notice
          </Anchor>{' '}
          explains.
        </Text>
        <Group mt={4}>
          <Button type="submit" fullWidth loading={form.submitting}>
            Create account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

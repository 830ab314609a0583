import { signupFormSchema, type SignupFormInput } from '@bagshop/domain';
import { Button, Group, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useSchemaForm } from '../../../lib/schema-form';

export interface RegisterFormProps {
  onSubmit: (values: SignupFormInput) => Promise<void>;
}

export function RegisterForm({ onSubmit }: RegisterFormProps) {
  const form = useSchemaForm(signupFormSchema, { firstname: '', lastname: '', email: '', password: '', phonenumber: '' });
  return (
    <form
      noValidate
      aria-label="Register"
      onSubmit={form.onSubmit(async (values) => {
        await onSubmit(signupFormSchema.parse(values));
      })}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" autoComplete="given-name" withAsterisk {...form.getInputProps('firstname')} />
          <TextInput label="Last name" autoComplete="family-name" withAsterisk {...form.getInputProps('lastname')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        <PasswordInput label="Password" autoComplete="new-password" withAsterisk {...form.getInputProps('password')} />
        <TextInput
          label="Phone number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          withAsterisk
          {...form.getInputProps('phonenumber')}
        />
        <Group mt={4}>
          <Button type="submit" fullWidth loading={form.submitting}>
            Create account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

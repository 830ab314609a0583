import { signupFormSchema, type SignupFormInput } from '@bagshop/domain';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useSchemaForm } from '../../../lib/schema-form';
import { NameInputs, PhoneInput } from '../../../components/person-inputs';

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
        <NameInputs firstname={form.getInputProps('firstname')} lastname={form.getInputProps('lastname')} />
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        <PasswordInput label="Password" autoComplete="new-password" withAsterisk {...form.getInputProps('password')} />
        <PhoneInput {...form.getInputProps('phonenumber')} />
        <Group mt={4}>
          <Button type="submit" fullWidth loading={form.submitting}>
            Create account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { signinSchema, type SigninInput } from '@bagshop/domain';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useSchemaForm } from '../../../lib/schema-form';

export interface LoginFormProps {
  onSubmit: (values: SigninInput) => Promise<void>;
}

export function LoginForm({ onSubmit }: LoginFormProps) {
  const form = useSchemaForm(signinSchema, { email: '', password: '' });
  return (
    <form
      noValidate
      aria-label="Login"
      onSubmit={form.onSubmit(async (values) => {
        await onSubmit(signinSchema.parse(values));
      })}
    >
      <Stack gap="sm">
        <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        <PasswordInput label="Password" autoComplete="current-password" withAsterisk {...form.getInputProps('password')} />
        <Group justify="flex-end">
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot Password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={form.submitting}>
          Login
        </Button>
      </Stack>
    </form>
  );
}

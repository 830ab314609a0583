import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../../../testing/render';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

describe('RegisterForm', { timeout: 20_000 }, () => {
  it('shows the spec messages for every empty field', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<RegisterForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
      'Phone number is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a short first name, a bad email, a short password and an invalid phone, then submits valid values', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<RegisterForm onSubmit={onSubmit} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/First name/), 'Al');
    await user.type(screen.getByLabelText(/Last name/), 'Khan');
    await user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Password/), '123');
    await user.type(screen.getByLabelText(/Phone number/), '98765');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('First name must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('At least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Phone must be 10 digits')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/First name/));
    await user.type(screen.getByLabelText(/First name/), 'Aleena');
    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), ' Aleena@Example.com ');
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.clear(screen.getByLabelText(/Phone number/));
    await user.type(screen.getByLabelText(/Phone number/), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        firstname: 'Aleena',
        lastname: 'Khan',
        email: 'aleena@example.com',
        password: 'secret1',
        phonenumber: '9876543210',
      }),
    );
    expect(screen.queryByText('Phone must be 10 digits')).not.toBeInTheDocument();
  });
});

describe('LoginForm', { timeout: 20_000 }, () => {
  it('requires a valid email and a password, and links to Forgot Password?', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<LoginForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email/), 'someone@');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    render(<LoginForm onSubmit={async () => {}} />);
    const input = screen.getByLabelText(/^Password/);
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: /show password|toggle password/i }));
    expect(input).toHaveAttribute('type', 'text');
  });
});

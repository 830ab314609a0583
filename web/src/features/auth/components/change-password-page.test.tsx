import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../../../testing/render';
import { ChangePasswordForm } from './change-password-page';

describe('ChangePasswordForm', { timeout: 20_000 }, () => {
  it('shows the required messages', async () => {
    render(<ChangePasswordForm onSubmit={vi.fn(async () => {})} />);
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Old password is required')).toBeInTheDocument();
    expect(screen.getByText('New password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm password is required')).toBeInTheDocument();
  });

  it("says 'Passwords must match' and 'Password must be at least 6 characters'", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<ChangePasswordForm onSubmit={onSubmit} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/Old password/), 'old-secret');
    await user.type(screen.getByLabelText(/New password/), 'abc');
    await user.type(screen.getByLabelText(/Confirm password/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/New password/));
    await user.type(screen.getByLabelText(/New password/), 'new-secret');
    await user.clear(screen.getByLabelText(/Confirm password/));
    await user.type(screen.getByLabelText(/Confirm password/), 'new-secreT');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/Confirm password/));
    await user.type(screen.getByLabelText(/Confirm password/), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('old-secret', 'new-secret'));
  });
});

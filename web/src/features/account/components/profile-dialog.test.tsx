import type { User } from '@bagshop/domain';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../../../testing/render';
import { emailProofOf, ProfileEditForm } from './profile-dialog';

const user: User = {
  _id: 'u1',
  fullname: { firstname: 'Asha', lastname: 'Rao' },
  email: 'asha@example.in',
  phonenumber: '9876543210',
  role: 'customer',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('ProfileEditForm: the current password only for an email change', { timeout: 20_000 }, () => {
  it('does not ask for the password while the email stays; saves without it', async () => {
    const onSave = vi.fn(async () => undefined);
    render(<ProfileEditForm user={user} emailProof="password" onSave={onSave} onCancel={() => {}} />);
    const u = userEvent.setup({ delay: null });
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();
    await u.clear(screen.getByLabelText(/Last name/));
    await u.type(screen.getByLabelText(/Last name/), 'Iyer');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        { firstname: 'Asha', lastname: 'Iyer', email: 'asha@example.in', phonenumber: '9876543210' },
        false,
      ),
    );
  });

  it('asks for it when the email changes, requires it, and sends it', async () => {
    const onSave = vi.fn(async () => undefined);
    render(<ProfileEditForm user={user} emailProof="password" onSave={onSave} onCancel={() => {}} />);
    const u = userEvent.setup({ delay: null });
    await u.clear(screen.getByLabelText(/^Email/));
    await u.type(screen.getByLabelText(/^Email/), 'new@example.in');
    expect(screen.getByLabelText(/Current password/)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Current password is required to change your email')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await u.type(screen.getByLabelText(/Current password/), 'Secret@123');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        { firstname: 'Asha', lastname: 'Rao', email: 'new@example.in', phonenumber: '9876543210', currentPassword: 'Secret@123' },
        true,
      ),
    );
  });

  it('shows the server’s answer on the field (wrong password)', async () => {
    const onSave = vi.fn(async () => [{ field: 'currentPassword', message: 'Current password is incorrect' }]);
    render(<ProfileEditForm user={user} emailProof="password" onSave={onSave} onCancel={() => {}} />);
    const u = userEvent.setup({ delay: null });
    await u.clear(screen.getByLabelText(/^Email/));
    await u.type(screen.getByLabelText(/^Email/), 'new@example.in');
    await u.type(screen.getByLabelText(/Current password/), 'Wrong@123');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
  });

  it('a Google account is told it confirms with Google instead, and asked no password', async () => {
    const onSave = vi.fn(async () => undefined);
    render(<ProfileEditForm user={user} emailProof="google" onSave={onSave} onCancel={() => {}} />);
    const u = userEvent.setup({ delay: null });
    await u.clear(screen.getByLabelText(/^Email/));
    await u.type(screen.getByLabelText(/^Email/), 'new@example.in');
    expect(screen.getByText('To change your email you confirm with Google when you save.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Current password/)).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.not.objectContaining({ currentPassword: expect.anything() }), true));
  });
});

describe('emailProofOf', () => {
  it('password first, then Google, else none', () => {
    expect(emailProofOf(['google.com', 'password'])).toBe('password');
    expect(emailProofOf(['google.com'])).toBe('google');
    expect(emailProofOf([])).toBe('none');
  });
});

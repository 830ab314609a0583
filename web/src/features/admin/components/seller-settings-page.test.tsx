import { DEMO_SELLER, type SellerSettings } from '@bagshop/domain';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../../../testing/render';
import { getSellerSettings, saveSellerSettings } from '../api/admin-api';
import { SellerSettingsPage } from './seller-settings-page';

vi.mock('../api/admin-api', () => ({ getSellerSettings: vi.fn(), saveSellerSettings: vi.fn() }));
const load = vi.mocked(getSellerSettings);
const save = vi.mocked(saveSellerSettings);

const OWN = {
  name: 'Bagshop Retail LLP',
  address: 'Unit 12, Kamala Mills Compound, Senapati Bapat Marg, Lower Parel, Mumbai, Maharashtra 400013',
  phone: '+91 22 4000 1234',
  email: 'support@bagshop.test',
};
const stored = (consumerCare = OWN): SellerSettings => ({
  ...DEMO_SELLER,
  address: { ...DEMO_SELLER.address, line2: DEMO_SELLER.address.line2 ?? '' },
  consumerCare,
  updatedAt: '2026-11-30T10:00:00.000Z',
});

afterEach(() => vi.clearAllMocks());

/** Types by pasting (one event, not one per character: the machine may be slow). */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

describe('SellerSettingsPage: consumer care', () => {
  it('follows the business by default and saves without its own block', async () => {
    load.mockResolvedValue(stored());
    save.mockResolvedValue(stored());
    render(<SellerSettingsPage />);
    expect(await screen.findByRole('switch', { name: 'Same as the business details above' })).toBeChecked();
    expect(screen.getByTestId('consumer-care-preview')).toHaveTextContent(`${OWN.name}, ${OWN.address} · ${OWN.phone} · ${OWN.email}`);
    expect(screen.queryByLabelText(/Consumer care name/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).not.toHaveProperty('consumerCare');
  });

  it('its own details: starts from the business’s, shows the schema’s messages, and saves the four fields', async () => {
    const care = {
      name: 'Bagshop Care',
      address: 'Plot 7, MIDC, Andheri East, Mumbai 400093',
      phone: '1800 123 4567',
      email: 'care@bagshop.test',
    };
    load.mockResolvedValue(stored());
    save.mockResolvedValue(stored(care));
    render(<SellerSettingsPage />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Same as the business details above' }));
    const name = screen.getByLabelText(/Consumer care name/);
    expect(name).toHaveValue(OWN.name);
    expect(screen.getByLabelText(/Consumer care address/)).toHaveValue(OWN.address);

    await userEvent.clear(name);
    await userEvent.tab();
    expect(await screen.findByText('Consumer care name is required')).toBeInTheDocument();
    const address = screen.getByLabelText(/Consumer care address/);
    await userEvent.clear(address);
    await fill(address, 'a'.repeat(301));
    await userEvent.tab();
    expect(await screen.findByText('Consumer care address must be at most 300 characters')).toBeInTheDocument();
    const email = screen.getByLabelText(/Consumer care email/);
    await userEvent.clear(email);
    await fill(email, 'care');
    await userEvent.tab();
    expect(await screen.findByText('Enter a consumer care email address like care@example.in')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(save).not.toHaveBeenCalled();

    await fill(name, care.name);
    await userEvent.clear(address);
    await fill(address, care.address);
    const phone = screen.getByLabelText(/Consumer care phone/);
    await userEvent.clear(phone);
    await fill(phone, care.phone);
    await userEvent.clear(email);
    await fill(email, care.email);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0].consumerCare).toEqual(care);
    // Saved: its own stays on, with the saved values.
    expect(await screen.findByRole('switch', { name: 'Same as the business details above' })).not.toBeChecked();
    expect(screen.getByLabelText(/Consumer care name/)).toHaveValue(care.name);
  }, 20_000);

  it('a stored block of its own shows with the switch off', async () => {
    load.mockResolvedValue(stored({ ...OWN, phone: '1800 000 0000' }));
    render(<SellerSettingsPage />);
    expect(await screen.findByRole('switch', { name: 'Same as the business details above' })).not.toBeChecked();
    expect(screen.getByLabelText(/Consumer care phone/)).toHaveValue('1800 000 0000');
  });
});

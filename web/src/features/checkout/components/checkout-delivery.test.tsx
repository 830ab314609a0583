import type { Address, DeliveryPolicy, DeliveryQuote } from '@bagshop/domain';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../../../testing/render';
import { CheckoutForm, type DeliveryLookups } from './checkout-form';

const policy: DeliveryPolicy = {
  codMaxTotal: 10_000,
  cutoff: '14:00',
  workingDays: [1, 2, 3, 4, 5, 6],
  zoneDays: {
    sameCity: { min: 1, max: 2 },
    sameState: { min: 2, max: 3 },
    metro: { min: 2, max: 4 },
    restOfIndia: { min: 4, max: 7 },
    northEastAndIslands: { min: 6, max: 9 },
  },
};

function quote(pin: string, patch: Partial<DeliveryQuote> = {}): DeliveryQuote {
  return {
    pin,
    serviceable: true,
    state: 'Karnataka',
    district: 'Bengaluru Urban',
    cod: true,
    days: { min: 2, max: 4 },
    deliverBy: { from: '2026-11-25', to: '2026-11-27' },
    ...patch,
  };
}

const lookups = (answers: Record<string, DeliveryQuote>): DeliveryLookups => ({
  quote: vi.fn(async (pin: string) => {
    const answer = answers[pin];
    if (!answer) throw new Error(`We could not find PIN code ${pin}`);
    return answer;
  }),
  policy: async () => policy,
});

const address = (postalCode: string, state: string): Address => ({
  _id: `a-${postalCode}`,
  street: '1 Main Road',
  city: 'Somewhere',
  state,
  postalCode,
  country: 'India',
  landmark: '',
});

describe('CheckoutForm and delivery', { timeout: 20_000 }, () => {
  it('a COD-off PIN: COD is disabled, Pay Online chosen, and the reason shown in the server’s words', async () => {
    const onSubmit = vi.fn(async () => {});
    const portBlair = quote('744101', { state: 'Andaman and Nicobar Islands', district: 'South Andamans', cod: false });
    render(
      <CheckoutForm
        addresses={[address('744101', 'Andaman and Nicobar Islands')]}
        itemCount={1}
        total={3000}
        onSubmit={onSubmit}
        onCancel={() => {}}
        delivery={lookups({ '744101': portBlair })}
      />,
    );
    expect(await screen.findByText('Cash on delivery is not available for PIN code 744101. Please pay online.')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Pay Online (Card)')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-delivery')).toHaveTextContent('Delivery by Fri, 27 Nov to 744101');
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ paymentMethod: 'ONLINE', addressId: 'a-744101' }));
  });

  it('a cart over the COD limit gets the limit message; under it COD stays', async () => {
    const answers = lookups({ '560001': quote('560001') });
    const { unmount } = render(
      <CheckoutForm
        addresses={[address('560001', 'Karnataka')]}
        itemCount={2}
        total={12_000}
        onSubmit={async () => {}}
        onCancel={() => {}}
        delivery={answers}
      />,
    );
    expect(await screen.findByText('Cash on delivery is available only for orders up to ₹10,000. Please pay online.')).toBeInTheDocument();
    unmount();
    render(
      <CheckoutForm
        addresses={[address('560001', 'Karnataka')]}
        itemCount={1}
        total={10_000}
        onSubmit={async () => {}}
        onCancel={() => {}}
        delivery={answers}
      />,
    );
    await screen.findByTestId('checkout-delivery');
    expect(screen.queryByTestId('cod-unavailable')).not.toBeInTheDocument();
    expect(screen.getByDisplayValue('Cash on Delivery')).toBeInTheDocument();
  });

  it('an unserved PIN blocks Place Order; a new address takes its state from the PIN', async () => {
    const onSubmit = vi.fn(async () => {});
    const campbell = quote('744302', {
      serviceable: false,
      cod: false,
      days: null,
      deliverBy: null,
      state: 'Andaman and Nicobar Islands',
      district: 'Nicobars',
    });
    render(
      <CheckoutForm
        addresses={[address('744302', 'Andaman and Nicobar Islands')]}
        itemCount={1}
        total={999}
        onSubmit={onSubmit}
        onCancel={() => {}}
        delivery={lookups({ '744302': campbell, '560001': quote('560001') })}
      />,
    );
    expect(await screen.findByText('Sorry, we do not deliver to PIN code 744302 yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: 'A new address' }));
    await user.type(screen.getByLabelText(/Postal code/), '560001');
    await waitFor(() => expect(screen.getByPlaceholderText('Choose a state')).toHaveValue('Karnataka'));
    await user.clear(screen.getByLabelText(/Postal code/));
    await user.type(screen.getByLabelText(/Postal code/), '999999');
    expect(await screen.findByText('We could not find PIN code 999999')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

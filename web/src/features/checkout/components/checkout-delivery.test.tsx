import type { Address, DeliveryOption, DeliveryPolicy, DeliveryQuote } from '@bagshop/domain';
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
  express: { offered: true, fee: 0, freeAbove: null, cod: true },
};

function quote(pin: string, patch: Partial<DeliveryQuote> = {}, express: Partial<DeliveryOption> = {}): DeliveryQuote {
  const base = {
    pin,
    serviceable: true,
    state: 'Karnataka' as const,
    district: 'Bengaluru Urban',
    cod: true,
    days: { min: 2, max: 4 },
    deliverBy: { from: '2026-11-25', to: '2026-11-27' },
    ...patch,
  };
  const standard: DeliveryOption = {
    speed: 'standard',
    available: base.serviceable,
    fee: 0,
    freeAbove: null,
    cod: base.cod,
    days: base.days,
    deliverBy: base.deliverBy,
  };
  const fast: DeliveryOption = {
    speed: 'express',
    available: false,
    fee: 0,
    freeAbove: null,
    cod: false,
    days: null,
    deliverBy: null,
    ...express,
  };
  return { ...base, options: [standard, fast] };
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
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ paymentMethod: 'ONLINE', deliverySpeed: 'standard', addressId: 'a-744101' }),
    );
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

  it('offers express with its date and fee where the quote has it; the fee is in the total and the choice is sent', async () => {
    const onSubmit = vi.fn(async () => {});
    const delhi = quote(
      '110001',
      { state: 'Delhi', district: 'New Delhi' },
      {
        available: true,
        fee: 149,
        freeAbove: 5_000,
        cod: true,
        days: { min: 1, max: 2 },
        deliverBy: { from: '2026-11-24', to: '2026-11-25' },
      },
    );
    render(
      <CheckoutForm
        addresses={[address('110001', 'Delhi')]}
        itemCount={1}
        total={3_000}
        onSubmit={onSubmit}
        onCancel={() => {}}
        delivery={lookups({ '110001': delhi })}
      />,
    );
    const express = await screen.findByRole('radio', { name: /Express delivery · ₹149/ });
    expect(screen.getByRole('radio', { name: /Standard delivery · Free/ })).toBeChecked();
    expect(express).toHaveAttribute('name', 'deliverySpeed');
    await userEvent.click(express);
    expect(screen.getByTestId('checkout-delivery')).toHaveTextContent('Delivery by Wed, 25 Nov to 110001');
    expect(screen.getByText('Total ₹3,149')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ paymentMethod: 'COD', deliverySpeed: 'express', addressId: 'a-110001' }));
  });

  it('express is shown but not offered to a PIN the courier does not serve express; free above the threshold', async () => {
    render(
      <CheckoutForm
        addresses={[address('682001', 'Kerala')]}
        itemCount={1}
        total={6_000}
        onSubmit={async () => {}}
        onCancel={() => {}}
        delivery={lookups({ '682001': quote('682001', { state: 'Kerala', district: 'Ernakulam' }, { fee: 149, freeAbove: 5_000 }) })}
      />,
    );
    expect(await screen.findByRole('radio', { name: /Express delivery · Free/ })).toBeDisabled();
    expect(screen.getByText('Not available for PIN code 682001')).toBeInTheDocument();
  });
});

import type { Address } from '@bagshop/domain';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '../../../testing/render';
import { CheckoutForm } from './checkout-form';

const saved: Address = {
  _id: 'home',
  street: '14, 2nd Cross, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  country: 'India',
  landmark: '',
};

describe('CheckoutForm', { timeout: 20_000 }, () => {
  it("marks street, city, state and postal code 'Required' and toasts 'Please fill all required fields'", async () => {
    const onSubmit = vi.fn(async () => {});
    render(<CheckoutForm addresses={[]} itemCount={2} total={4998} onSubmit={onSubmit} onCancel={() => {}} />);
    expect(screen.getByLabelText(/Country/)).toHaveValue('India');
    expect(screen.getByDisplayValue('Cash on Delivery')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findAllByText('Required')).toHaveLength(4);
    expect(await screen.findByText('Please fill all required fields')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("links 'How payments work' to /payments (issue 38), in a new tab", () => {
    render(<CheckoutForm addresses={[]} itemCount={1} total={2499} onSubmit={async () => {}} onCancel={() => {}} />);
    const link = screen.getByRole('link', { name: 'How payments work' });
    expect(link).toHaveAttribute('href', '/payments');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('asks for a 6-digit PIN and sends a valid new address with COD', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<CheckoutForm addresses={[]} itemCount={1} total={2499} onSubmit={onSubmit} onCancel={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/Street address/), '221 MG Road');
    await user.type(screen.getByLabelText(/City/), 'Pune');
    await user.type(screen.getByPlaceholderText('Choose a state'), 'Mahara');
    await user.click(await screen.findByRole('option', { name: 'Maharashtra', hidden: true }));
    await user.type(screen.getByLabelText(/Postal code/), '0110');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Enter a 6-digit PIN code')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Postal code/));
    await user.type(screen.getByLabelText(/Postal code/), '411001');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        paymentMethod: 'COD',
        deliverySpeed: 'standard',
        address: {
          street: '221 MG Road',
          city: 'Pune',
          state: 'Maharashtra',
          postalCode: '411001',
          country: 'India',
          landmark: '',
          gstin: '',
          legalName: '',
        },
      }),
    );
  });

  it('"Buying for a business? Add your GSTIN": a wrong check digit is shown (the fields opened), a valid GSTIN and legal name are sent (issue 41)', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<CheckoutForm addresses={[]} itemCount={1} total={2499} onSubmit={onSubmit} onCancel={() => {}} />);
    const user = userEvent.setup({ delay: null });
    const details = screen.getByTestId('business-gstin');
    expect(details).not.toHaveAttribute('open');
    await user.click(screen.getByText('Buying for a business? Add your GSTIN'));
    await user.type(screen.getByLabelText(/Street address/), '221 MG Road');
    await user.type(screen.getByLabelText(/City/), 'Pune');
    await user.type(screen.getByPlaceholderText('Choose a state'), 'Mahara');
    await user.click(await screen.findByRole('option', { name: 'Maharashtra', hidden: true }));
    await user.type(screen.getByLabelText(/Postal code/), '411001');
    await user.type(screen.getByLabelText('GSTIN'), '29aabct1234f1zn');
    await user.type(screen.getByLabelText('Legal name of the business'), 'Tech Bengaluru LLP');
    // Closed again by the shopper: the problem opens it.
    await user.click(screen.getByText('Buying for a business? Add your GSTIN'));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText("The GSTIN's check digit is wrong")).toBeInTheDocument();
    expect(details).toHaveAttribute('open');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('GSTIN'));
    await user.type(screen.getByLabelText('GSTIN'), '29AABCT1234F1ZM');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        paymentMethod: 'COD',
        deliverySpeed: 'standard',
        address: expect.objectContaining({ state: 'Maharashtra', gstin: '29AABCT1234F1ZM', legalName: 'Tech Bengaluru LLP' }),
      }),
    );
  });

  it('offers saved addresses first and sends the chosen id', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<CheckoutForm addresses={[saved]} itemCount={1} total={999} onSubmit={onSubmit} onCancel={() => {}} />);
    const group = screen.getByRole('radiogroup', { name: 'Ship to' });
    expect(within(group).getByRole('radio', { name: /Indiranagar/ })).toBeChecked();
    expect(screen.queryByLabelText(/Street address/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ paymentMethod: 'COD', deliverySpeed: 'standard', addressId: 'home' }));
  });

  it('holds Place Order while the saved addresses load, then sends the first of them', async () => {
    const onSubmit = vi.fn(async () => {});
    const props = { itemCount: 1, total: 999, onSubmit, onCancel: () => {} };
    const { rerender } = render(<CheckoutForm addresses={[]} loadingAddresses {...props} />);
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    expect(screen.queryByLabelText(/Street address/)).not.toBeInTheDocument();
    rerender(<CheckoutForm addresses={[saved]} loadingAddresses={false} {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ paymentMethod: 'COD', deliverySpeed: 'standard', addressId: 'home' }));
  });

  it('says when online payment is not configured and keeps COD', () => {
    render(
      <CheckoutForm
        addresses={[saved]}
        itemCount={1}
        total={999}
        onlineUnavailable="Online payments are not configured"
        onSubmit={vi.fn()}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByText('Online payments are not configured')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Cash on Delivery')).toBeInTheDocument();
  });
});

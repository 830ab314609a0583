import type { Order } from '@bagshop/domain';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../../../testing/render';
import { PaymentPanel } from './payment-panel';

vi.mock('../api/orders-api', () => ({ paymentUrl: vi.fn(async () => 'http://127.0.0.1:12111/c/pay/cs_test_1') }));

const base: Order = {
  _id: 'o1',
  userId: 'u1',
  user: { _id: 'u1', fullname: { firstname: 'A', lastname: 'B' }, email: 'a@b.test' },
  items: [],
  shippingAddress: { street: '', city: '', state: '', postalCode: '', country: '', landmark: '' },
  subtotal: 4000,
  totalAmount: 3500,
  status: 'pending',
  paymentMethod: 'ONLINE',
  payment: { status: 'unpaid', sessionId: 'cs_test_1', paidAt: null, holdUntil: new Date(Date.now() + 20 * 60_000).toISOString() },
  statusHistory: [],
  delivery: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

afterEach(() => vi.clearAllMocks());

describe('PaymentPanel', () => {
  it('a card order waiting for payment shows its deadline and resumes the same checkout', async () => {
    const redirect = vi.fn();
    render(<PaymentPanel order={base} redirect={redirect} />);
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Unpaid');
    expect(screen.getByText(/^Pay by .*items go back on sale\.$/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Complete payment' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://127.0.0.1:12111/c/pay/cs_test_1'));
  });

  it('no Complete payment once the hold has ended', () => {
    render(<PaymentPanel order={{ ...base, payment: { ...base.payment, holdUntil: new Date(Date.now() - 1000).toISOString() } }} />);
    expect(screen.queryByRole('button', { name: 'Complete payment' })).not.toBeInTheDocument();
  });

  it('a delivered order with returns refunded shows how much was refunded so far (issue 37)', () => {
    render(
      <PaymentPanel
        order={{
          ...base,
          status: 'completed',
          payment: { ...base.payment, status: 'paid', paidAt: base.createdAt, refundedPaise: 139900 },
        }}
      />,
    );
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Paid');
    expect(screen.getByTestId('refunded-so-far')).toHaveTextContent('₹1,399 of ₹3,500 refunded for returned or refunded items.');
  });

  it('says nothing of refunds when none was made', () => {
    render(<PaymentPanel order={{ ...base, payment: { ...base.payment, refundedPaise: 0 } }} />);
    expect(screen.queryByTestId('refunded-so-far')).not.toBeInTheDocument();
  });

  it('a cancelled paid order shows its refund, pending then done', () => {
    const refund = {
      id: 're_1',
      status: 'pending' as const,
      amountPaise: 350000,
      requestedAt: '2026-11-22T10:05:00.000Z',
      refundedAt: null,
    };
    const { rerender } = render(
      <PaymentPanel order={{ ...base, status: 'cancelled', payment: { ...base.payment, status: 'refund_pending', refund } }} />,
    );
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Refund pending');
    expect(screen.getByTestId('refund-status')).toHaveTextContent(/^Refund of ₹3,500 requested on 22 Nov 2026/);
    rerender(
      <PaymentPanel
        order={{
          ...base,
          status: 'cancelled',
          payment: {
            ...base.payment,
            status: 'refunded',
            refund: { ...refund, status: 'succeeded', refundedAt: '2026-11-22T10:06:00.000Z' },
          },
        }}
      />,
    );
    expect(screen.getByTestId('payment-status')).toHaveTextContent('Refunded');
    expect(screen.getByTestId('refund-status')).toHaveTextContent(/^Refunded ₹3,500 on 22 Nov 2026/);
    expect(screen.queryByRole('button', { name: 'Complete payment' })).not.toBeInTheDocument();
  });
});

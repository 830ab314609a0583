import type { Order } from '@bagshop/domain';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../../../testing/render';
import { confirmCodOrder, requestReattempt } from '../api/fulfilment-api';
import { FulfilmentPanel } from './fulfilment-panel';

vi.mock('../api/fulfilment-api', () => ({
  confirmCodOrder: vi.fn(async () => ({})),
  payOnlineInstead: vi.fn(async () => ({})),
  requestReattempt: vi.fn(async () => ({})),
}));
vi.mock('../api/orders-api', () => ({ paymentUrl: vi.fn(async () => 'http://127.0.0.1:12111/c/pay/cs_test_1') }));

const base: Order = {
  _id: 'o1',
  userId: 'u1',
  user: { _id: 'u1', fullname: { firstname: 'A', lastname: 'B' }, email: 'a@b.test' },
  items: [],
  shippingAddress: { street: '', city: '', state: '', postalCode: '', country: '', landmark: '' },
  subtotal: 3500,
  totalAmount: 3500,
  status: 'pending',
  paymentMethod: 'COD',
  payment: { status: 'unpaid' },
  statusHistory: [],
  delivery: null,
  cod: { required: true, confirmBy: new Date(Date.now() + 3600_000).toISOString(), confirmedAt: null, confirmedBy: null, via: null },
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

afterEach(() => vi.clearAllMocks());

describe('FulfilmentPanel', () => {
  it('a COD order waiting for its shopper: Confirm order sends the mail link’s token', async () => {
    render(<FulfilmentPanel order={base} />, { route: '/orders/o1?confirm=tok123' });
    expect(screen.getByText('Please confirm your order')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay online instead' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(confirmCodOrder).toHaveBeenCalledWith('o1', 'tok123'));
  });

  it('nothing to show for a confirmed COD order that has not shipped', () => {
    render(
      <FulfilmentPanel
        order={{ ...base, cod: { ...(base.cod as NonNullable<Order['cod']>), confirmedAt: base.createdAt, via: 'shopper' } }}
      />,
    );
    expect(screen.queryByText('Please confirm your order')).not.toBeInTheDocument();
    expect(screen.queryByTestId('shipment-tracking')).not.toBeInTheDocument();
  });

  it('a failed delivery shows the reason and asks for a reattempt on a working day', { timeout: 20_000 }, async () => {
    const order: Order = {
      ...base,
      status: 'delivery_failed',
      cod: null,
      ndr: {
        status: 'open',
        reason: 'Customer not available',
        failedAt: new Date().toISOString(),
        respondBy: new Date(Date.now() + 47 * 3600_000).toISOString(),
        reattemptDate: null,
        note: null,
        answeredAt: null,
      },
      shipments: [
        {
          _id: 's1',
          courier: 'Bagshop Test Courier',
          awb: 'BST123',
          trackingUrl: 'https://shiprocket.co/tracking/BST123',
          provider: 'shiprocket',
          status: 'failed_attempt',
          weightGrams: 800,
          dimensionsCm: { length: 45, breadth: 35, height: 12 },
          events: [
            { key: 'k', status: 'failed_attempt', at: new Date().toISOString(), location: 'Pune DC', note: 'Customer not available' },
          ],
          createdAt: base.createdAt,
        },
      ],
    };
    render(<FulfilmentPanel order={order} />);
    expect(screen.getByText('Courier: “Customer not available”')).toBeInTheDocument();
    expect(screen.getByText('AWB BST123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track with the courier' })).toHaveAttribute('href', 'https://shiprocket.co/tracking/BST123');
    await userEvent.type(screen.getByLabelText('Note for the courier (optional)'), 'Call first');
    await userEvent.click(screen.getByRole('button', { name: 'Reattempt delivery' }));
    await waitFor(() =>
      expect(requestReattempt).toHaveBeenCalledWith('o1', { date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), note: 'Call first' }),
    );
  });
});

import type { Order } from '@bagshop/domain';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../../../testing/render';
import { getOrderReturns, requestReturn } from '../api/returns-api';
import { ReturnsPanel } from './returns-panel';

vi.mock('../api/returns-api', () => ({
  getOrderReturns: vi.fn(),
  requestReturn: vi.fn(async () => ({ return: { _id: 'RET-2026-00001' } })),
  getProductForExchange: vi.fn(async () => ({ variants: [] })),
}));

const order: Order = {
  _id: 'o1',
  userId: 'u1',
  user: { _id: 'u1', fullname: { firstname: 'A', lastname: 'B' }, email: 'a@b.test' },
  items: [
    {
      _id: 'p1',
      variantId: 'p1',
      name: 'Voyager',
      price: 3000,
      discount: 0,
      quantity: 2,
      product: { _id: 'p1', image: { url: '', hash: '' } },
    } as Order['items'][number],
  ],
  shippingAddress: { street: '', city: '', state: '', postalCode: '', country: '', landmark: '' },
  subtotal: 6000,
  totalAmount: 6000,
  status: 'completed',
  paymentMethod: 'COD',
  payment: { status: 'unpaid' },
  statusHistory: [],
  delivery: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

const summary = {
  window: { days: 7, deliveredAt: '2026-11-25T10:00:00.000Z', endsAt: '2026-12-02T10:00:00.000Z', daysLeft: 6 },
  lines: [
    {
      lineId: 'p1',
      name: 'Voyager',
      variantLabel: '',
      quantity: 2,
      returnedUnits: 0,
      returnable: true,
      nonReturnableReason: '',
      canReturn: true,
    },
  ],
  returns: [],
};

afterEach(() => vi.clearAllMocks());

describe('ReturnsPanel', { timeout: 20_000 }, () => {
  it('shows the days left and walks the stepper; a COD refund needs a valid UPI id', async () => {
    vi.mocked(getOrderReturns).mockResolvedValue(summary);
    render(<ReturnsPanel order={order} />);
    expect(await screen.findByText('7-day returns: 6 days left to start a return or exchange.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Return or exchange Voyager' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a reason');
    await userEvent.click(screen.getByLabelText('Damaged'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Add at least one photo for a damaged or wrong item');
    await userEvent.click(screen.getByLabelText('Changed my mind'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(screen.getByLabelText('UPI id'), 'priya');
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a UPI id like name@bank');
    await userEvent.type(screen.getByLabelText('UPI id'), '@okicici');
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(requestReturn).toHaveBeenCalledTimes(1));
    const form = vi.mocked(requestReturn).mock.calls[0]?.[1] as FormData;
    expect(form.get('refundTo')).toBe(JSON.stringify({ upiId: 'priya@okicici' }));
    expect(form.get('lines')).toBe(JSON.stringify([{ lineId: 'p1', quantity: 1 }]));
  });

  it('a non-returnable line says why; nothing for an order not delivered', async () => {
    vi.mocked(getOrderReturns).mockResolvedValue({
      ...summary,
      lines: [{ ...summary.lines[0]!, returnable: false, canReturn: false, nonReturnableReason: 'Personalised' }],
    });
    const { unmount } = render(<ReturnsPanel order={order} />);
    expect(await screen.findByText('Not returnable: Personalised')).toBeInTheDocument();
    unmount();
    render(<ReturnsPanel order={{ ...order, status: 'shipped' }} />);
    expect(getOrderReturns).toHaveBeenCalledTimes(1);
  });
});

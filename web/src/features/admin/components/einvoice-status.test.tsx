import { orderFromData, type Order } from '@bagshop/domain';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '../../../testing/render';
import { retryEinvoice } from '../api/admin-api';
import { EinvoiceStatus } from './einvoice-status';

vi.mock('../api/admin-api', () => ({ retryEinvoice: vi.fn() }));
const retry = vi.mocked(retryEinvoice);

const base = { userId: 'u1', user: { _id: 'u1' }, items: [], shippingAddress: {}, createdAt: '2026-11-22T10:00:00.000Z' };
const IRN = 'ab'.repeat(32);
const pending = orderFromData('o1', { ...base, einvoice: { status: 'pending', attempts: 2, lastError: 'The IRP answered 503' } });
const registered = orderFromData('o1', {
  ...base,
  einvoice: { status: 'registered', irn: IRN, ackNo: '112612345670001', ackDt: '2026-11-22T10:00:00.000Z', attempts: 3 },
});

describe('the order drawer’s e-invoice line', () => {
  it('shows nothing for an order never reported', () => {
    const { container } = render(<EinvoiceStatus order={orderFromData('o1', base)} onChanged={() => undefined} />);
    expect(container.querySelector('[data-testid="admin-einvoice"]')).toBeNull();
  });

  it('shows "IRN pending" with the last error, and Retry IRN answers the order with its IRN', async () => {
    retry.mockResolvedValue(registered);
    const changed = vi.fn<(o: Order) => void>();
    render(<EinvoiceStatus order={pending} onChanged={changed} />);
    expect(screen.getByText('IRN pending')).toBeInTheDocument();
    expect(screen.getByText(/2 attempts/)).toHaveTextContent('Last error: The IRP answered 503');
    await userEvent.click(screen.getByRole('button', { name: 'Retry IRN' }));
    await waitFor(() => expect(changed).toHaveBeenCalledWith(registered));
    expect(retry).toHaveBeenCalledWith('o1');
  });

  it('shows the IRN, its Ack No and date', () => {
    render(<EinvoiceStatus order={registered} onChanged={() => undefined} />);
    expect(screen.getByText(IRN)).toBeInTheDocument();
    expect(screen.getByText(/Ack No 112612345670001 · 22 Nov 2026, 3:30 pm/)).toBeInTheDocument();
  });
});

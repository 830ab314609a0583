import { istMonthOf, type TaxDocumentRow, type TaxMonthView } from '@bagshop/domain';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '../../../testing/render';
import { getGstr1Summary, getTaxMonth } from '../api/admin-api';
import { TaxPage } from './tax-page';

vi.mock('../api/admin-api', () => ({ getTaxMonth: vi.fn(), getGstr1Summary: vi.fn() }));
const fetchMonth = vi.mocked(getTaxMonth);
const fetchGstr1 = vi.mocked(getGstr1Summary);

const month = istMonthOf(new Date());
const totals = { grossPaise: 589_900, taxablePaise: 499_915, cgstPaise: 44_992, sgstPaise: 44_993, igstPaise: 0 };

function doc(n: number): TaxDocumentRow {
  return {
    kind: 'invoice',
    number: `BS/2627/${String(n).padStart(7, '0')}`,
    issuedAt: '2026-11-05T10:00:00.000Z',
    orderId: `order-${n}`,
    invoiceNumber: '',
    buyerName: `Buyer ${n}`,
    placeOfSupply: { state: 'Maharashtra', stateCode: '27' },
    intraState: true,
    totals,
    byRate: [{ ratePercent: 18, ...totals }],
  };
}

function view(over: Partial<TaxMonthView>): TaxMonthView {
  return {
    month,
    invoices: { count: 3, grossPaise: 3 * 589_900, taxablePaise: 0, cgstPaise: 3 * 44_992, sgstPaise: 3 * 44_993, igstPaise: 0 },
    creditNotes: { count: 0, grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 },
    net: { grossPaise: 3 * 589_900, taxablePaise: 0, cgstPaise: 3 * 44_992, sgstPaise: 3 * 44_993, igstPaise: 0 },
    byPlaceAndRate: [],
    documentsIssued: [
      { kind: 'invoice', financialYear: '2026-27', from: 'BS/2627/0000001', to: 'BS/2627/0000003', total: 3, cancelled: 0, netIssued: 3 },
    ],
    documents: [],
    nextCursor: null,
    pageSize: 2,
    ...over,
  };
}

afterEach(() => vi.clearAllMocks());

const gstr1Counts = { b2b: 2, b2cl: 1, b2cs: 7, exp: 0, cdnr: 1, cdnur: 0, b2csNotes: 0 };
beforeEach(() => fetchGstr1.mockResolvedValue({ period: month, fp: month.slice(5) + month.slice(0, 4), counts: gstr1Counts }));

describe('TaxPage', () => {
  it('shows the month’s GSTR-1 counts (B2B, B2CL, B2CS, CDNR, CDNUR) and its downloads (issue 41)', async () => {
    fetchMonth.mockResolvedValue(view({ documents: [doc(1)] }));
    render(<TaxPage />);
    const panel = await screen.findByTestId('gstr1-panel');
    await waitFor(() => expect(within(panel).getByTestId('gstr1-b2b')).toHaveTextContent('B2B2'));
    expect(within(panel).getByTestId('gstr1-b2cl')).toHaveTextContent('B2CL1');
    expect(within(panel).getByTestId('gstr1-b2cs')).toHaveTextContent('B2CS7');
    expect(fetchGstr1).toHaveBeenLastCalledWith(month);
    expect(within(panel).getByRole('button', { name: /Download GSTR-1 JSON/ })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Download B2B CSV of GSTR-1/ })).toBeInTheDocument();
  });

  it('shows the totals and the series, and pages through the documents with the cursor', async () => {
    fetchMonth.mockImplementation(async (_m, cursor) =>
      cursor === 'c2' ? view({ documents: [doc(3)] }) : view({ documents: [doc(1), doc(2)], nextCursor: 'c2' }),
    );
    render(<TaxPage />);
    expect(screen.getByLabelText('Loading the tax report')).toBeInTheDocument();
    expect(await screen.findByText('Buyer 1')).toBeInTheDocument();
    expect(fetchMonth).toHaveBeenLastCalledWith(month, undefined);
    expect(screen.getByTestId('net-tax')).toHaveTextContent('₹');

    const issued = screen.getByRole('table', { name: 'Documents issued' });
    expect(within(issued).getByText('Invoices for outward supply')).toBeInTheDocument();
    expect(within(issued).getByText('BS/2627/0000003')).toBeInTheDocument();

    const pages = screen.getByRole('navigation', { name: 'Pages of documents' });
    expect(within(pages).getByText('1–2 of 3 · page 1 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Buyer 3')).toBeInTheDocument();
    expect(fetchMonth).toHaveBeenLastCalledWith(month, 'c2');
    expect(screen.queryByText('Buyer 1')).not.toBeInTheDocument();
    expect(within(pages).getByText('3–3 of 3 · page 2 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Buyer 1')).toBeInTheDocument();
    expect(fetchMonth).toHaveBeenLastCalledWith(month, undefined);
  });

  it('says so when the month has no documents, without a pager or series', async () => {
    fetchMonth.mockResolvedValue(
      view({
        invoices: { count: 0, grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 },
        net: { grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 },
        documentsIssued: [],
      }),
    );
    render(<TaxPage />);
    expect(await screen.findByText(/^No invoices or credit notes in /)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of documents' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Documents issued' })).not.toBeInTheDocument();
  });

  it('starts again from the first page when another month is chosen', async () => {
    fetchMonth.mockImplementation(async (m, cursor) =>
      view({ month: m, documents: cursor ? [doc(3)] : [doc(1), doc(2)], nextCursor: cursor ? null : 'c2' }),
    );
    render(<TaxPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('Buyer 3');
    const select = screen.getByLabelText('Month');
    const previous = within(select).getAllByRole('option')[1]?.getAttribute('value') ?? '';
    await userEvent.selectOptions(select, previous);
    await waitFor(() => expect(fetchMonth).toHaveBeenLastCalledWith(previous, undefined));
    expect(await screen.findByText('Buyer 1')).toBeInTheDocument();
  });

  it('shows the error when the report cannot be loaded', async () => {
    fetchMonth.mockRejectedValue(new Error('Server unreachable'));
    render(<TaxPage />);
    expect(await screen.findByText('Could not load the tax report')).toBeInTheDocument();
  });
});

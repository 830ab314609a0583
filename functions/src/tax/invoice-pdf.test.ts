import { buildCreditNote, buildInvoice, DEMO_SELLER, type Invoice } from '@bagshop/domain';
import { describe, expect, it } from 'vitest';
import { renderTaxDocumentPdf } from './invoice-pdf.js';

function invoiceWith(lines: number): Invoice {
  return buildInvoice({
    fyStart: 2026,
    sequence: 42,
    issuedAt: new Date('2026-11-22T10:00:00Z'),
    seller: DEMO_SELLER,
    placeOfSupply: { state: 'Karnataka', stateCode: '29' },
    user: { fullname: { firstname: 'Rahul', lastname: 'Sharma' } },
    shippingAddress: {
      street: '14, 2nd Cross, Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560038',
      country: 'India',
    },
    items: Array.from({ length: lines }, (_, i) => ({
      name: `Bag number ${i + 1}`,
      price: 1000 + i,
      discount: 0,
      quantity: 1,
      hsn: '4202',
      gstRatePercent: 18,
    })),
  });
}

const latin1 = (pdf: Buffer) => pdf.toString('latin1');
const pages = (pdf: Buffer) => latin1(pdf).match(/\/Type \/Page\b/g)?.length ?? 0;

describe('invoice PDF', { timeout: 30_000 }, () => {
  it('is a PDF with Noto Sans embedded (subset) instead of a standard font', async () => {
    const pdf = await renderTaxDocumentPdf({ kind: 'invoice', orderId: 'o1', invoice: invoiceWith(2) });
    const text = latin1(pdf);
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Bold/);
    expect(text).toContain('/FontFile2');
    expect(text).not.toMatch(/\/BaseFont \/Helvetica/);
    expect(pages(pdf)).toBe(1);
  });

  it('runs onto more pages for a long order, the table header repeated', async () => {
    const pdf = await renderTaxDocumentPdf({ kind: 'invoice', orderId: 'o1', invoice: invoiceWith(45) });
    expect(pages(pdf)).toBeGreaterThanOrEqual(2);
  });

  it('draws a credit note', async () => {
    const invoice = invoiceWith(1);
    const creditNote = buildCreditNote(invoice, { fyStart: 2026, sequence: 1, issuedAt: new Date('2026-11-25T10:00:00Z') });
    const pdf = await renderTaxDocumentPdf({ kind: 'credit-note', orderId: 'o1', invoice, creditNote });
    expect(latin1(pdf).startsWith('%PDF-')).toBe(true);
  });

  it('prints the e-invoice block with its QR image (issue 41), on one page', async () => {
    const jwt = `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify({ data: 'x'.repeat(600) })).toString('base64url')}.sig`;
    const einvoice = {
      status: 'registered' as const,
      irn: 'a'.repeat(64),
      ackNo: '112610000000001',
      ackDt: '2026-11-22T10:00:00.000Z',
      signedQrCode: jwt,
    };
    const pdf = await renderTaxDocumentPdf({ kind: 'invoice', orderId: 'o1', invoice: invoiceWith(2), einvoice });
    expect(latin1(pdf)).toContain('/Subtype /Image');
    expect(pages(pdf)).toBe(1);
    const pending = await renderTaxDocumentPdf({
      kind: 'invoice',
      orderId: 'o1',
      invoice: invoiceWith(2),
      einvoice: { ...einvoice, status: 'pending', irn: null },
    });
    expect(latin1(pending)).not.toContain('/Subtype /Image');
  });
});

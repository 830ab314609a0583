import { describe, expect, it } from 'vitest';
import { creditNoteDue, invoiceMissing, invoiceRefusesShipping, NO_INVOICE_TO_SHIP } from './order-tax-actions.js';
import type { Invoice } from './tax-documents.js';
import type { Order } from './types.js';

const invoice = { number: 'BS/2627/0000001' } as Invoice;
const base = {
  status: 'confirmed' as Order['status'],
  invoice: null as Invoice | null,
  invoicePending: false,
  creditNote: null,
  payment: { status: 'paid' as Order['payment']['status'] },
};

describe('invoiceRefusesShipping', () => {
  it('lets an invoiced order ship; refuses one whose invoice waits, or that has none', () => {
    expect(invoiceRefusesShipping({ invoice, invoicePending: false }, 'wait')).toBeNull();
    expect(invoiceRefusesShipping({ invoice: null, invoicePending: true }, 'wait')).toBe('wait');
    expect(invoiceRefusesShipping({ invoice: null, invoicePending: false }, 'wait')).toBe(NO_INVOICE_TO_SHIP);
  });
});

describe('invoiceMissing', () => {
  it('is a confirmed order with neither invoice nor draft', () => {
    expect(invoiceMissing(base)).toBe(true);
    expect(invoiceMissing({ ...base, invoicePending: true })).toBe(false);
    expect(invoiceMissing({ ...base, invoice })).toBe(false);
    expect(invoiceMissing({ ...base, status: 'pending' })).toBe(false);
    expect(invoiceMissing({ ...base, status: 'cancelled' })).toBe(false);
  });
});

describe('creditNoteDue', () => {
  const shippedRefunded = { ...base, status: 'shipped' as const, invoice, payment: { status: 'refunded' as const } };
  it('is a dispatched, invoiced, wholly refunded order without a credit note', () => {
    expect(creditNoteDue(shippedRefunded)).toBe(true);
    expect(creditNoteDue({ ...shippedRefunded, status: 'completed' })).toBe(true);
  });
  it('is not due before dispatch (the cancel issues it), without a refund, without an invoice, or once issued', () => {
    expect(creditNoteDue({ ...shippedRefunded, status: 'cancelled' })).toBe(false);
    expect(creditNoteDue({ ...shippedRefunded, status: 'confirmed' })).toBe(false);
    expect(creditNoteDue({ ...shippedRefunded, payment: { status: 'paid' } })).toBe(false);
    expect(creditNoteDue({ ...shippedRefunded, invoice: null })).toBe(false);
    expect(
      creditNoteDue({ ...shippedRefunded, creditNote: { number: 'BS/2627/C0000001' } as unknown as NonNullable<Order['creditNote']> }),
    ).toBe(false);
  });
});

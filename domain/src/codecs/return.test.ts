import { describe, expect, it } from 'vitest';
import { CodecError } from './plain.js';
import { returnCreditNoteFromData, returnForShopper, returnFromData } from './return.js';

const stored = {
  number: 'RET-2026-00001',
  orderId: 'o1',
  userId: 'u1',
  status: 'refunded',
  lines: [
    {
      lineId: 'v1',
      lineIndex: 0,
      productId: 'p1',
      variantId: 'v1',
      sku: 'S',
      name: 'Bag',
      variantLabel: '',
      quantity: 1,
      alreadyReturned: 0,
      refundPaise: 1000,
    },
  ],
  reason: 'changed_mind',
  resolution: 'refund',
  paymentMethod: 'COD',
  refundPaise: 1000,
  refundTo: { accountName: 'P', accountNumber: '123456789012', ifsc: 'SBIN0001234' },
  payout: { method: 'bank', to: 'x', amountPaise: 1000, status: 'pending', reference: '', paidAt: null, paidBy: '' },
  creditNote: {
    number: 'BS/26-27/C0001',
    issuedAt: '2026-11-26T10:00:00.000Z',
    financialYear: '2026-27',
    invoiceNumber: 'BS/26-27/00001',
    reason: 'Goods returned',
    returnNumber: 'RET-2026-00001',
    lines: [],
    totals: { grossPaise: 1000, taxablePaise: 848, cgstPaise: 76, sgstPaise: 76, igstPaise: 0 },
  },
  history: [{ status: 'requested', at: '2026-11-26T09:00:00.000Z', by: 'u1', note: '' }],
  createdAt: '2026-11-26T09:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
};

describe('returnFromData', () => {
  it('reads a stored return; missing parts are null', () => {
    const r = returnFromData('RET-2026-00001', stored);
    expect(r).toMatchObject({ _id: 'RET-2026-00001', status: 'refunded', refundPaise: 1000, exchange: null, pickup: null, refund: null });
    expect(r.creditNote?.totals.grossPaise).toBe(1000);
    expect(returnCreditNoteFromData(stored.creditNote)?.number).toBe('BS/26-27/C0001');
    expect(returnCreditNoteFromData(undefined)).toBeNull();
  });

  it('reads the reverse pickup with its courier scans', () => {
    const r = returnFromData('RET-2026-00001', {
      ...stored,
      pickup: {
        courier: 'Bagshop Test Courier',
        awb: 'BST1',
        provider: 'shiprocket',
        scheduledAt: '2026-11-26T09:30:00.000Z',
        events: [{ key: 'BST1:42@x', status: 'picked_up', at: '2026-11-26T11:00:00.000Z', location: 'Pune', note: 'Picked up' }],
        arrivedAt: null,
      },
    });
    expect(r.pickup?.events).toEqual([{ status: 'picked_up', at: '2026-11-26T11:00:00.000Z', location: 'Pune', note: 'Picked up' }]);
    expect(r.pickup?.arrivedAt).toBeNull();
    // A pickup stored before tracking: no scans.
    const old = returnFromData('RET-2026-00001', {
      ...stored,
      pickup: { courier: 'Delhivery', awb: 'X', provider: 'manual', scheduledAt: '2026-11-26T09:30:00.000Z' },
    });
    expect(old.pickup).toMatchObject({ events: [], arrivedAt: null });
  });

  it('shows the shopper only the last four digits of the account', () => {
    expect(returnForShopper(returnFromData('RET-2026-00001', stored)).refundTo).toEqual({
      accountName: 'P',
      accountNumber: '••••9012',
      ifsc: 'SBIN0001234',
    });
  });

  it('names the field of a wrong kind', () => {
    expect(() => returnFromData('RET-2026-00001', { ...stored, refundPaise: 'lots' })).toThrow(CodecError);
  });
});

import { describe, expect, it } from 'vitest';
import { invoiceLines } from '../gst.js';
import { createReturnSchema, refundToSchema } from '../schemas/returns.js';
import { returnCreditNoteLines } from './credit-note.js';
import { allocateUnits, wholeLinePaidPaise, returnedLinePaidPaise } from './paid.js';
import { pickupArrived, returnMoveForPickupEvent } from './pickup.js';
import { canMoveReturn, RETURN_MESSAGES, returnDaysLeft, returnNumber } from './status.js';

describe('returnedLinePaidPaise', () => {
  it('is the unit sale price × quantity without an offer', () => {
    expect(returnedLinePaidPaise({ price: 1999, discount: 333, quantity: 3 }, 1)).toBe(166600);
    expect(returnedLinePaidPaise({ price: 1999, discount: 333, quantity: 3 }, 2, 1)).toBe(333200);
  });

  it('spreads a line offer (discountPaise) over the units by largest remainder, paise exact', () => {
    const line = { price: 1000, discount: 0, quantity: 3, discountPaise: 10_000 };
    expect(wholeLinePaidPaise(line)).toBe(290_000);
    const parts = [0, 1, 2].map((from) => returnedLinePaidPaise(line, 1, from));
    expect(parts).toEqual([96_667, 96_667, 96_666]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(290_000);
    expect(returnedLinePaidPaise(line, 2, 1)).toBe(96_667 + 96_666);
  });

  it('allocateUnits adds up for every split', () => {
    for (let total = 0; total < 200; total += 7)
      for (let units = 1; units <= 5; units += 1)
        for (let a = 0; a <= units; a += 1)
          expect(allocateUnits(total, units, 0, a) + allocateUnits(total, units, a, units - a)).toBe(total);
  });
});

describe('partial credit notes', () => {
  it('two notes of one line add up to the invoice line, CGST = SGST on each', () => {
    const [line] = invoiceLines(
      [{ name: 'Bag', hsn: '4202', quantity: 3, ratePercent: 18, unitPricePaise: 199_900, discountPaise: 99_900 }],
      true,
    );
    expect(line).toMatchObject({ grossPaise: 499_800, taxablePaise: 423_560, cgstPaise: 38_120, sgstPaise: 38_120 });
    const invoice = { lines: [line!], intraState: true };
    const [a] = returnCreditNoteLines(invoice, [{ lineIndex: 0, quantity: 1, alreadyReturned: 0, refundPaise: 166_600 }]);
    const [b] = returnCreditNoteLines(invoice, [{ lineIndex: 0, quantity: 2, alreadyReturned: 1, refundPaise: 333_200 }]);
    expect(a).toMatchObject({ grossPaise: 166_600, taxablePaise: 141_186, cgstPaise: 12_707, sgstPaise: 12_707 });
    expect(b).toMatchObject({ grossPaise: 333_200, taxablePaise: 282_374, cgstPaise: 25_413, sgstPaise: 25_413 });
    expect(a!.taxablePaise + b!.taxablePaise).toBe(line!.taxablePaise);
  });

  it('IGST between states', () => {
    const [line] = invoiceLines(
      [{ name: 'Bag', hsn: '4202', quantity: 2, ratePercent: 18, unitPricePaise: 10_000, discountPaise: 0 }],
      false,
    );
    const [a] = returnCreditNoteLines({ lines: [line!], intraState: false }, [
      { lineIndex: 0, quantity: 1, alreadyReturned: 0, refundPaise: 10_000 },
    ]);
    expect(a!.igstPaise + a!.taxablePaise).toBe(10_000);
    expect(a!.cgstPaise).toBe(0);
  });
});

describe('return rules', () => {
  it('graph, window, numbers', () => {
    expect(canMoveReturn('requested', 'approved')).toBe(true);
    expect(canMoveReturn('requested', 'refunded')).toBe(false);
    expect(canMoveReturn('received', 'rejected')).toBe(true);
    expect(canMoveReturn('approved', 'rejected')).toBe(false);
    const delivered = new Date('2026-11-20T10:00:00Z');
    expect(returnDaysLeft(delivered, 7, new Date('2026-11-20T10:00:01Z'))).toBe(7);
    expect(returnDaysLeft(delivered, 7, new Date('2026-11-27T09:59:59Z'))).toBe(1);
    expect(returnDaysLeft(delivered, 7, new Date('2026-11-27T10:00:00Z'))).toBe(0);
    expect(returnDaysLeft(delivered, 0, delivered)).toBe(0);
    expect(returnNumber(2026, 42)).toBe('RET-2026-00042');
  });

  it('UPI ids and IFSC codes', () => {
    expect(refundToSchema.safeParse({ upiId: 'priya.s@okicici' }).success).toBe(true);
    expect(refundToSchema.safeParse({ upiId: 'priya' }).error?.issues[0]?.message).toBe(RETURN_MESSAGES.upi);
    expect(refundToSchema.safeParse({ accountName: 'P', accountNumber: '123456789', ifsc: 'sbin0001234' }).data).toEqual({
      accountName: 'P',
      accountNumber: '123456789',
      ifsc: 'SBIN0001234',
    });
    expect(refundToSchema.safeParse({ accountName: 'P', accountNumber: '123456789', ifsc: 'SBIN1001234' }).error?.issues[0]?.message).toBe(
      RETURN_MESSAGES.ifsc,
    );
    const parsed = createReturnSchema.parse({ lines: '[{"lineId":"v1","quantity":"2"}]', reason: 'size_not_right', resolution: 'refund' });
    expect(parsed.lines).toEqual([{ lineId: 'v1', quantity: 2 }]);
  });
});

describe('returnMoveForPickupEvent', () => {
  it('moves a scheduled pickup to picked up on any scan after collection, and nothing else', () => {
    for (const event of ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'] as const)
      expect(returnMoveForPickupEvent('pickup_scheduled', event)).toBe('picked_up');
    for (const event of ['booked', 'failed_attempt', 'rto_initiated', 'rto_delivered'] as const)
      expect(returnMoveForPickupEvent('pickup_scheduled', event)).toBeNull();
    // Never past picked up: received is the admin's quality check; late scans move nothing back.
    for (const status of ['picked_up', 'received', 'refunded', 'exchanged', 'rejected', 'approved'] as const)
      expect(returnMoveForPickupEvent(status, 'delivered')).toBeNull();
    expect(pickupArrived('delivered')).toBe(true);
    expect(pickupArrived('in_transit')).toBe(false);
  });
});

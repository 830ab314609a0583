import { describe, expect, it } from 'vitest';
import { exampleInvoice, invoiceTable } from './offer-invoice.ts';

describe('the printed discounted three-line invoice (docs/offers.md)', () => {
  it('within Maharashtra: CGST + SGST per line, the offer shares and the line totals adding up to the paid total', () => {
    const { invoice, sharesPaise, discountPaise } = exampleInvoice('Pune', 'Maharashtra');
    expect(discountPaise).toBe(-95900);
    expect(sharesPaise).toEqual([49959, 39955, 5986]);
    expect(invoice.lines.map((l) => [l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      [381307, 34317, 34317, 0],
      [304953, 27446, 27446, 0],
      [51348, 1283, 1283, 0],
    ]);
    const lineTotals = invoice.lines.map((l) => l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise);
    expect(lineTotals.reduce((a, b) => a + b, 0)).toBe(959600 - 95900);
    const table = invoiceTable(invoice, sharesPaise);
    expect(table).toContain(
      '| Voyager Cabin Trolley ×1, 18 % | ₹4,999.00 | ₹499.59 (₹0.00 + ₹499.59) | ₹3,813.07 | ₹343.17 | ₹343.17 | ₹4,499.41 |',
    );
    expect(table).toContain('**₹8,637.00**');
  });

  it('to Karnataka: IGST on each line, the same paid total', () => {
    const { invoice, sharesPaise } = exampleInvoice('Bengaluru', 'Karnataka');
    expect(invoice.intraState).toBe(false);
    expect(invoice.lines.every((l) => l.cgstPaise === 0 && l.sgstPaise === 0 && l.igstPaise > 0)).toBe(true);
    expect(invoice.totals.grossPaise).toBe(863700);
    expect(invoiceTable(invoice, sharesPaise)).toMatch(/\| IGST \|/);
  });
});

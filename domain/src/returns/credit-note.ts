/**
 * The credit note of a return: those lines only (docs/returns.md, "Tax"). Each returned line's
 * share of its invoice line, paise exact: the tax parts are allocated over the invoice line's
 * units as the refund is (`allocateUnits`, largest remainder), and the taxable value is what is
 * left of the refunded amount. So partial notes of one line add up to that invoice line, CGST
 * and SGST stay equal, and taxable + tax = the refund exactly.
 */
import { splitTax, taxTotals, type InvoiceLine, type TaxTotals } from '../gst.js';
import type { Invoice } from '../tax-documents.js';
import { allocateUnits } from './paid.js';

export const RETURN_CREDIT_NOTE_REASON = 'Goods returned';

export interface ReturnedUnits {
  /** Index of the order line (= of its invoice line). */
  lineIndex: number;
  quantity: number;
  /** Units of this line returned (and refunded) before this return. */
  alreadyReturned: number;
  /** The refund of these units (returnedLinePaidPaise). */
  refundPaise: number;
}

export interface PartialCreditNote {
  number: string;
  issuedAt: string;
  financialYear: string;
  invoiceNumber: string;
  reason: string;
  /** Set on a return's note: which return it credits. */
  returnNumber: string;
  lines: InvoiceLine[];
  totals: TaxTotals;
}

export function returnCreditNoteLines(invoice: Pick<Invoice, 'lines' | 'intraState'>, returned: readonly ReturnedUnits[]): InvoiceLine[] {
  return returned.map((r) => {
    const line = invoice.lines[r.lineIndex];
    if (!line) throw new Error(`The invoice has no line ${r.lineIndex}`);
    const gross = r.refundPaise;
    const tax =
      allocateUnits(line.grossPaise, line.quantity, r.alreadyReturned, r.quantity) === gross
        ? {
            cgstPaise: allocateUnits(line.cgstPaise, line.quantity, r.alreadyReturned, r.quantity),
            sgstPaise: allocateUnits(line.sgstPaise, line.quantity, r.alreadyReturned, r.quantity),
            igstPaise: allocateUnits(line.igstPaise, line.quantity, r.alreadyReturned, r.quantity),
          }
        : // The invoice line was not paid as invoiced (an offer the invoice did not know): worked out afresh.
          (({ cgstPaise, sgstPaise, igstPaise }) => ({ cgstPaise, sgstPaise, igstPaise }))(
            splitTax(gross, line.ratePercent, invoice.intraState),
          );
    return {
      name: line.name,
      hsn: line.hsn,
      quantity: r.quantity,
      ratePercent: line.ratePercent,
      unitPricePaise: line.unitPricePaise,
      discountPaise: line.unitPricePaise * r.quantity - gross,
      grossPaise: gross,
      taxablePaise: gross - tax.cgstPaise - tax.sgstPaise - tax.igstPaise,
      ...tax,
    };
  });
}

export function returnCreditNoteTotals(lines: readonly InvoiceLine[]): TaxTotals {
  return taxTotals(lines);
}

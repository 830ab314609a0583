/**
 * The tax domain's door (issue 39's layout; issue 41): GSTR-1 of a month. The invoice and
 * credit-note services it builds on stay in services/ (invoices.ts, invoice-pdf.ts,
 * invoice-numbering.ts, tax-months.ts, tax-actions.ts).
 */
export { GSTR1_NO_SELLER, gstr1Documents, gstr1DocumentsIssued, gstr1Export, type Gstr1Export } from './gstr1.js';

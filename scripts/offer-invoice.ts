// Prints the note's discounted three-line invoice (docs/offers.md), within Maharashtra (CGST +
// SGST) and to Karnataka (IGST): `npx tsx scripts/offer-invoice.ts`.
import { exampleInvoice, invoiceTable, rupees } from './lib/offer-invoice.ts';

for (const [city, state] of [
  ['Pune', 'Maharashtra'],
  ['Bengaluru', 'Karnataka'],
] as const) {
  const { invoice, sharesPaise, discountPaise } = exampleInvoice(city, state);
  console.log(`\nWELCOME10 on an order to ${city}, ${state}: ${rupees(-discountPaise)} off, paid ${rupees(invoice.totals.grossPaise)}\n`);
  console.log(invoiceTable(invoice, sharesPaise));
}

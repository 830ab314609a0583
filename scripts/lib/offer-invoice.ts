/**
 * The note's worked example (issue 28, docs/offers.md "A discounted three-line invoice"): a
 * three-line order with WELCOME10, priced and invoiced by the shop's own domain code
 * (`priceWithOffers`, `buildInvoice`), printed line by line. `npx tsx scripts/offer-invoice.ts`.
 */
import { DEMO_SELLER, buildInvoice, placeOfSupplyOf, priceWithOffers, type Invoice, type Offer, type PricingLine } from '@bagshop/domain';

export const EXAMPLE_ITEMS = [
  { variantId: 'v1', name: 'Voyager Cabin Trolley', category: 'luggage', price: 4999, discount: 0, quantity: 1, gstRatePercent: 18 },
  { variantId: 'v2', name: 'Commuter Backpack', category: 'backpacks', price: 2499, discount: 500, quantity: 2, gstRatePercent: 18 },
  { variantId: 'v3', name: 'Jute Tote', category: 'duffles', price: 599, discount: 0, quantity: 1, gstRatePercent: 5 },
];

export const WELCOME10: Offer = {
  _id: 'welcome10',
  code: 'WELCOME10',
  title: 'Welcome: 10 % off your first order',
  kind: 'percent',
  value: 10,
  maxDiscount: null,
  minOrder: null,
  appliesTo: null,
  startsAt: '2026-10-31T18:30:00.000Z',
  endsAt: '2027-03-31T18:29:59.999Z',
  usageLimit: null,
  perCustomerLimit: 1,
  firstOrderOnly: true,
  paymentMethods: [],
  combinable: true,
  usedCount: 0,
  discountGivenPaise: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/** The example order delivered to `city`, `state`, invoiced: its offer's shares and the invoice. */
export function exampleInvoice(city: string, state: string): { sharesPaise: number[]; discountPaise: number; invoice: Invoice } {
  const lines: PricingLine[] = EXAMPLE_ITEMS.map((i) => ({
    lineId: i.variantId,
    productId: i.variantId,
    category: i.category,
    valuePaise: (i.price - i.discount) * 100 * i.quantity,
  }));
  const priced = priceWithOffers(lines, WELCOME10, [], {
    now: new Date('2026-11-26T10:00:00Z'),
    paymentMethod: 'COD',
    firstOrder: true,
    customerUses: {},
  });
  const placeOfSupply = placeOfSupplyOf({ state, country: 'India' });
  if (!placeOfSupply) throw new Error(`No place of supply for ${state}`);
  const invoice = buildInvoice({
    fyStart: 2026,
    sequence: 1,
    issuedAt: new Date('2026-11-26T10:00:00Z'),
    seller: DEMO_SELLER,
    placeOfSupply,
    user: { fullname: { firstname: 'Priya', lastname: 'Sharma' } },
    shippingAddress: { street: '1 Example Road', city, state, postalCode: '411001', country: 'India' },
    items: EXAMPLE_ITEMS.map((i, x) => ({ ...i, hsn: '4202', offerDiscountPaise: priced.lineDiscountsPaise[x] ?? 0 })),
  });
  return { sharesPaise: priced.lineDiscountsPaise, discountPaise: priced.totalPaise - priced.subtotalPaise, invoice };
}

/** ₹ with paise, Indian grouping: ₹4,499.41. */
export const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The invoice as a Markdown table, a row per line and the totals; CGST/SGST within the seller's state, else IGST. */
export function invoiceTable(invoice: Invoice, sharesPaise: readonly number[]): string {
  const tax = invoice.intraState ? ['CGST', 'SGST'] : ['IGST'];
  const head = ['line', 'value', 'discount (product + offer share)', 'taxable value', ...tax, 'line total (paid)'];
  const taxOf = (l: { cgstPaise: number; sgstPaise: number; igstPaise: number }) =>
    invoice.intraState ? [l.cgstPaise, l.sgstPaise] : [l.igstPaise];
  const rows = invoice.lines.map((l, i) => [
    `${l.name} ×${l.quantity}, ${l.ratePercent} %`,
    rupees(l.unitPricePaise * l.quantity),
    `${rupees(l.discountPaise)} (${rupees(l.discountPaise - (sharesPaise[i] ?? 0))} + ${rupees(sharesPaise[i] ?? 0)})`,
    rupees(l.taxablePaise),
    ...taxOf(l).map(rupees),
    rupees(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise),
  ]);
  const t = invoice.totals;
  const value = invoice.lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
  const shares = sharesPaise.reduce((a, b) => a + b, 0);
  const totals = [
    '**total**',
    rupees(value),
    `${rupees(value - t.grossPaise)} (${rupees(value - t.grossPaise - shares)} + **${rupees(shares)}**)`,
    rupees(t.taxablePaise),
    ...taxOf(t).map(rupees),
    `**${rupees(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise)}**`,
  ];
  return [head, head.map(() => '---'), ...rows, totals].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

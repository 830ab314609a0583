/**
 * Builds the invoice and credit-note snapshots of an order from its stored lines and
 * address and the seller settings (docs/gst-invoices.md). Pure: the API's two-phase issuing
 * (functions/src/tax/invoices.ts) and the demo seed both use it.
 */
import {
  DEFAULT_GST_RATE,
  DEFAULT_HSN,
  GST_STATE_CODES,
  OTHER_COUNTRY_CODE,
  invoiceLines,
  isGstRate,
  matchIndianState,
  stateOfGstCode,
  stateWithCode,
  taxTotals,
  type TaxableFee,
  type TaxableGoods,
} from './gst.js';
import { DELIVERY_SPEED_LABELS, parseOrderDelivery } from './delivery.js';
import { isIndia } from './india.js';
import { toPaise } from './money.js';
import { lineDescription } from './variants.js';
import type { SellerSettings } from './schemas/seller.js';
import { CREDIT_NOTE_REASON, creditNoteNumber, financialYearName, invoiceNumber, type CreditNote, type Invoice } from './tax-documents.js';

/** An order line as stored: rupees, and the HSN and rate copied from the product when it was ordered. */
export interface StoredOrderLine {
  name?: unknown;
  /** "Size: Cabin (55 cm), Colour: Navy" and the SKU, printed with the name (docs/variants.md). */
  variantLabel?: unknown;
  sku?: unknown;
  price?: unknown;
  discount?: unknown;
  quantity?: unknown;
  hsn?: unknown;
  gstRatePercent?: unknown;
  /** The line's share of the order's offers, paise (docs/offers.md). */
  offerDiscountPaise?: unknown;
}

export interface StoredAddress {
  street?: unknown;
  landmark?: unknown;
  city?: unknown;
  state?: unknown;
  postalCode?: unknown;
  country?: unknown;
}

export interface StoredBuyer {
  fullname?: { firstname?: unknown; lastname?: unknown };
  email?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * The place of supply: the delivery address's state and its GST code; a delivery abroad is
 * the country with code 96. Null when an Indian address names no known state.
 */
export function placeOfSupplyOf(address: StoredAddress): { state: string; stateCode: string } | null {
  const country = text(address.country);
  if (country !== '' && !isIndia(country)) return { state: country, stateCode: OTHER_COUNTRY_CODE };
  const state = matchIndianState(text(address.state));
  return state ? { state, stateCode: GST_STATE_CODES[state] } : null;
}

function offerShareOf(i: StoredOrderLine): number {
  const share = Number(i.offerDiscountPaise ?? 0);
  return Number.isInteger(share) && share > 0 ? share : 0;
}

/** The lines in paise; a line stored before HSN and rate were copied gets the defaults. */
export function invoiceGoodsOf(items: readonly StoredOrderLine[]): TaxableGoods[] {
  return items.map((i) => {
    const quantity = Number(i.quantity ?? 0);
    const rate = Number(i.gstRatePercent);
    return {
      name: lineDescription(i),
      hsn: typeof i.hsn === 'string' && i.hsn ? i.hsn : DEFAULT_HSN,
      quantity,
      ratePercent: isGstRate(rate) ? rate : DEFAULT_GST_RATE,
      unitPricePaise: toPaise(Number(i.price ?? 0)),
      // The product's own discount and the line's share of the order's offers: GST on what was paid (docs/offers.md).
      discountPaise: toPaise(Number(i.discount ?? 0)) * quantity + offerShareOf(i),
    };
  });
}

/** The buyer as printed: name (or email) and the delivery address as lines. */
export function invoiceBuyerOf(user: StoredBuyer, address: StoredAddress): Invoice['buyer'] {
  const name = [text(user.fullname?.firstname), text(user.fullname?.lastname)].filter(Boolean).join(' ');
  const addressLines = [
    text(address.street),
    text(address.landmark) ? `Landmark: ${text(address.landmark)}` : '',
    [text(address.city), [text(address.state), text(address.postalCode)].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    text(address.country),
  ].filter(Boolean);
  return { name: name || text(user.email), addressLines };
}

export interface InvoiceFacts {
  /** Year the financial year starts in, and the number in its series; null for a draft, numbered later (docs/gst-invoices.md). */
  fyStart: number;
  sequence: number | null;
  issuedAt: Date;
  seller: Pick<SellerSettings, 'legalName' | 'address' | 'gstin' | 'invoicePrefix' | 'email' | 'phone'>;
  placeOfSupply: { state: string; stateCode: string };
  user: StoredBuyer;
  shippingAddress: StoredAddress;
  items: readonly StoredOrderLine[];
  /** The order's `buyer` (issue 41): a registered buyer makes it a B2B invoice. */
  businessBuyer?: { gstin?: unknown; legalName?: unknown } | null;
  /** The order's `delivery` as stored: a fee above ₹0 (express) is its own line (issue 40). */
  delivery?: unknown;
}

/** The delivery fee line of an invoice: 'Express delivery' with the order's fee in paise; none when free. */
export function invoiceFeesOf(delivery: unknown): TaxableFee[] {
  const d = parseOrderDelivery(delivery);
  if (!d || d.fee <= 0) return [];
  return [{ name: DELIVERY_SPEED_LABELS[d.speed], grossPaise: toPaise(d.fee) }];
}

/** The buyer as printed, with a registered buyer's GSTIN, legal name and the GSTIN's state (issue 41). */
export function invoiceBuyerWithGstin(
  buyer: Invoice['buyer'],
  business: { gstin?: unknown; legalName?: unknown } | null | undefined,
): Invoice['buyer'] {
  const gstin = text(business?.gstin);
  if (!gstin) return buyer;
  const legalName = text(business?.legalName) || buyer.name;
  const state = stateOfGstCode(gstin.slice(0, 2));
  return { ...buyer, gstin, legalName, gstinState: state ? stateWithCode(state, gstin.slice(0, 2)) : gstin.slice(0, 2) };
}

/** The invoice snapshot. Intra-state when the place of supply is the GSTIN's state. */
export function buildInvoice(f: InvoiceFacts): Invoice {
  const sellerStateCode = f.seller.gstin.slice(0, 2);
  const intraState = f.placeOfSupply.stateCode === sellerStateCode;
  const lines = invoiceLines(invoiceGoodsOf(f.items), intraState, invoiceFeesOf(f.delivery));
  const { line1, line2, city, pincode, state } = f.seller.address;
  return {
    number: f.sequence === null ? '' : invoiceNumber(f.seller.invoicePrefix, f.fyStart, f.sequence),
    issuedAt: f.issuedAt.toISOString(),
    financialYear: financialYearName(f.fyStart),
    seller: {
      name: f.seller.legalName,
      gstin: f.seller.gstin,
      state,
      stateCode: sellerStateCode,
      address: { line1, line2, city, pincode },
      email: f.seller.email,
      phone: f.seller.phone,
    },
    buyer: invoiceBuyerWithGstin(invoiceBuyerOf(f.user, f.shippingAddress), f.businessBuyer),
    placeOfSupply: f.placeOfSupply,
    intraState,
    lines,
    totals: taxTotals(lines),
  };
}

/**
 * The credit note of a cancelled invoiced order. It carries the invoice's prefix (the same
 * seller's series) and, the whole order being cancelled, the invoice's totals.
 */
export function buildCreditNote(invoice: Invoice, f: { fyStart: number; sequence: number | null; issuedAt: Date }): CreditNote {
  const prefix = invoice.number.split('/')[0] ?? '';
  return {
    number: f.sequence === null ? '' : creditNoteNumber(prefix, f.fyStart, f.sequence),
    issuedAt: f.issuedAt.toISOString(),
    financialYear: financialYearName(f.fyStart),
    invoiceNumber: invoice.number,
    reason: CREDIT_NOTE_REASON,
    totals: invoice.totals,
    ...(invoice.buyer.gstin ? { buyerGstin: invoice.buyer.gstin } : {}),
  };
}

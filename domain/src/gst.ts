/**
 * GST (docs/gst-invoices.md): state codes, GSTIN checks, rates and the tax maths of an
 * invoice. Money here is integer paise; prices on the shop include all taxes, so the
 * taxable value is worked back from what was paid.
 */
import { INDIAN_STATES, type IndianState } from './india.js';

/** The GST state code of every state and union territory (the first two digits of a GSTIN). */
export const GST_STATE_CODES: Readonly<Record<IndianState, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  // 25 was Daman and Diu until the 2020 merger; registrations moved to 26.
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  // 28 was undivided Andhra Pradesh; the state has used 37 since 2014.
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** Place of supply of a delivery outside India (GSTR-1's "Other Countries"). */
export const OTHER_COUNTRY_CODE = '96';

/** The state's GST code, or null for a name that is not one of INDIAN_STATES (any case). */
export function gstStateCode(state: string): string | null {
  const match = matchIndianState(state);
  return match ? GST_STATE_CODES[match] : null;
}

/** The official spelling of a state name given in any case, or null. */
export function matchIndianState(state: string): IndianState | null {
  const wanted = state.trim().toLowerCase();
  return INDIAN_STATES.find((s) => s.toLowerCase() === wanted) ?? null;
}

export function stateOfGstCode(code: string): IndianState | null {
  return INDIAN_STATES.find((s) => GST_STATE_CODES[s] === code) ?? null;
}

/** 'Karnataka (29)'. */
export function stateWithCode(state: string, code: string): string {
  return code ? `${state} (${code})` : state;
}

// ── GSTIN ─────────────────────────────────────────────────────────────────────────────

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * 2-digit state code, a PAN (5 letters, 4 digits, 1 letter), the registration number for
 * that PAN in the state (1–9, A–Z), 'Z', and a check character.
 */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The GSTIN check character of the first 14 characters: each character's base-36 value is
 * multiplied by 1 and 2 alternately, each product's base-36 digits are added up, and the
 * check character makes the sum a multiple of 36.
 */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = BASE36.indexOf(first14.charAt(i));
    if (value < 0) return '';
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36.charAt((36 - (sum % 36)) % 36);
}

export const GSTIN_MESSAGES = {
  required: 'GSTIN is required',
  format: 'GSTIN must be 15 characters: state code, PAN, entity number, Z and a check character',
  checksum: 'This GSTIN’s check character is wrong: check it for a typing mistake',
  state: 'The GSTIN’s state code does not match the state of the address',
} as const;

export type GstinProblem = 'format' | 'checksum' | 'state';

/**
 * What is wrong with a GSTIN (upper case expected), or null. With `state`, the first two
 * digits must be that state's code.
 */
export function gstinProblem(gstin: string, state?: string): GstinProblem | null {
  if (!GSTIN_PATTERN.test(gstin)) return 'format';
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin.charAt(14)) return 'checksum';
  if (state !== undefined && gstStateCode(state) !== gstin.slice(0, 2)) return 'state';
  return null;
}

export function isValidGstin(gstin: string, state?: string): boolean {
  return gstinProblem(gstin, state) === null;
}

// ── Rates and HSN ─────────────────────────────────────────────────────────────────────

/**
 * The GST rates a product may have. 5 and 18 (and 40 for luxury goods) are the slabs since
 * 22 September 2025; 12 and 28 stay for goods still billed at the older slabs; 0 is
 * exempt/nil-rated.
 */
export const GST_RATES = [0, 5, 12, 18, 28, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

/** Bags, luggage, backpacks and duffles: HSN chapter 4202 at 18 %. */
export const DEFAULT_HSN = '4202';
export const DEFAULT_GST_RATE: GstRate = 18;

export function isGstRate(x: unknown): x is GstRate {
  return typeof x === 'number' && (GST_RATES as readonly number[]).includes(x);
}

/** An HSN code: 4, 6 or 8 digits. */
export const HSN_PATTERN = /^[0-9]{4}([0-9]{2}){0,2}$/;

// ── Tax maths ─────────────────────────────────────────────────────────────────────────

/** Half-up integer division of non-negative integers. */
function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The taxable value inside a tax-inclusive amount: round(gross × 100 / (100 + rate)), half up. */
export function taxableFromGross(grossPaise: number, ratePercent: number): number {
  return divideRounded(grossPaise * 100, 100 + ratePercent);
}

export interface TaxSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * One line's tax, worked back from its tax-inclusive gross. Within a state the tax is
 * halved into equal CGST and SGST; an odd paisa goes to the taxable value, so taxable +
 * CGST + SGST is the gross exactly. Between states it is all IGST.
 */
export function splitTax(grossPaise: number, ratePercent: number, intraState: boolean): TaxSplit {
  const taxable = taxableFromGross(grossPaise, ratePercent);
  const tax = grossPaise - taxable;
  if (!intraState) return { taxablePaise: taxable, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const half = Math.floor(tax / 2);
  return { taxablePaise: grossPaise - 2 * half, cgstPaise: half, sgstPaise: half, igstPaise: 0 };
}

/** What the maths needs of one order line (money in paise). */
export interface TaxableGoods {
  name: string;
  hsn: string;
  quantity: number;
  ratePercent: number;
  /** List price of one unit, tax included. */
  unitPricePaise: number;
  /** Discount on the whole line (all units). */
  discountPaise: number;
}

/** A fee (shipping, cash on delivery) on an order; taxed at the rate of the goods. */
export interface TaxableFee {
  name: string;
  grossPaise: number;
}

export interface InvoiceLine extends TaxSplit {
  name: string;
  hsn: string;
  quantity: number;
  ratePercent: number;
  unitPricePaise: number;
  discountPaise: number;
  /** What was paid for the line, tax included: unit price × quantity − discount. */
  grossPaise: number;
}

export interface TaxTotals {
  grossPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * The principal supply: the goods line with the largest gross (the first of equals).
 */
export function principalGoods(goods: readonly TaxableGoods[]): TaxableGoods | null {
  let best: TaxableGoods | null = null;
  for (const g of goods) {
    if (!best || goodsGross(g) > goodsGross(best)) best = g;
  }
  return best;
}

/**
 * The goods line a fee (delivery billed with the goods: a composite supply) takes its rate and
 * HSN from: the highest rate among the goods, and among lines at that rate the one with the
 * largest gross (the first of equals). With one rate this is the principal supply
 * (docs/gst-invoices.md "Delivery fee").
 */
export function feeRateGoods(goods: readonly TaxableGoods[]): TaxableGoods | null {
  let best: TaxableGoods | null = null;
  for (const g of goods) {
    if (!best || g.ratePercent > best.ratePercent || (g.ratePercent === best.ratePercent && goodsGross(g) > goodsGross(best))) best = g;
  }
  return best;
}

function goodsGross(g: TaxableGoods): number {
  return Math.max(0, g.unitPricePaise * g.quantity - g.discountPaise);
}

/**
 * The invoice lines of an order: one per goods line, then one per fee with a positive
 * amount (free shipping has no line).
 */
export function invoiceLines(goods: readonly TaxableGoods[], intraState: boolean, fees: readonly TaxableFee[] = []): InvoiceLine[] {
  const lines: InvoiceLine[] = goods.map((g) => {
    const grossPaise = goodsGross(g);
    return { ...g, grossPaise, ...splitTax(grossPaise, g.ratePercent, intraState) };
  });
  const principal = feeRateGoods(goods);
  for (const fee of fees) {
    if (fee.grossPaise <= 0 || !principal) continue;
    lines.push({
      name: fee.name,
      hsn: principal.hsn,
      quantity: 1,
      ratePercent: principal.ratePercent,
      unitPricePaise: fee.grossPaise,
      discountPaise: 0,
      grossPaise: fee.grossPaise,
      ...splitTax(fee.grossPaise, principal.ratePercent, intraState),
    });
  }
  return lines;
}

export function taxTotals(lines: readonly TaxTotals[]): TaxTotals {
  const totals: TaxTotals = { grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  for (const l of lines) {
    totals.grossPaise += l.grossPaise;
    totals.taxablePaise += l.taxablePaise;
    totals.cgstPaise += l.cgstPaise;
    totals.sgstPaise += l.sgstPaise;
    totals.igstPaise += l.igstPaise;
  }
  return totals;
}

// ── Amounts ───────────────────────────────────────────────────────────────────────────

let paiseFormatter: Intl.NumberFormat | undefined;

/** '4,23,644.07' style: en-IN grouping, always two decimals; with `symbol`, '₹4,236.44'. */
export function formatPaise(paise: number, options: { symbol?: boolean } = {}): string {
  paiseFormatter ??= new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const sign = paise < 0 ? '−' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const text = paiseFormatter.format(rupees + (abs % 100) / 100);
  return `${sign}${options.symbol ? '₹' : ''}${text}`;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const unit = n % 10;
  return `${TENS[Math.floor(n / 10)] ?? ''}${unit ? `-${ONES[unit] ?? ''}` : ''}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds] ?? ''} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** Whole numbers in the Indian system: crore, lakh, thousand. */
export function numberInWordsIN(n: number): string {
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  if (crore) parts.push(`${numberInWordsIN(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** 'Rupees Four Thousand Nine Hundred Ninety-Nine and Fifty Paise only'. */
export function rupeesInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  return `Rupees ${numberInWordsIN(rupees)}${p ? ` and ${belowHundred(p)} Paise` : ''} only`;
}

/**
 * E-invoicing (issue 41, docs/gst-b2b.md "E-invoicing", docs/decisions/0046-einvoice-irp.md):
 * a B2B invoice reported to the Invoice Registration Portal (IRP) in the NIC e-invoice schema
 * INV-01 version 1.1, what the IRP answers (IRN, AckNo, AckDt, signed QR code), and the rules
 * the shop applies itself: the IRN's inputs, the financial year as the IRP writes it, the 24 h
 * cancellation window. Pure: the hash itself is taken where node:crypto is (the stand-in IRP).
 */
import { financialYearName, financialYearStart, type Invoice } from './tax-documents.js';

/** The seller setting (settings/seller `einvoice`): off by default. */
export const EINVOICE_MODES = ['off', 'on'] as const;
export type EinvoiceMode = (typeof EINVOICE_MODES)[number];

export type IrpDocumentType = 'INV' | 'CRN' | 'DBN';

/** The NIC IRP cancels an IRN only within 24 hours of its acknowledgement. */
export const IRN_CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** NIC's cancel reason codes (CnlRsn): 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 others. */
export const IRN_CANCEL_REASON_ORDER_CANCELLED = '3';

/** What the order keeps (`einvoice`), as the API answers it. */
export interface EinvoiceState {
  status: 'pending' | 'registered' | 'cancelled';
  irn: string | null;
  ackNo: string | null;
  /** ISO. */
  ackDt: string | null;
  signedQrCode: string | null;
  attempts: number;
  lastError: string | null;
  cancelledAt: string | null;
}

/** '2026-27': the supplier's financial year as the IRN's input writes it (1 April – 31 March, IST). */
export function einvoiceFinancialYear(date: Date): string {
  return financialYearName(financialYearStart(date));
}

/**
 * The text whose SHA-256 (hex) is the IRN: supplier GSTIN + financial year + document type +
 * document number (NIC's rule; the number upper-cased, as the IRP compares them).
 */
export function irnInput(gstin: string, docDate: Date, type: IrpDocumentType, number: string): string {
  return `${gstin.toUpperCase()}${einvoiceFinancialYear(docDate)}${type}${number.toUpperCase()}`;
}

/** Whether an IRN acknowledged at `ackDt` may still be cancelled at the IRP at `now`. */
export function irnCancellable(ackDt: Date, now: Date): boolean {
  const age = now.getTime() - ackDt.getTime();
  return age >= 0 && age < IRN_CANCEL_WINDOW_MS;
}

const IST_MS = 330 * 60_000;
const two = (n: number) => String(n).padStart(2, '0');

/** 'dd/mm/yyyy' in India time, as DocDtls.Dt wants it. */
export function nicDate(date: Date): string {
  const ist = new Date(date.getTime() + IST_MS);
  return `${two(ist.getUTCDate())}/${two(ist.getUTCMonth() + 1)}/${ist.getUTCFullYear()}`;
}

/** 'yyyy-MM-dd HH:mm:ss' in India time, as the IRP writes AckDt and CancelDate. */
export function nicDateTime(date: Date): string {
  const ist = new Date(date.getTime() + IST_MS).toISOString();
  return `${ist.slice(0, 10)} ${ist.slice(11, 19)}`;
}

/** The instant of an IRP 'yyyy-MM-dd HH:mm:ss' (India time); null when it is not one. */
export function parseNicDateTime(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) - IST_MS;
  return Number.isFinite(utc) ? new Date(utc) : null;
}

const rupees = (paise: number) => Math.round(paise) / 100;

/** The buyer's pincode and town from the printed delivery lines ('Bengaluru, Karnataka 560038'). */
function pinAndPlace(lines: readonly string[]): { pin: number; place: string } {
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const m = /(\d{6})\s*$/.exec(lines[i] ?? '');
    if (m)
      return {
        pin: Number(m[1]),
        place:
          (lines[i] ?? '')
            .replace(/\d{6}\s*$/, '')
            .split(',')[0]
            ?.trim() || 'NA',
      };
  }
  return { pin: 999999, place: 'NA' };
}

/** NIC's address lines: 3 to 100 characters. */
function addressLine(text: string): string {
  const t = text.trim();
  return (t.length >= 3 ? t : `${t}   `.slice(0, 3)).slice(0, 100);
}

export interface NicInvoiceItem {
  SlNo: string;
  PrdDesc: string;
  IsServc: 'Y' | 'N';
  HsnCd: string;
  Qty: number;
  Unit: string;
  UnitPrice: number;
  TotAmt: number;
  Discount: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt: number;
  CgstAmt: number;
  SgstAmt: number;
  TotItemVal: number;
}

/** The Generate IRN request body (NIC e-invoice schema INV-01, version 1.1): only the fields the shop fills. */
export interface NicInvoice {
  Version: '1.1';
  TranDtls: { TaxSch: 'GST'; SupTyp: 'B2B'; RegRev: 'N'; IgstOnIntra: 'N' };
  DocDtls: { Typ: IrpDocumentType; No: string; Dt: string };
  SellerDtls: {
    Gstin: string;
    LglNm: string;
    Addr1: string;
    Addr2?: string;
    Loc: string;
    Pin: number;
    Stcd: string;
    Ph?: string;
    Em?: string;
  };
  BuyerDtls: { Gstin: string; LglNm: string; Pos: string; Addr1: string; Addr2?: string; Loc: string; Pin: number; Stcd: string };
  ItemList: NicInvoiceItem[];
  ValDtls: { AssVal: number; CgstVal: number; SgstVal: number; IgstVal: number; TotInvVal: number };
}

/** The request for a numbered B2B invoice; null for an invoice without a buyer GSTIN (never reported). */
export function nicInvoiceOf(invoice: Invoice): NicInvoice | null {
  const gstin = invoice.buyer.gstin;
  if (!gstin || !invoice.number) return null;
  const s = invoice.seller;
  const lines = invoice.buyer.addressLines;
  const { pin, place } = pinAndPlace(lines);
  const items: NicInvoiceItem[] = invoice.lines.map((l, i) => {
    const tax = l.cgstPaise + l.sgstPaise + l.igstPaise;
    return {
      SlNo: String(i + 1),
      PrdDesc: l.name.slice(0, 300),
      IsServc: 'N',
      HsnCd: l.hsn,
      Qty: l.quantity,
      Unit: 'NOS',
      UnitPrice: Math.round((l.taxablePaise / Math.max(1, l.quantity)) * 10) / 1000,
      TotAmt: rupees(l.taxablePaise),
      Discount: 0,
      AssAmt: rupees(l.taxablePaise),
      GstRt: l.ratePercent,
      IgstAmt: rupees(l.igstPaise),
      CgstAmt: rupees(l.cgstPaise),
      SgstAmt: rupees(l.sgstPaise),
      TotItemVal: rupees(l.taxablePaise + tax),
    };
  });
  const t = invoice.totals;
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: 'INV', No: invoice.number, Dt: nicDate(new Date(invoice.issuedAt)) },
    SellerDtls: {
      Gstin: s.gstin,
      LglNm: s.name,
      Addr1: addressLine(s.address.line1),
      ...(s.address.line2.trim().length >= 3 ? { Addr2: s.address.line2.trim().slice(0, 100) } : {}),
      Loc: addressLine(s.address.city),
      Pin: Number(s.address.pincode),
      Stcd: s.stateCode,
      ...(s.phone ? { Ph: s.phone.replace(/\D/g, '').slice(-12) } : {}),
      ...(s.email ? { Em: s.email } : {}),
    },
    BuyerDtls: {
      Gstin: gstin,
      LglNm: invoice.buyer.legalName || invoice.buyer.name,
      Pos: invoice.placeOfSupply.stateCode,
      Addr1: addressLine(lines[0] ?? invoice.buyer.name),
      ...(lines.length > 2 ? { Addr2: lines.slice(1, -1).join(', ').slice(0, 100) } : {}),
      Loc: addressLine(place),
      Pin: pin,
      Stcd: gstin.slice(0, 2),
    },
    ItemList: items,
    ValDtls: {
      AssVal: rupees(t.taxablePaise),
      CgstVal: rupees(t.cgstPaise),
      SgstVal: rupees(t.sgstPaise),
      IgstVal: rupees(t.igstPaise),
      TotInvVal: rupees(t.grossPaise),
    },
  };
}

/** The signed QR code's payload (the JWT's `data` claim, a JSON string), as the IRP signs it. */
export interface IrnQrData {
  SellerGstin: string;
  BuyerGstin: string;
  DocNo: string;
  DocTyp: IrpDocumentType;
  DocDt: string;
  TotInvVal: number;
  ItemCnt: number;
  MainHsnCode: string;
  Irn: string;
  IrnDt: string;
}

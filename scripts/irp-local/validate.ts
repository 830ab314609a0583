// What the local IRP checks in a Generate IRN request (NIC e-invoice schema INV-01 v1.1) before it
// registers it, and how it makes the IRN. The error codes and messages follow NIC's list where the
// shop could meet them; the rest is answered with one general code.
import { createHash } from 'node:crypto';
import { irnInput, type IrpDocumentType } from '../../domain/src/einvoice.ts';

export interface IrpError {
  ErrorCode: string;
  ErrorMessage: string;
}

const GSTIN = /^[0-9]{2}[0-9A-Z]{13}$/;
const DOC_NO = /^[1-9A-Za-z][0-9A-Za-z/-]{0,15}$/;
const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** SHA-256 hex of GSTIN + financial year + document type + number: the IRN as NIC makes it. */
export function irnOf(gstin: string, docDate: Date, type: IrpDocumentType, number: string): string {
  return createHash('sha256')
    .update(irnInput(gstin, docDate, type, number))
    .digest('hex');
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : NaN);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The document date of DocDtls.Dt (dd/mm/yyyy, India time, noon), or null. */
export function docDateOf(dt: string): Date | null {
  const m = DATE.exec(dt);
  if (!m) return null;
  const d = new Date(`${m[3]}-${m[2]}-${m[1]}T12:00:00+05:30`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The request's problems (empty when it registers), given the GSTIN the caller authenticated as. */
export function validateInvoice(body: Obj, gstin: string, now: Date): IrpError[] {
  const errors: IrpError[] = [];
  const add = (ErrorCode: string, ErrorMessage: string) => errors.push({ ErrorCode, ErrorMessage });
  if (body.Version !== '1.1') add('2172', `Version should be 1.1 (got ${JSON.stringify(body.Version ?? null)})`);
  const tran = obj(body.TranDtls);
  if (tran.TaxSch !== 'GST') add('2172', 'TranDtls.TaxSch should be GST');
  if (!['B2B', 'SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP', 'DEXP'].includes(str(tran.SupTyp))) add('2172', 'TranDtls.SupTyp is not valid');
  const doc = obj(body.DocDtls);
  if (!['INV', 'CRN', 'DBN'].includes(str(doc.Typ))) add('2172', 'DocDtls.Typ should be INV, CRN or DBN');
  if (!DOC_NO.test(str(doc.No))) add('2172', 'DocDtls.No should be 1 to 16 letters, digits, / or -, not starting with 0, / or -');
  const date = docDateOf(str(doc.Dt));
  if (!date) add('2172', 'DocDtls.Dt should be dd/mm/yyyy');
  else if (date.getTime() - now.getTime() > 24 * 3_600_000) add('2163', 'The document date should not be a future date');
  const seller = obj(body.SellerDtls);
  if (str(seller.Gstin) !== gstin) add('2160', 'The GSTIN of the supplier is not the GSTIN of the user who authenticated');
  const buyer = obj(body.BuyerDtls);
  if (!GSTIN.test(str(buyer.Gstin))) add('3028', 'The GSTIN of the recipient is invalid');
  if (str(buyer.Gstin) === gstin) add('2211', 'The supplier GSTIN and the recipient GSTIN are the same');
  for (const [who, p] of [
    ['SellerDtls', seller],
    ['BuyerDtls', buyer],
  ] as const) {
    if (str(p.LglNm).length < 3) add('2172', `${who}.LglNm should be 3 to 100 characters`);
    if (str(p.Addr1).length < 3) add('2172', `${who}.Addr1 should be 3 to 100 characters`);
    if (!(num(p.Pin) >= 100000 && num(p.Pin) <= 999999)) add('2265', `${who}.Pin should be a 6-digit pincode`);
    if (!/^\d{2}$/.test(str(p.Stcd))) add('2172', `${who}.Stcd should be a 2-digit state code`);
  }
  if (!/^\d{2}$/.test(str(buyer.Pos))) add('2172', 'BuyerDtls.Pos should be a 2-digit state code');
  const items = Array.isArray(body.ItemList) ? body.ItemList.map(obj) : [];
  if (items.length === 0) add('2172', 'ItemList should have at least one item');
  let ass = 0;
  let total = 0;
  for (const item of items) {
    if (!/^\d{4,8}$/.test(str(item.HsnCd))) add('2233', `Item ${str(item.SlNo)}: HsnCd should be 4 to 8 digits`);
    const taxes = num(item.IgstAmt) + num(item.CgstAmt) + num(item.SgstAmt);
    if (Math.abs(num(item.AssAmt) + taxes - num(item.TotItemVal)) > 1)
      add('2189', `Item ${str(item.SlNo)}: TotItemVal is not AssAmt plus the taxes`);
    ass += num(item.AssAmt);
    total += num(item.TotItemVal);
  }
  const val = obj(body.ValDtls);
  if (!(Math.abs(num(val.AssVal) - ass) <= 1)) add('2182', 'ValDtls.AssVal is not the sum of the items’ AssAmt');
  if (!(Math.abs(num(val.TotInvVal) - total) <= 1)) add('2182', 'ValDtls.TotInvVal is not the sum of the items’ TotItemVal');
  return errors;
}

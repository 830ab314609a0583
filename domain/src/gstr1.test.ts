import { describe, expect, it } from 'vitest';
import {
  B2CL_THRESHOLD_PAISE,
  buildGstr1,
  gstr1Counts,
  gstr1Csv,
  gstr1Date,
  gstr1NetPaise,
  gstr1SectionOf,
  type Gstr1Document,
} from './gstr1.js';
import { stateOfGstCode } from './gst.js';
import { buildCreditNote, buildInvoice, placeOfSupplyOf, type InvoiceFacts, type StoredAddress } from './invoice-builder.js';
import { validateJsonSchema, type JsonSchema } from './json-schema-subset.js';
import gstr1Schema from './gstr1.schema.json';
import { DEMO_SELLER } from './schemas/seller.js';
import type { Invoice } from './tax-documents.js';
import { creditNoteRow, invoiceRow } from './tax-months.js';
import { taxReport } from './tax-documents.js';

const schema = gstr1Schema as JsonSchema;

const MUMBAI: StoredAddress = { street: 'Kamala Mills', city: 'Mumbai', state: 'Maharashtra', postalCode: '400013', country: 'India' };
const BENGALURU: StoredAddress = {
  street: '14 Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560038',
  country: 'India',
};
const BERLIN: StoredAddress = { street: 'Unter den Linden 1', city: 'Berlin', state: 'Berlin', postalCode: '10117', country: 'Germany' };

let sequence = 0;
function invoice(
  address: StoredAddress,
  items: InvoiceFacts['items'],
  buyer?: { gstin: string; legalName: string },
  at = '2026-11-10T06:00:00Z',
): Invoice {
  sequence += 1;
  const placeOfSupply = placeOfSupplyOf(address);
  if (!placeOfSupply) throw new Error('no place of supply');
  return buildInvoice({
    fyStart: 2026,
    sequence,
    issuedAt: new Date(at),
    seller: DEMO_SELLER,
    placeOfSupply,
    user: { fullname: { firstname: 'Asha', lastname: 'Rao' } },
    shippingAddress: address,
    items,
    businessBuyer: buyer ?? null,
  });
}
const bag = (price: number, quantity = 1, extra: Record<string, unknown> = {}) => ({
  name: 'Trolley',
  price,
  discount: 0,
  quantity,
  hsn: '4202',
  gstRatePercent: 18,
  ...extra,
});
const asDoc = (inv: Invoice): Gstr1Document => ({
  kind: 'invoice',
  number: inv.number,
  issuedAt: inv.issuedAt,
  invoice: inv,
  lines: inv.lines,
  totals: inv.totals,
});
let noteSeq = 0;
function noteOf(inv: Invoice, at = '2026-11-20T06:00:00Z'): Gstr1Document {
  noteSeq += 1;
  const note = buildCreditNote(inv, { fyStart: 2026, sequence: noteSeq, issuedAt: new Date(at) });
  return { kind: 'credit-note', number: note.number, issuedAt: note.issuedAt, invoice: inv, lines: inv.lines, totals: note.totals };
}
const KAMAL = { gstin: '27AACCK5678L1ZX', legalName: 'Kamal Travels Pvt Ltd' };
const TECH = { gstin: '29AABCT1234F1ZM', legalName: 'Tech Bengaluru LLP' };

const build = (documents: Gstr1Document[]) => buildGstr1({ gstin: DEMO_SELLER.gstin, month: '2026-11', documents, documentsIssued: [] });

describe('sections of an invoice', () => {
  it('a GSTIN makes it B2B, intra- or inter-state; abroad is an export; otherwise B2CL only inter-state above ₹1,00,000 tax included', () => {
    expect(gstr1SectionOf(invoice(MUMBAI, [bag(500)], KAMAL))).toBe('b2b');
    expect(gstr1SectionOf(invoice(BENGALURU, [bag(500)], TECH))).toBe('b2b');
    expect(gstr1SectionOf(invoice(BERLIN, [bag(500)]))).toBe('exp');
    expect(B2CL_THRESHOLD_PAISE).toBe(10_000_000);
    expect(gstr1SectionOf(invoice(BENGALURU, [bag(100_000)]))).toBe('b2cs'); // exactly ₹1,00,000: not more than
    expect(gstr1SectionOf(invoice(BENGALURU, [bag(100_001)]))).toBe('b2cl');
    expect(gstr1SectionOf(invoice(BENGALURU, [bag(50_001, 2)]))).toBe('b2cl'); // the invoice's value, not a line's
    expect(gstr1SectionOf(invoice(MUMBAI, [bag(250_000)]))).toBe('b2cs'); // intra-state: never B2CL
    // The threshold is on the value paid (tax included), after discounts and offers.
    expect(gstr1SectionOf(invoice(BENGALURU, [bag(100_100, 1, { discount: 100 })]))).toBe('b2cs');
    expect(gstr1SectionOf(invoice(BENGALURU, [bag(100_100, 1, { discount: 99 })]))).toBe('b2cl');
  });
});

describe('buildGstr1', () => {
  it('b2b: one entry per invoice under the buyer’s GSTIN, pos the delivery state, rates and amounts in rupees to the paisa', () => {
    const intra = invoice(MUMBAI, [bag(100), bag(4999, 1, { gstRatePercent: 5, hsn: '420221' })], KAMAL);
    // A GSTIN of Karnataka delivered to Mumbai: the place of supply stays Maharashtra (intra-state).
    const otherState = invoice(MUMBAI, [bag(4999)], TECH);
    const g = build([asDoc(intra), asDoc(otherState)]);
    expect(g.fp).toBe('112026');
    expect(g.gstin).toBe('27AAPFB1234C1ZU');
    expect(g.b2b).toEqual([
      {
        ctin: '27AACCK5678L1ZX',
        inv: [
          {
            inum: intra.number,
            idt: '10-11-2026',
            val: 5099,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [
              // ₹4,999 at 5 %: taxable 4,760.95, tax 238.05 → 119.02 + 119.02, the odd paisa to the taxable value.
              { num: 1, itm_det: { rt: 5, txval: 4760.96, iamt: 0, camt: 119.02, samt: 119.02, csamt: 0 } },
              // ₹100 at 18 %: 84.76 + 7.62 + 7.62.
              { num: 2, itm_det: { rt: 18, txval: 84.76, iamt: 0, camt: 7.62, samt: 7.62, csamt: 0 } },
            ],
          },
        ],
      },
      {
        ctin: '29AABCT1234F1ZM',
        inv: [
          {
            inum: otherState.number,
            idt: '10-11-2026',
            val: 4999,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 18, txval: 4236.44, iamt: 0, camt: 381.28, samt: 381.28, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(g.b2cs).toEqual([]);
    expect(g.hsn.hsn_b2c).toEqual([]);
    expect(g.hsn.hsn_b2b.map((h) => [h.hsn_sc, h.rt, h.qty, h.txval])).toEqual([
      ['4202', 18, 2, 4321.2],
      ['420221', 5, 1, 4760.96],
    ]);
  });

  it('b2cl by place of supply (IGST only); b2cs net per supply type, place and rate; credit notes: cdnr, cdnur, or netted into b2cs', () => {
    const b2b = invoice(BENGALURU, [bag(4999)], TECH);
    const large = invoice(BENGALURU, [bag(120_000)]);
    const small = invoice(BENGALURU, [bag(100)]);
    const small2 = invoice(BENGALURU, [bag(100)]);
    const local = invoice(MUMBAI, [bag(4999)]);
    const abroad = invoice(BERLIN, [bag(4999)]);
    const documents = [
      asDoc(b2b),
      asDoc(large),
      asDoc(small),
      asDoc(small2),
      asDoc(local),
      asDoc(abroad),
      noteOf(b2b),
      noteOf(large),
      noteOf(small),
      noteOf(abroad),
    ];
    const g = build(documents);
    expect(g.b2cl).toEqual([
      {
        pos: '29',
        inv: [
          {
            inum: large.number,
            idt: '10-11-2026',
            val: 120000,
            itms: [{ num: 1, itm_det: { rt: 18, txval: 101694.92, iamt: 18305.08, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(g.b2cs).toEqual([
      // Two ₹100 invoices less one credit note: one ₹100 left.
      { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 4236.44, iamt: 0, camt: 381.28, samt: 381.28, csamt: 0 },
      { sply_ty: 'INTER', pos: '29', typ: 'OE', rt: 18, txval: 84.75, iamt: 15.25, camt: 0, samt: 0, csamt: 0 },
    ]);
    expect(g.exp).toEqual([
      {
        exp_typ: 'WPAY',
        inv: [{ inum: abroad.number, idt: '10-11-2026', val: 4999, itms: [{ txval: 4236.44, rt: 18, iamt: 762.56, csamt: 0 }] }],
      },
    ]);
    expect(g.cdnr).toEqual([
      {
        ctin: '29AABCT1234F1ZM',
        nt: [
          {
            ntty: 'C',
            nt_num: documents[6]?.number,
            nt_dt: '20-11-2026',
            val: 4999,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 18, txval: 4236.44, iamt: 762.56, camt: 0, samt: 0, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(g.cdnur.map((n) => [n.typ, n.nt_num, n.val, n.pos])).toEqual([
      ['B2CL', documents[7]?.number, 120000, '29'],
      ['EXPWP', documents[9]?.number, 4999, '96'],
    ]);
    // HSN: B2B nets to nothing (invoice less its note); B2C is every other invoice less its notes.
    expect(g.hsn.hsn_b2b).toEqual([
      {
        num: 1,
        hsn_sc: '4202',
        desc: expect.stringContaining('travel bags'),
        uqc: 'NOS',
        qty: 0,
        rt: 18,
        txval: 0,
        iamt: 0,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
    ]);
    expect(g.hsn.hsn_b2c).toEqual([
      {
        num: 1,
        hsn_sc: '4202',
        desc: expect.any(String),
        uqc: 'NOS',
        qty: 2,
        rt: 18,
        txval: 4321.19,
        iamt: 15.25,
        camt: 381.28,
        samt: 381.28,
        csamt: 0,
      },
    ]);
    expect(gstr1Counts(documents)).toEqual({ b2b: 1, b2cl: 1, b2cs: 3, exp: 1, cdnr: 1, cdnur: 2, b2csNotes: 1 });
    expect(validateJsonSchema(schema, g)).toEqual([]);
  });

  it('adds up to the Tax view’s month totals to the paisa (the report of the same documents), over many odd amounts', () => {
    const documents: Gstr1Document[] = [];
    const addresses = [MUMBAI, BENGALURU, BERLIN];
    for (let i = 0; i < 60; i += 1) {
      const address = addresses[i % 3] ?? MUMBAI;
      const price = 97 + i * 1913;
      const inv = invoice(
        address,
        [bag(price, 1 + (i % 3), { gstRatePercent: [5, 12, 18, 28][i % 4] }), bag(99 + i)],
        i % 4 === 0 ? TECH : undefined,
      );
      documents.push(asDoc(inv));
      if (i % 5 === 0) documents.push(noteOf(inv));
    }
    const g = build(documents);
    const report = taxReport(
      '2026-11',
      documents.map((d) =>
        d.kind === 'invoice'
          ? invoiceRow('o', d.invoice)
          : creditNoteRow('o', d.invoice, { number: d.number, issuedAt: d.issuedAt, invoiceNumber: d.invoice.number, totals: d.totals }),
      ),
    );
    expect(gstr1NetPaise(g)).toEqual({
      taxablePaise: report.net.taxablePaise,
      igstPaise: report.net.igstPaise,
      cgstPaise: report.net.cgstPaise,
      samtPaise: report.net.sgstPaise,
    });
    // The HSN summary (B2B + B2C) is the same net.
    const hsn = [...g.hsn.hsn_b2b, ...g.hsn.hsn_b2c].reduce((t, h) => t + Math.round(h.txval * 100), 0);
    expect(hsn).toBe(report.net.taxablePaise);
    // Every amount is rupees with at most two decimals.
    expect(JSON.stringify(g)).not.toMatch(/\d\.\d{3,}/);
    expect(validateJsonSchema(schema, g)).toEqual([]);
  });

  it('a month with no documents: valid, empty sections', () => {
    const g = build([]);
    expect(g).toEqual({
      gstin: '27AAPFB1234C1ZU',
      fp: '112026',
      b2b: [],
      b2cl: [],
      b2cs: [],
      exp: [],
      cdnr: [],
      cdnur: [],
      hsn: { hsn_b2b: [], hsn_b2c: [] },
      doc_issue: { doc_det: [] },
    });
    expect(validateJsonSchema(schema, g)).toEqual([]);
  });

  it('doc_issue: the series’ ranges (invoices 1, credit notes 5)', () => {
    const g = buildGstr1({
      gstin: DEMO_SELLER.gstin,
      month: '2026-11',
      documents: [],
      documentsIssued: [
        { kind: 'invoice', financialYear: '2026-27', from: 'BS/2627/0000001', to: 'BS/2627/0000009', total: 9, cancelled: 0, netIssued: 9 },
        {
          kind: 'credit-note',
          financialYear: '2026-27',
          from: 'BS/2627/C0000001',
          to: 'BS/2627/C0000002',
          total: 2,
          cancelled: 0,
          netIssued: 2,
        },
      ],
    });
    expect(g.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: 'BS/2627/0000001', to: 'BS/2627/0000009', totnum: 9, cancel: 0, net_issue: 9 }],
      },
      {
        doc_num: 5,
        doc_typ: 'Credit Note',
        docs: [{ num: 1, from: 'BS/2627/C0000001', to: 'BS/2627/C0000002', totnum: 2, cancel: 0, net_issue: 2 }],
      },
    ]);
    expect(validateJsonSchema(schema, g)).toEqual([]);
  });

  it('dates are the IST day: 18:30 UTC is the next day in India', () => {
    expect(gstr1Date('2026-11-30T18:29:59Z')).toBe('30-11-2026');
    expect(gstr1Date('2026-11-30T18:30:00Z')).toBe('01-12-2026');
  });
});

describe('the JSON Schema check', () => {
  it('catches what the portal would refuse: a rate not in its list, three decimals, a bad pos, a missing field, an extra one', () => {
    const g = build([asDoc(invoice(MUMBAI, [bag(100)], KAMAL))]);
    const broken = JSON.parse(JSON.stringify(g)) as Record<string, unknown> & typeof g;
    const det = broken.b2b[0]?.inv[0]?.itms[0]?.itm_det;
    if (!det) throw new Error('no item');
    det.rt = 17;
    det.txval = 84.755;
    const inv = broken.b2b[0]?.inv[0];
    if (!inv) throw new Error('no invoice');
    inv.pos = '40';
    delete (inv as Partial<typeof inv>).idt;
    broken.ret_period = '112026';
    expect(validateJsonSchema(schema, broken)).toEqual([
      "/b2b/0/inv/0: 'idt' is required",
      '/b2b/0/inv/0/pos: does not match ^(0[1-9]|[12][0-9]|3[0-8]|96|97|99)$',
      '/b2b/0/inv/0/itms/0/itm_det/rt: must be one of 0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40',
      '/b2b/0/inv/0/itms/0/itm_det/txval: not a multiple of 0.01',
      "/: 'ret_period' is not allowed",
    ]);
  });
});

describe('CSV per section', () => {
  it('writes the offline tool’s template: header and one row per invoice and rate, POS as code-name, dates dd-Mmm-yyyy', () => {
    const inv = invoice(BENGALURU, [bag(4999)], TECH);
    const g = build([asDoc(inv), noteOf(inv)]);
    const name = (code: string) => stateOfGstCode(code) ?? 'Other Countries';
    expect(gstr1Csv(g, 'b2b', name, () => 'Tech Bengaluru LLP')).toBe(
      'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount\r\n' +
        `29AABCT1234F1ZM,Tech Bengaluru LLP,${inv.number},10-Nov-2026,4999.00,29-Karnataka,N,,Regular B2B,,18,4236.44,0.00\r\n`,
    );
    expect(gstr1Csv(g, 'cdnr', name).split('\r\n')[1]).toMatch(
      /^29AABCT1234F1ZM,,BS\/2627\/C\d{7},20-Nov-2026,C,29-Karnataka,N,Regular B2B,4999.00,,18,4236.44,0.00$/,
    );
    expect(gstr1Csv(g, 'b2cs', name)).toBe(
      'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN\r\n',
    );
    expect(gstr1Csv(g, 'hsn_b2b', name).split('\r\n')[1]).toBe(
      '4202,"Trunks, suit-cases, travel bags, handbags and similar containers",NOS-NUMBERS,0,0.00,18,0.00,0.00,0.00,0.00,0.00',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { invoiceLines, type TaxTotals } from './gst.js';
import {
  addToSeriesMonth,
  documentsIssuedRow,
  emptyTaxMonth,
  placeKey,
  seriesMonthsFromData,
  taxMonthFromData,
  taxMonthSummary,
  taxMonthTotals,
  type SeriesMonth,
} from './tax-months.js';
import {
  compareDocumentNumbers,
  CREDIT_NOTE_SERIES_MAX,
  creditNoteNumber,
  financialYearCode,
  INVOICE_SERIES_MAX,
  parseDocumentNumber,
  documentFileName,
  financialYearLabel,
  financialYearName,
  financialYearStart,
  invoiceNumber,
  isValidDocumentNumber,
  istMonthOf,
  istMonthRange,
  monthLabel,
  taxReport,
  taxCsvHeader,
  taxCsvLines,
  taxReportCsv,
  totalsByRate,
  type TaxDocumentRow,
} from './tax-documents.js';

describe('financial year (1 April – 31 March, India time)', () => {
  it('turns over at midnight IST on 1 April, which is 18:30 UTC on 31 March', () => {
    expect(financialYearStart(new Date('2027-03-31T18:29:59.999Z'))).toBe(2026);
    expect(financialYearStart(new Date('2027-03-31T18:30:00.000Z'))).toBe(2027);
    expect(financialYearStart(new Date('2026-11-22T12:00:00Z'))).toBe(2026);
    expect(financialYearStart(new Date('2027-01-01T00:00:00+05:30'))).toBe(2026);
  });

  it('labels a year by its two calendar years', () => {
    expect(financialYearLabel(2026)).toBe('26-27');
    expect(financialYearLabel(2099)).toBe('99-00');
    expect(financialYearLabel(2009)).toBe('09-10');
    expect(financialYearName(2026)).toBe('2026-27');
    expect(financialYearName(2099)).toBe('2099-00');
  });
});

describe('document numbers', () => {
  it('invoice: prefix / year / seven digits, at most 16 characters, ten million a year', () => {
    expect(financialYearCode(2026)).toBe('2627');
    expect(financialYearCode(2099)).toBe('9900');
    expect(invoiceNumber('BS', 2026, 42)).toBe('BS/2627/0000042');
    expect(invoiceNumber('BS', 2026, 100_000)).toBe('BS/2627/0100000');
    expect(invoiceNumber('BS', 2026, 9_999_999)).toBe('BS/2627/9999999');
    expect(INVOICE_SERIES_MAX).toBeGreaterThanOrEqual(1_000_000);
    expect(() => invoiceNumber('BS', 2026, 10_000_000)).toThrow(RangeError);
    expect(() => invoiceNumber('BS', 2026, 0)).toThrow(RangeError);
    expect(() => invoiceNumber('BSR', 2026, 1)).toThrow(RangeError);
  });

  it('credit note: its own series, a C before seven digits; the longest is 16 characters', () => {
    expect(creditNoteNumber('BS', 2026, 7)).toBe('BS/2627/C0000007');
    expect(creditNoteNumber('BS', 2026, CREDIT_NOTE_SERIES_MAX)).toHaveLength(16);
    expect(CREDIT_NOTE_SERIES_MAX).toBeGreaterThanOrEqual(1_000_000);
    expect(isValidDocumentNumber(creditNoteNumber('B7', 2099, CREDIT_NOTE_SERIES_MAX))).toBe(true);
    expect(() => creditNoteNumber('BS', 2026, 10_000_000)).toThrow(RangeError);
  });

  it('parses both formats, those stored before issue 30 included', () => {
    expect(parseDocumentNumber('BS/2627/0000042')).toEqual({ prefix: 'BS', fyStart: 2026, kind: 'invoice', sequence: 42 });
    expect(parseDocumentNumber('BS/2627/C0000007')).toEqual({ prefix: 'BS', fyStart: 2026, kind: 'credit-note', sequence: 7 });
    expect(parseDocumentNumber('ABCD/26-27/00042')).toEqual({ prefix: 'ABCD', fyStart: 2026, kind: 'invoice', sequence: 42 });
    expect(parseDocumentNumber('BS/26-27/C0007')).toEqual({ prefix: 'BS', fyStart: 2026, kind: 'credit-note', sequence: 7 });
    expect(parseDocumentNumber('BS/2628/0000042')).toBeNull();
    expect(parseDocumentNumber('BS 26')).toBeNull();
  });

  it('sorts numbers of both formats by year, kind and number in the series, not as text', () => {
    const numbers = ['BS/2627/0100000', 'BS/2627/C0000002', 'BS/26-27/99999', 'BS/2526/0000007', 'BS/26-27/C0001', 'BS/2627/0000003'];
    expect([...numbers].sort(compareDocumentNumbers)).toEqual([
      'BS/2526/0000007',
      'BS/2627/0000003',
      'BS/26-27/99999',
      'BS/2627/0100000',
      'BS/26-27/C0001',
      'BS/2627/C0000002',
    ]);
  });

  it('checks Rule 46’s characters and length', () => {
    expect(isValidDocumentNumber('BS/2627/0000042')).toBe(true);
    expect(isValidDocumentNumber('BS/26-27/00042')).toBe(true);
    expect(isValidDocumentNumber('ABCD/26-27/99999X')).toBe(false);
    expect(isValidDocumentNumber('BS 26')).toBe(false);
    expect(documentFileName('BS/2627/C0000007')).toBe('BS-2627-C0000007.pdf');
    expect(documentFileName('BS/26-27/C0007')).toBe('BS-26-27-C0007.pdf');
  });
});

describe('IST months', () => {
  it('maps an instant to its month in India and back to [start, end)', () => {
    expect(istMonthOf(new Date('2026-10-31T18:30:00Z'))).toBe('2026-11');
    expect(istMonthOf(new Date('2026-10-31T18:29:59Z'))).toBe('2026-10');
    expect(istMonthRange('2026-11')).toEqual({ start: new Date('2026-10-31T18:30:00Z'), end: new Date('2026-11-30T18:30:00Z') });
    expect(istMonthRange('2026-12')?.end).toEqual(new Date('2026-12-31T18:30:00Z'));
    expect(istMonthRange('2026-13')).toBeNull();
    expect(istMonthRange('26-11')).toBeNull();
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
});

const lines = (intra: boolean) =>
  invoiceLines(
    [
      { name: 'Trolley', hsn: '4202', quantity: 1, ratePercent: 18, unitPricePaise: 499_900, discountPaise: 0 },
      { name: 'Tote', hsn: '4202', quantity: 2, ratePercent: 5, unitPricePaise: 50_000, discountPaise: 10_000 },
    ],
    intra,
  );

function row(
  kind: TaxDocumentRow['kind'],
  number: string,
  issuedAt: string,
  intra: boolean,
  stateCode: string,
  state: string,
): TaxDocumentRow {
  const l = lines(intra);
  const totals = l.reduce<TaxTotals>(
    (t, x) => ({
      grossPaise: t.grossPaise + x.grossPaise,
      taxablePaise: t.taxablePaise + x.taxablePaise,
      cgstPaise: t.cgstPaise + x.cgstPaise,
      sgstPaise: t.sgstPaise + x.sgstPaise,
      igstPaise: t.igstPaise + x.igstPaise,
    }),
    { grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 },
  );
  return {
    kind,
    number,
    issuedAt,
    orderId: `order-${number}`,
    invoiceNumber: kind === 'credit-note' ? 'BS/26-27/00001' : '',
    buyerName: '=HYPERLINK("x")',
    placeOfSupply: { state, stateCode },
    intraState: intra,
    totals,
    byRate: totalsByRate(l),
  };
}

describe('the monthly tax report', () => {
  const docs = [
    row('invoice', 'BS/26-27/00002', '2026-11-05T10:00:00.000Z', false, '29', 'Karnataka'),
    row('invoice', 'BS/26-27/00001', '2026-11-03T10:00:00.000Z', true, '27', 'Maharashtra'),
    row('credit-note', 'BS/26-27/C0001', '2026-11-06T10:00:00.000Z', true, '27', 'Maharashtra'),
  ];
  const report = taxReport('2026-11', docs);

  it('sums invoices and credit notes per tax, and nets them', () => {
    expect(report.documents.map((d) => d.number)).toEqual(['BS/26-27/00001', 'BS/26-27/00002', 'BS/26-27/C0001']);
    expect(report.invoices.count).toBe(2);
    expect(report.creditNotes.count).toBe(1);
    // 4,999 + 2 × 500 − 100 = 5,899 per document.
    expect(report.invoices.grossPaise).toBe(2 * 589_900);
    expect(report.net.grossPaise).toBe(589_900);
    // The intra-state invoice and its credit note cancel out: only IGST is left.
    expect(report.net.cgstPaise).toBe(0);
    expect(report.net.sgstPaise).toBe(0);
    expect(report.net.igstPaise).toBe(docs[0]?.totals.igstPaise);
    expect(report.net.taxablePaise + report.net.igstPaise).toBe(589_900);
  });

  it('nets per place of supply and rate', () => {
    expect(report.byPlaceAndRate.map((r) => [r.stateCode, r.ratePercent, r.grossPaise])).toEqual([
      ['27', 5, 0],
      ['27', 18, 0],
      ['29', 5, 90_000],
      ['29', 18, 499_900],
    ]);
  });

  it('exports one CSV row per document and rate, credit notes negative, formulas defused', () => {
    const csv = taxReportCsv(report);
    const rows = csv.trimEnd().split('\r\n');
    expect(rows).toHaveLength(1 + 3 * 2);
    expect(rows[0]).toBe(
      'Type,Number,Date (IST),Order,Against invoice,Buyer,Place of supply,State code,Supply,GST rate %,Taxable value,CGST,SGST,IGST,Total',
    );
    expect(rows[1]).toBe(
      `Invoice,BS/26-27/00001,2026-11-03,order-BS/26-27/00001,,"'=HYPERLINK(""x"")",Maharashtra,27,Intra-state,5,857.14,21.43,21.43,0.00,900.00`,
    );
    expect(rows[6]).toMatch(
      /^Credit note,BS\/26-27\/C0001,2026-11-06,.*,BS\/26-27\/00001,.*,18,-4236\.44,-381\.28,-381\.28,0\.00,-4999\.00$/,
    );
    const total = rows.slice(1).reduce((sum, r) => sum + Number(r.split(',').at(-1)), 0);
    expect(total.toFixed(2)).toBe('5899.00');
  });
});

describe('month totals kept as counters (tax-months.ts)', () => {
  const docs = [
    row('invoice', 'BS/26-27/00002', '2026-11-05T10:00:00.000Z', false, '29', 'Karnataka'),
    row('invoice', 'BS/26-27/00001', '2026-11-03T10:00:00.000Z', true, '27', 'Maharashtra'),
    row('credit-note', 'BS/26-27/C0001', '2026-11-06T10:00:00.000Z', true, '27', 'Maharashtra'),
    // 00:10 IST on 1 December: the next month.
    row('invoice', 'BS/2627/0000003', '2026-11-30T18:40:00.000Z', false, '29', 'Karnataka'),
  ];

  it('gives each IST month the same summary as the report of its documents', () => {
    const months = taxMonthTotals(docs);
    expect([...months.keys()].sort()).toEqual(['2026-11', '2026-12']);
    const { documents: _documents, ...november } = taxReport('2026-11', docs.slice(0, 3));
    expect(taxMonthSummary('2026-11', taxMonthFromData(JSON.parse(JSON.stringify(months.get('2026-11')))))).toEqual(november);
    expect(taxMonthSummary('2026-12', months.get('2026-12') ?? emptyTaxMonth()).invoices.count).toBe(1);
  });

  it('adds up across batches as counters would', () => {
    const once = taxMonthTotals(docs.slice(0, 1)).get('2026-11') ?? emptyTaxMonth();
    const rest = taxMonthTotals(docs.slice(1, 3)).get('2026-11') ?? emptyTaxMonth();
    const summed = emptyTaxMonth();
    for (const part of [once, rest]) {
      const fields = ['grossPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const;
      for (const k of ['invoices', 'creditNotes'] as const) {
        summed[k].count += part[k].count;
        for (const f of fields) summed[k][f] += part[k][f];
      }
      for (const [key, p] of Object.entries(part.places)) {
        const into = summed.places[key] ?? { ...p, grossPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
        for (const f of fields) into[f] += p[f];
        summed.places[key] = into;
      }
    }
    const { documents: _documents, ...november } = taxReport('2026-11', docs.slice(0, 3));
    expect(taxMonthSummary('2026-11', summed)).toEqual(november);
  });

  it('reads a missing month as nothing issued, and keys places without dots', () => {
    expect(taxMonthSummary('2026-01', taxMonthFromData(undefined))).toMatchObject({
      invoices: { count: 0, grossPaise: 0 },
      byPlaceAndRate: [],
    });
    expect(placeKey('27', 18)).toBe('27_18');
    expect(placeKey('29', 0.25)).toBe('29_0_25');
  });

  it("keeps a series' lowest and highest number of the month, in any order", () => {
    const months: Record<string, SeriesMonth> = {};
    addToSeriesMonth(months, '2026-11', 8, 'BS/2627/C0000008');
    addToSeriesMonth(months, '2026-11', 7, 'BS/2627/C0000007');
    addToSeriesMonth(months, '2026-11', 9, 'BS/2627/C0000009');
    addToSeriesMonth(months, '2026-12', 10, 'BS/2627/C0000010');
    expect(months['2026-11']).toEqual({ count: 3, first: 7, last: 9, firstNumber: 'BS/2627/C0000007', lastNumber: 'BS/2627/C0000009' });
    expect(seriesMonthsFromData(JSON.parse(JSON.stringify(months)))).toEqual(months);
    expect(documentsIssuedRow('credit-note', '2026-27', months['2026-11'] as SeriesMonth)).toEqual({
      kind: 'credit-note',
      financialYear: '2026-27',
      from: 'BS/2627/C0000007',
      to: 'BS/2627/C0000009',
      total: 3,
      cancelled: 0,
      netIssued: 3,
    });
  });

  it('writes CSV lines page by page that join to the whole report', () => {
    expect(taxCsvHeader() + taxCsvLines(docs.slice(0, 2)) + taxCsvLines(docs.slice(2, 3))).toBe(
      taxReportCsv({ documents: docs.slice(0, 3) }),
    );
  });
});

/**
 * The tax invoice and credit note as PDF (Rule 46 contents; docs/gst-invoices.md), drawn
 * with pdfkit from the snapshot on the order, so a PDF made years later shows exactly what
 * was issued. Noto Sans (functions/assets/fonts, SIL OFL) is embedded, subset, for the ₹ sign.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  formatPaise,
  rupeesInWords,
  stateWithCode,
  type CreditNote,
  type EinvoiceState,
  type Invoice,
  type InvoiceLine,
} from '@bagshop/domain';
import QRCode from 'qrcode';

type Doc = PDFKit.PDFDocument;

/** functions/assets/fonts, found from src/services (tests) or lib/ (the deployed bundle). */
function fontsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i += 1) {
    const candidate = join(dir, 'assets', 'fonts');
    if (existsSync(join(candidate, 'NotoSans-Regular.ttf'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('The invoice fonts (functions/assets/fonts) are missing from the deployment');
}

let fonts: { regular: Buffer; bold: Buffer } | undefined;
export function loadInvoiceFonts() {
  if (!fonts) {
    const dir = fontsDir();
    fonts = { regular: readFileSync(join(dir, 'NotoSans-Regular.ttf')), bold: readFileSync(join(dir, 'NotoSans-Bold.ttf')) };
  }
  return fonts;
}

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const RULE = '#ced4da';
const SHADE = '#f1f3f5';

const dateIN = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(iso));
const amount = (paise: number) => formatPaise(paise);
const rupees = (paise: number) => formatPaise(paise, { symbol: true });
const halfRate = (rate: number) => `${rate / 2}%`;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
  /** The cell: a main text and an optional small second line. */
  cell: (line: InvoiceLine, index: number) => [string, string?];
}

function columns(invoice: Invoice): Column[] {
  const taxCols: Column[] = invoice.intraState
    ? [
        { title: 'CGST', width: 50, align: 'right', cell: (l) => [amount(l.cgstPaise), `@ ${halfRate(l.ratePercent)}`] },
        { title: 'SGST', width: 50, align: 'right', cell: (l) => [amount(l.sgstPaise), `@ ${halfRate(l.ratePercent)}`] },
      ]
    : [{ title: 'IGST', width: 58, align: 'right', cell: (l) => [amount(l.igstPaise), `@ ${l.ratePercent}%`] }];
  const fixed: Column[] = [
    { title: '#', width: 16, align: 'left', cell: (_l, i) => [String(i + 1)] },
    { title: 'Description', width: 0, align: 'left', cell: (l) => [l.name] },
    { title: 'HSN', width: 36, align: 'left', cell: (l) => [l.hsn] },
    { title: 'Qty', width: 26, align: 'right', cell: (l) => [String(l.quantity)] },
    { title: 'Unit price', width: 54, align: 'right', cell: (l) => [amount(l.unitPricePaise)] },
    { title: 'Discount', width: 50, align: 'right', cell: (l) => [l.discountPaise ? amount(l.discountPaise) : '–'] },
    { title: 'Taxable value', width: 58, align: 'right', cell: (l) => [amount(l.taxablePaise)] },
    ...taxCols,
    { title: 'Total', width: 58, align: 'right', cell: (l) => [amount(l.grossPaise)] },
  ];
  const used = fixed.reduce((sum, c) => sum + c.width, 0);
  const description = fixed[1];
  if (description) description.width = CONTENT - used;
  return fixed;
}

/** Text that never wraps: the font shrinks until it fits the width. */
function fitted(doc: Doc, text: string, x: number, y: number, width: number, size: number, align: Column['align']): void {
  let s = size;
  doc.fontSize(s);
  while (s > 5 && doc.widthOfString(text) > width) {
    s -= 0.5;
    doc.fontSize(s);
  }
  doc.text(text, x, y, { width, align, lineBreak: false });
  doc.fontSize(size);
}

const CELL_PAD = 3;

function tableHeader(doc: Doc, cols: Column[], y: number): number {
  const height = 26;
  doc.rect(PAGE.margin, y, CONTENT, height).fill(SHADE);
  doc.fillColor(INK).font('bold').fontSize(7.5);
  let x = PAGE.margin;
  for (const c of cols) {
    doc.text(c.title, x + CELL_PAD, y + 4, { width: c.width - 2 * CELL_PAD, align: c.align, height: height - 4 });
    x += c.width;
  }
  doc.font('regular');
  return y + height;
}

function tableRow(doc: Doc, cols: Column[], line: InvoiceLine, index: number, y: number): number {
  doc.font('regular').fontSize(8);
  const cells = cols.map((c) => c.cell(line, index));
  const descCol = cols[1];
  const descHeight = descCol ? doc.heightOfString(cells[1]?.[0] ?? '', { width: descCol.width - 2 * CELL_PAD }) : 10;
  const height = Math.max(descHeight, cells.some((c) => c[1]) ? 20 : 10) + 2 * CELL_PAD + 2;
  let x = PAGE.margin;
  cols.forEach((c, i) => {
    const [main, sub] = cells[i] ?? [''];
    const w = c.width - 2 * CELL_PAD;
    doc.fillColor(INK);
    if (i === 1) doc.fontSize(8).text(main, x + CELL_PAD, y + CELL_PAD + 1, { width: w, align: c.align });
    else fitted(doc, main, x + CELL_PAD, y + CELL_PAD + 1, w, 8, c.align);
    if (sub) {
      doc.fillColor(MUTED);
      fitted(doc, sub, x + CELL_PAD, y + CELL_PAD + 11, w, 6.5, c.align);
    }
    x += c.width;
  });
  doc
    .moveTo(PAGE.margin, y + height)
    .lineTo(PAGE.margin + CONTENT, y + height)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  return y + height;
}

function labelValue(doc: Doc, label: string, value: string, x: number, y: number, width: number): number {
  doc.font('regular').fontSize(8).fillColor(MUTED).text(label, x, y, { width });
  const afterLabel = doc.y;
  doc.font('bold').fontSize(9).fillColor(INK).text(value, x, afterLabel, { width });
  doc.font('regular');
  return doc.y + 4;
}

function partyBox(doc: Doc, title: string, lines: { text: string; bold?: boolean }[], x: number, y: number, width: number): number {
  doc.font('bold').fontSize(8).fillColor(MUTED).text(title.toUpperCase(), x, y, { width, characterSpacing: 0.5 });
  let cy = doc.y + 2;
  for (const l of lines) {
    doc
      .font(l.bold ? 'bold' : 'regular')
      .fontSize(l.bold ? 10 : 8.5)
      .fillColor(INK)
      .text(l.text, x, cy, { width });
    cy = doc.y + 1;
  }
  doc.font('regular');
  return cy;
}

export interface PdfInput {
  kind: 'invoice' | 'credit-note';
  orderId: string;
  invoice: Invoice;
  creditNote?: CreditNote | null;
  /** The warranty of each product (docs/warranty.md), printed with the notes of an invoice. */
  warrantyNotes?: string[];
  /** E-invoicing (issue 41): the IRN, its acknowledgement and the signed QR code, printed on the invoice. */
  einvoice?: Pick<EinvoiceState, 'status' | 'irn' | 'ackNo' | 'ackDt' | 'signedQrCode'> | null;
}

/**
 * The e-invoice block under the parties (issue 41, docs/gst-b2b.md "E-invoicing"): IRN, Ack No and
 * date beside the signed QR code; "IRN pending" while the IRP has not registered it. Answers the y below it.
 */
function einvoiceBlock(doc: Doc, e: NonNullable<PdfInput['einvoice']>, qr: Buffer | null, y: number): number {
  const left = PAGE.margin;
  const size = qr ? 128 : 0;
  const width = CONTENT - size - 12;
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(INK)
    .text(e.status === 'cancelled' ? 'e-invoice (IRN cancelled)' : 'e-invoice', left, y, { width });
  if (e.status === 'pending' || !e.irn) {
    doc
      .font('regular')
      .fontSize(8.5)
      .text('IRN pending: the Invoice Registration Portal has not registered this invoice yet.', left, doc.y + 2, { width });
    return doc.y + 10;
  }
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text('IRN', left, doc.y + 2, { width });
  doc.font('regular').fontSize(8).fillColor(INK).text(e.irn, left, doc.y, { width });
  const ack = e.ackDt
    ? new Date(e.ackDt).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' })
    : '';
  doc.text(`Ack No: ${e.ackNo ?? ''}`, left, doc.y + 3, { width });
  doc.text(`Ack date: ${ack}`, left, doc.y + 1, { width });
  const textBottom = doc.y;
  if (qr) doc.image(qr, left + CONTENT - size, y, { width: size, height: size });
  return Math.max(textBottom, y + size) + 10;
}

/** The buyer's name lines: a registered buyer's legal name first, then the person and the address (issue 41). */
function buyerLines(invoice: Invoice): { text: string; bold?: boolean }[] {
  const b = invoice.buyer;
  const names =
    b.gstin && b.legalName
      ? [{ text: b.legalName, bold: true }, ...(b.name && b.name !== b.legalName ? [{ text: `Attn: ${b.name}` }] : [])]
      : [{ text: b.name, bold: true }];
  return [...names, ...b.addressLines.map((text) => ({ text }))];
}

function drawDocument(doc: Doc, { kind, orderId, invoice, creditNote, warrantyNotes = [], einvoice }: PdfInput, qr: Buffer | null): void {
  const isNote = kind === 'credit-note' && creditNote;
  const left = PAGE.margin;
  const half = CONTENT / 2;

  // Title and the document's own facts.
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(isNote ? 'CREDIT NOTE' : 'TAX INVOICE', left, PAGE.margin, { width: half });
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(isNote ? 'Issued under section 34 of the CGST Act' : 'Original for recipient', left, doc.y, { width: half });
  const metaX = left + half + 10;
  const metaW = (half - 10) / 2;
  let my = PAGE.margin;
  if (isNote) {
    const a = labelValue(doc, 'Credit note no.', creditNote.number, metaX, my, metaW);
    const b = labelValue(doc, 'Date', dateIN(creditNote.issuedAt), metaX + metaW, my, metaW);
    my = Math.max(a, b);
    const c = labelValue(doc, 'Against invoice', invoice.number, metaX, my, metaW);
    const d = labelValue(doc, 'Invoice date', dateIN(invoice.issuedAt), metaX + metaW, my, metaW);
    my = Math.max(c, d);
    my = labelValue(doc, 'Reason', creditNote.reason, metaX, my, half - 10);
  } else {
    const a = labelValue(doc, 'Invoice no.', invoice.number, metaX, my, metaW);
    const b = labelValue(doc, 'Invoice date', dateIN(invoice.issuedAt), metaX + metaW, my, metaW);
    my = Math.max(a, b);
    const c = labelValue(doc, 'Order', orderId, metaX, my, metaW);
    const d = labelValue(
      doc,
      'Place of supply',
      stateWithCode(invoice.placeOfSupply.state, invoice.placeOfSupply.stateCode),
      metaX + metaW,
      my,
      metaW,
    );
    my = Math.max(c, d);
  }

  let y = Math.max(my, doc.y) + 10;
  doc
    .moveTo(left, y)
    .lineTo(left + CONTENT, y)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  y += 10;

  // Seller and buyer.
  const s = invoice.seller;
  const sellerBottom = partyBox(
    doc,
    'Sold by',
    [
      { text: s.name, bold: true },
      { text: [s.address.line1, s.address.line2].filter(Boolean).join(', ') },
      { text: `${s.address.city} ${s.address.pincode}, ${s.state}` },
      { text: `GSTIN: ${s.gstin}` },
      { text: `State: ${stateWithCode(s.state, s.stateCode)}` },
      { text: [s.email, s.phone].filter(Boolean).join(' · ') },
    ].filter((l) => l.text),
    left,
    y,
    half - 10,
  );
  const buyerBottom = partyBox(
    doc,
    'Billed and shipped to',
    [
      ...buyerLines(invoice),
      { text: `Place of supply: ${stateWithCode(invoice.placeOfSupply.state, invoice.placeOfSupply.stateCode)}` },
      // A B2B invoice (issue 41): the buyer's GSTIN and its state, which may differ from the place of supply.
      ...(invoice.buyer.gstin
        ? [
            { text: `GSTIN: ${invoice.buyer.gstin}` },
            { text: `GSTIN state: ${invoice.buyer.gstinState ?? ''}` },
            { text: 'Reverse charge: No' },
          ]
        : [{ text: 'Unregistered buyer (no GSTIN)' }]),
    ],
    left + half + 10,
    y,
    half - 10,
  );
  y = Math.max(sellerBottom, buyerBottom) + 12;
  if (einvoice && !isNote) y = einvoiceBlock(doc, einvoice, qr, y);

  // Lines, with the header again on every new page.
  const cols = columns(invoice);
  doc.font('regular').fontSize(7.5).fillColor(MUTED).text('Amounts in Indian rupees (₹). Prices include GST.', left, y, { width: CONTENT });
  y = tableHeader(doc, cols, doc.y + 3);
  invoice.lines.forEach((line, i) => {
    if (y + 40 > PAGE.height - PAGE.margin) {
      doc.addPage();
      y = tableHeader(doc, cols, PAGE.margin);
    }
    y = tableRow(doc, cols, line, i, y);
  });

  // Totals and the closing lines need about 230 pt.
  if (y + 230 > PAGE.height - PAGE.margin) {
    doc.addPage();
    y = PAGE.margin;
  }
  y += 10;
  const t = isNote ? creditNote.totals : invoice.totals;
  const rows: [string, string][] = [['Taxable value', rupees(t.taxablePaise)]];
  if (invoice.intraState) {
    rows.push(['CGST', rupees(t.cgstPaise)], ['SGST', rupees(t.sgstPaise)]);
  } else {
    rows.push(['IGST', rupees(t.igstPaise)]);
  }
  const totalsX = left + CONTENT - 220;
  for (const [label, value] of rows) {
    doc.font('regular').fontSize(9).fillColor(INK).text(label, totalsX, y, { width: 120 });
    doc.text(value, totalsX + 120, y, { width: 100, align: 'right' });
    y += 14;
  }
  doc
    .moveTo(totalsX, y)
    .lineTo(left + CONTENT, y)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  y += 5;
  doc
    .font('bold')
    .fontSize(11)
    .text(isNote ? 'Credit note total' : 'Invoice total', totalsX, y, { width: 120 });
  doc.text(rupees(t.grossPaise), totalsX + 100, y, { width: 120, align: 'right' });
  y += 20;

  doc.font('regular').fontSize(8.5).fillColor(MUTED).text('Amount in words', left, y, { width: CONTENT });
  doc.font('bold').fontSize(9).fillColor(INK).text(rupeesInWords(t.grossPaise), left, doc.y, { width: CONTENT });
  y = doc.y + 10;

  const notes = [
    `Place of supply: ${stateWithCode(invoice.placeOfSupply.state, invoice.placeOfSupply.stateCode)} (${invoice.intraState ? 'intra-state supply: CGST + SGST' : 'inter-state supply: IGST'}).`,
    'Tax is not payable on reverse charge.',
    ...(isNote ? [`This credit note cancels invoice ${invoice.number} of ${dateIN(invoice.issuedAt)} in full.`] : []),
    ...(isNote ? [] : warrantyNotes),
  ];
  doc.font('regular').fontSize(8.5).fillColor(INK);
  for (const note of notes) {
    doc.text(note, left, y, { width: CONTENT - 200 });
    y = doc.y + 2;
  }

  // Signature block, bottom right.
  const signX = left + CONTENT - 190;
  const signY = Math.max(y + 10, doc.y);
  doc.font('bold').fontSize(9).fillColor(INK).text(`For ${s.name}`, signX, signY, { width: 190, align: 'right' });
  doc
    .moveTo(signX + 30, signY + 52)
    .lineTo(left + CONTENT, signY + 52)
    .lineWidth(0.5)
    .strokeColor(MUTED)
    .stroke();
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(INK)
    .text('Authorised signatory', signX, signY + 56, { width: 190, align: 'right' });

  doc
    .fontSize(7)
    .fillColor(MUTED)
    .text('This is a computer-generated document.', left, signY + 72, { width: CONTENT, align: 'left' });
}

/** 'Invoice BS/26-27/00042 · Page 1 of 2' at the foot of every page. */
function pageFooters(doc: Doc, title: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(7).fillColor(MUTED);
    doc.text(`${title} · Page ${i - range.start + 1} of ${range.count}`, PAGE.margin, PAGE.height - PAGE.margin + 14, {
      width: CONTENT,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** The PDF bytes of an order's invoice, or of its credit note. */
export async function renderTaxDocumentPdf(input: PdfInput): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { regular, bold } = loadInvoiceFonts();
  const number = input.kind === 'credit-note' && input.creditNote ? input.creditNote.number : input.invoice.number;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: 'en-IN',
    displayTitle: true,
    bufferPages: true,
    info: {
      Title: `${input.kind === 'credit-note' ? 'Credit note' : 'Tax invoice'} ${number}`,
      Author: input.invoice.seller.name,
      Subject: `Order ${input.orderId}`,
    },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // The signed QR code as the IRP gave it (a JWT), drawn as a QR image.
  const signed = input.kind === 'invoice' && input.einvoice?.status !== 'pending' ? input.einvoice?.signedQrCode : null;
  const qr = signed ? await QRCode.toBuffer(signed, { type: 'png', errorCorrectionLevel: 'L', margin: 1, scale: 4 }) : null;
  drawDocument(doc, input, qr);
  pageFooters(doc, `${input.kind === 'credit-note' ? 'Credit note' : 'Invoice'} ${number}`);
  doc.end();
  return done;
}

/**
 * The shipping label (docs/fulfilment.md, "Label"): a 4×6 inch PDF page with the AWB as a
 * Code 128 barcode (bwip-js), the courier, both addresses, the order reference, weight and
 * size, and "COD: collect ₹X" on cash-on-delivery parcels. Made for manual shipments too.
 * The fonts are the invoice's (Noto Sans, for the ₹ sign).
 */
import { formatINR, shortOrderId } from '@bagshop/domain';
import { loadInvoiceFonts } from '../tax/invoice-pdf.js';

export interface LabelInput {
  orderId: string;
  courier: string;
  awb: string;
  cod: boolean;
  /** Rupees */
  totalAmount: number;
  weightGrams: number;
  dimensionsCm: { length: number; breadth: number; height: number };
  to: { name: string; phone: string; lines: string[] };
  from: { name: string; lines: string[] };
  items: { name: string; quantity: number }[];
}

const INCH = 72;
export const LABEL_SIZE: [number, number] = [4 * INCH, 6 * INCH];

export async function awbBarcodePng(awb: string): Promise<Buffer> {
  const { default: bwipjs } = await import('bwip-js/node');
  return bwipjs.toBuffer({ bcid: 'code128', text: awb, scale: 3, height: 14, includetext: false, paddingwidth: 0 });
}

export async function renderLabelPdf(input: LabelInput): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { regular, bold } = loadInvoiceFonts();
  const doc = new PDFDocument({
    size: LABEL_SIZE,
    margin: 14,
    info: { Title: `Shipping label ${input.awb}`, Subject: `Order ${input.orderId}` },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const W = LABEL_SIZE[0] - 28;
  const x = 14;
  let y = 14;

  doc
    .font('bold')
    .fontSize(13)
    .text(input.courier || 'Courier', x, y, { width: W * 0.6 });
  doc
    .font('bold')
    .fontSize(11)
    .text(input.cod ? 'COD' : 'PREPAID', x + W * 0.6, y, { width: W * 0.4, align: 'right' });
  y += 22;

  const png = await awbBarcodePng(input.awb);
  doc.image(png, x, y, { fit: [W, 62], align: 'center' });
  y += 66;
  doc.font('bold').fontSize(12).text(`AWB ${input.awb}`, x, y, { width: W, align: 'center' });
  y += 20;

  if (input.cod) {
    doc.rect(x, y, W, 26).fill('#000');
    doc
      .fillColor('#fff')
      .font('bold')
      .fontSize(14)
      .text(`COD: collect ${formatINR(input.totalAmount)}`, x, y + 5, { width: W, align: 'center' });
    doc.fillColor('#000');
    y += 32;
  }

  /** A rule across the label, then a small heading and an address under it. */
  const addressBlock = (
    heading: string,
    address: { name: string; lines: string[]; phone?: string },
    size: { name: number; lines: number },
  ) => {
    doc
      .moveTo(x, y)
      .lineTo(x + W, y)
      .stroke();
    y += 6;
    doc.font('regular').fontSize(8).text(heading, x, y);
    y += 11;
    doc.font('bold').fontSize(size.name).text(address.name, x, y, { width: W });
    y = doc.y + (size.name >= 12 ? 1 : 0);
    doc.font('regular').fontSize(size.lines);
    for (const line of [...address.lines, ...(address.phone ? [`Phone ${address.phone}`] : [])]) {
      doc.text(line, x, y, { width: W });
      y = doc.y;
    }
    y += 6;
  };
  addressBlock('DELIVER TO', input.to, { name: 12, lines: 10 });
  addressBlock('FROM (RETURN ADDRESS)', input.from, { name: 9, lines: 8 });
  doc
    .moveTo(x, y)
    .lineTo(x + W, y)
    .stroke();
  y += 6;
  const { length, breadth, height } = input.dimensionsCm;
  doc
    .font('regular')
    .fontSize(8)
    .text(`Order #${shortOrderId(input.orderId)} · ${(input.weightGrams / 1000).toFixed(2)} kg · ${length}×${breadth}×${height} cm`, x, y, {
      width: W,
    });
  y = doc.y + 2;
  const contents = input.items.map((i) => `${i.name} × ${i.quantity}`).join('; ');
  doc.text(`Contents: ${contents}`, x, y, { width: W, height: LABEL_SIZE[1] - y - 14, ellipsis: true });
  doc.end();
  return done;
}

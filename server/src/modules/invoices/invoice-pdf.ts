import PDFDocument from 'pdfkit';
import type { InvoiceDoc, PartySnapshot } from './invoice-doc.ts';
import { countryName, dateIn, invoiceTexts, moneyIn, rateOf } from './invoice-texts.ts';

const MARGIN = 48;
const WIDTH = 595.28 - 2 * MARGIN; // A4
/** The line table's columns: x and width (description, qty, unit price, rate, VAT, total). */
const COLUMNS = [
  { x: 0, w: 215 },
  { x: 215, w: 35 },
  { x: 250, w: 70 },
  { x: 320, w: 50 },
  { x: 370, w: 65 },
  { x: 435, w: WIDTH - 435 },
] as const;

/**
 * Renders the stored document as a PDF (pdfkit, the standard Helvetica: nothing to load from
 * disk). Everything printed comes from the document itself, dates included (the PDF's creation
 * date is its issue date), so the same document always gives the same text; nothing is stored
 * but the document.
 */
export function renderInvoicePdf(doc: InvoiceDoc): Promise<Buffer> {
  const t = invoiceTexts(doc.locale);
  const money = moneyIn(doc.locale, doc.currency);
  const date = dateIn(doc.locale);
  const credit = doc.kind === 'credit_note';
  const title = `${credit ? t.creditNote : t.invoice} ${doc.number}`;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: title,
      Author: doc.issuer.name,
      CreationDate: doc.issuedAt,
      ModDate: doc.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  pdf.font('Helvetica-Bold').fontSize(18).text(title);
  pdf.moveDown(0.5).font('Helvetica').fontSize(9);
  pdf.text(`${t.number}: ${doc.number}`);
  pdf.text(`${t.issued}: ${date(doc.issuedAt)}`);
  pdf.text(`${t.paid}: ${date(doc.paidAt)}`);
  pdf.text(`${t.order}: ${doc.orderNumber}`);
  if (credit && doc.invoiceNumber) pdf.text(`${t.correctsInvoice}: ${doc.invoiceNumber}`);
  if (credit && doc.reason) pdf.text(`${t.reason}: ${doc.reason}`);

  const top = pdf.moveDown(1).y;
  party(pdf, t.issuer, doc.issuer, t.vatNumber, MARGIN, top);
  const issuerEnd = pdf.y;
  party(
    pdf,
    t.buyer,
    { name: doc.buyer.name, address: doc.buyer.email, vatNumber: null, country: null },
    t.vatNumber,
    MARGIN + WIDTH / 2,
    top,
  );
  pdf.text(
    `${t.vatCountry}: ${doc.taxCountry ? countryName(doc.locale, doc.taxCountry) : t.outsideEu}`,
    MARGIN + WIDTH / 2,
    pdf.y,
    {
      width: WIDTH / 2,
    },
  );
  pdf.y = Math.max(issuerEnd, pdf.y);
  pdf.moveDown(0.5).fontSize(7).fillColor('#555').text(t.issuerRole, MARGIN, pdf.y, {
    width: WIDTH,
  });
  pdf.fillColor('black').moveDown(1);

  // The lines: each with its seller's trader details under it (DSA art. 30).
  row(pdf, [t.line, t.quantity, t.unitPrice, t.rate, t.vat, t.gross], true);
  for (const line of doc.lines) {
    row(pdf, [
      line.description,
      String(line.quantity),
      money(line.unitPriceCents),
      rateOf(line.vatRateBps),
      money(line.vatCents),
      money(line.grossCents),
    ]);
    const s = line.seller;
    const trader = [s.registrationName, `${t.vatNumber} ${s.vatNumber}`, s.address]
      .filter(Boolean)
      .join(' · ');
    pdf.fontSize(7).fillColor('#555');
    pdf.text(`${t.seller}: ${s.name} — ${trader}`, MARGIN + 8, pdf.y, { width: WIDTH - 8 });
    if (line.discountCents > 0) {
      pdf.text(`${t.discount}: −${money(line.discountCents)}`, MARGIN + 8, pdf.y);
    }
    // A zero-VAT offer says why; a buyer outside the EU pays none on any line (said once, above).
    if (line.zeroVat) pdf.text(t.zeroRated, MARGIN + 8, pdf.y, { width: WIDTH - 8 });
    pdf.fillColor('black').moveDown(0.4);
  }

  pdf.moveDown(0.5).font('Helvetica-Bold').fontSize(9).text(t.vatSummary, MARGIN, pdf.y);
  pdf.font('Helvetica');
  for (const v of doc.vatSummary) {
    pdf.text(
      `${rateOf(v.rateBps)} — ${t.totalNet} ${money(v.netCents)} · ${t.totalVat} ${money(v.vatCents)}`,
    );
  }
  pdf.moveDown(0.5);
  total(pdf, t.totalNet, money(doc.totals.netCents));
  total(pdf, t.totalVat, money(doc.totals.vatCents));
  pdf.font('Helvetica-Bold');
  total(pdf, credit ? t.totalCredited : t.totalGross, money(doc.totals.grossCents));
  pdf.font('Helvetica').moveDown(1).fontSize(7).fillColor('#555');
  pdf.text(`${t.prices} ${doc.currency.toUpperCase()}.`, MARGIN, pdf.y, { width: WIDTH });
  pdf.end();
  return done;
}

function party(
  pdf: PDFKit.PDFDocument,
  heading: string,
  p: PartySnapshot,
  vatLabel: string,
  x: number,
  y: number,
) {
  const width = WIDTH / 2 - 8;
  pdf.font('Helvetica-Bold').fontSize(9).text(heading, x, y, { width });
  pdf.font('Helvetica').text(p.name, x, pdf.y, { width });
  if (p.address) pdf.text(p.address, x, pdf.y, { width });
  if (p.vatNumber) pdf.text(`${vatLabel}: ${p.vatNumber}`, x, pdf.y, { width });
}

function row(pdf: PDFKit.PDFDocument, cells: string[], header = false) {
  const y = pdf.y;
  pdf.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
  let bottom = y;
  cells.forEach((cell, i) => {
    const col = COLUMNS[i]!;
    pdf.text(cell, MARGIN + col.x, y, { width: col.w, align: i === 0 ? 'left' : 'right' });
    bottom = Math.max(bottom, pdf.y);
  });
  pdf.x = MARGIN;
  pdf.y = bottom;
  if (header) {
    pdf
      .moveTo(MARGIN, bottom + 1)
      .lineTo(MARGIN + WIDTH, bottom + 1)
      .stroke();
    pdf.y = bottom + 4;
  }
  pdf.font('Helvetica');
}

function total(pdf: PDFKit.PDFDocument, label: string, amount: string) {
  const y = pdf.y;
  pdf.fontSize(9).text(label, MARGIN + WIDTH - 220, y, { width: 120, align: 'right' });
  pdf.text(amount, MARGIN + WIDTH - 100, y, { width: 100, align: 'right' });
}

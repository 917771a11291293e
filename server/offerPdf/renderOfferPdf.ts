import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { TenantKey } from '../../src/config/companyTime';
import { offerFonts, tenantLogoSvg } from './offerAssets';
import type { OfferRow, OfferTotals } from './offerContent';
import type { OfferAddress } from './offerPdfQueries';

/** The company data printed in the letterhead and footer. */
export interface OfferCompany {
  name: string;
  street: string;
  zip: string;
  city: string;
  phone: string;
  email: string;
  website: string;
  vatId: string;
  register: string;
  bank: string;
  iban: string;
}

/** Everything on the PDF, already resolved and formatted: drawing decides nothing about content. */
export interface OfferDocument {
  tenant: TenantKey;
  brandColor: string;
  company: OfferCompany;
  date: string;
  validUntil: string;
  belegNumber: string;
  vorgangNumber: string;
  vorgangTitle: string;
  customerNumber: string | null;
  customer: OfferAddress;
  endCustomer: OfferAddress | null;
  contact: { name: string; phone: string | null; email: string | null };
  intro: string;
  closing: string;
  signature: string;
  rows: OfferRow[];
  showUnitPrices: boolean;
  showPositionTotals: boolean;
  totals: OfferTotals;
}

const LEFT = 56;
const RIGHT = 56;
const TOP = 56;
/** Space kept free at the bottom of each page for the footer. */
const FOOTER = 74;
const TEXT = '#222222';
const MUTED = '#666666';
const SIZE = 9.5;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell: (row: OfferRow) => string;
}

function columnsOf(document: OfferDocument, contentWidth: number): Column[] {
  const fixed: Column[] = [
    { title: 'Menge', width: 48, align: 'right', cell: (r) => r.quantity },
    { title: 'Einheit', width: 42, align: 'left', cell: (r) => r.unit },
  ];
  if (document.showUnitPrices)
    fixed.push({ title: 'Einzelpreis', width: 74, align: 'right', cell: (r) => r.unitPrice ?? '' });
  if (document.showPositionTotals)
    fixed.push({ title: 'Gesamt', width: 80, align: 'right', cell: (r) => r.total ?? '' });
  const pos: Column = { title: 'Pos.', width: 30, align: 'left', cell: (r) => r.posNr };
  const used = pos.width + fixed.reduce((sum, c) => sum + c.width, 0);
  const text: Column = {
    title: 'Bezeichnung',
    width: contentWidth - used,
    align: 'left',
    cell: (r) => r.text,
  };
  return [pos, text, ...fixed];
}

/** Renders the simplified offer; page breaks repeat the table header, every page says "Seite x von y". */
export function renderOfferPdf(document: OfferDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: TOP, bottom: FOOTER, left: LEFT, right: RIGHT },
    bufferPages: true,
    lang: 'de-DE',
    info: {
      Title: `Angebot ${document.belegNumber}`,
      Author: document.company.name,
      Subject: `Vorgang ${document.vorgangNumber}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { regular, bold } = offerFonts();
  doc.registerFont('Roboto', regular);
  doc.registerFont('Roboto-Bold', bold);
  doc.font('Roboto').fontSize(SIZE).fillColor(TEXT);

  const width = doc.page.width - LEFT - RIGHT;
  letterhead(doc, document, width);
  doc.font('Roboto-Bold').fontSize(15).fillColor(document.brandColor);
  doc.text(`Angebot ${document.belegNumber}`, LEFT, doc.y, { width });
  doc
    .font('Roboto')
    .fontSize(SIZE + 0.5)
    .fillColor(TEXT);
  doc.text(`${document.vorgangTitle}`, { width });
  doc.moveDown(0.8);
  if (document.intro) doc.text(document.intro, { width, lineGap: 1.5 }).moveDown(0.8);

  positionsTable(doc, document, width);
  totalsBlock(doc, document, width);

  doc.font('Roboto').fontSize(SIZE).fillColor(TEXT);
  if (document.closing) doc.moveDown(1).text(document.closing, LEFT, doc.y, { width, lineGap: 1.5 });
  if (document.signature) doc.moveDown(1).text(document.signature, LEFT, doc.y, { width, lineGap: 1.5 });

  footers(doc, document, width);
  doc.end();
  return done;
}

function letterhead(doc: PDFKit.PDFDocument, d: OfferDocument, width: number) {
  SVGtoPDF(doc, tenantLogoSvg(d.tenant), LEFT - 2, TOP - 14, {
    width: 200,
    height: 44,
    fontCallback: (_family, isBold) => (isBold ? 'Roboto-Bold' : 'Roboto'),
  });
  const c = d.company;
  doc.font('Roboto').fontSize(8).fillColor(MUTED);
  const companyLines = [
    c.name,
    c.street,
    [c.zip, c.city].filter(Boolean).join(' '),
    c.phone && `Tel. ${c.phone}`,
    c.email,
    c.website,
  ].filter(Boolean);
  doc.text(companyLines.join('\n'), LEFT + width - 190, TOP - 12, { width: 190, align: 'right', lineGap: 1 });

  // The sender line above the window of a C5/6 envelope, then the address.
  const addressTop = 150;
  doc.fontSize(7).fillColor(MUTED);
  doc.text(
    [c.name, c.street, [c.zip, c.city].filter(Boolean).join(' ')].filter(Boolean).join(' · '),
    LEFT,
    addressTop - 14,
    {
      width: 260,
      lineBreak: false,
      ellipsis: true,
    },
  );
  doc
    .fontSize(10.5)
    .fillColor(TEXT)
    .text(d.customer.lines.join('\n'), LEFT, addressTop, { width: 250, lineGap: 1 });
  let leftBottom = doc.y;
  if (d.endCustomer) {
    doc.moveDown(0.8).font('Roboto-Bold').fontSize(8.5).text('Endkunde / Bauvorhaben', { width: 250 });
    doc.font('Roboto').fontSize(9).text(d.endCustomer.lines.join('\n'), { width: 250, lineGap: 1 });
    leftBottom = doc.y;
  }

  const facts: [string, string | null][] = [
    ['Datum', d.date],
    ['Angebot', d.belegNumber],
    ['Vorgang', d.vorgangNumber],
    ['Kundennummer', d.customerNumber],
    ['Gültig bis', d.validUntil],
    ['Ihr Ansprechpartner', d.contact.name],
    ['Telefon', d.contact.phone],
    ['E-Mail', d.contact.email],
  ];
  const factsLeft = LEFT + width - 210;
  let y = addressTop;
  for (const [label, value] of facts) {
    if (!value) continue;
    doc.font('Roboto').fontSize(8.5).fillColor(MUTED).text(label, factsLeft, y, { width: 90 });
    doc.fillColor(TEXT).text(value, factsLeft + 90, y, { width: 120 });
    y = Math.max(doc.y, y + 12);
  }
  doc.x = LEFT;
  doc.y = Math.max(leftBottom, y) + 28;
}

function tableHeader(doc: PDFKit.PDFDocument, columns: Column[], brandColor: string) {
  const y = doc.y;
  doc
    .rect(
      LEFT,
      y,
      columns.reduce((s, c) => s + c.width, 0),
      18,
    )
    .fill(brandColor);
  doc.font('Roboto-Bold').fontSize(8.5).fillColor('#ffffff');
  let x = LEFT;
  for (const column of columns) {
    doc.text(column.title, x + 3, y + 5, { width: column.width - 6, align: column.align, lineBreak: false });
    x += column.width;
  }
  doc.y = y + 20;
}

function positionsTable(doc: PDFKit.PDFDocument, d: OfferDocument, width: number) {
  const columns = columnsOf(d, width);
  const textColumn = columns[1]!;
  const bottom = () => doc.page.height - FOOTER - 6;
  if (doc.y + 60 > bottom()) doc.addPage();
  tableHeader(doc, columns, d.brandColor);
  d.rows.forEach((row, index) => {
    doc.font('Roboto').fontSize(SIZE);
    const textHeight = doc.heightOfString(row.text, { width: textColumn.width - 6 });
    const articleHeight = row.articleNumber ? 11 : 0;
    const height = Math.max(textHeight + articleHeight, 12) + 7;
    if (doc.y + height > bottom()) {
      doc.addPage();
      tableHeader(doc, columns, d.brandColor);
    }
    const y = doc.y;
    if (index % 2 === 1) doc.rect(LEFT, y, width, height).fill('#f3f3f3');
    let x = LEFT;
    for (const column of columns) {
      const top = y + 4;
      if (column === textColumn && row.articleNumber) {
        doc.font('Roboto').fontSize(7.5).fillColor(MUTED);
        doc.text(`Art.-Nr. ${row.articleNumber}`, x + 3, top, { width: column.width - 6, lineBreak: false });
        doc.font('Roboto').fontSize(SIZE).fillColor(TEXT);
        doc.text(row.text, x + 3, top + articleHeight, { width: column.width - 6 });
      } else {
        doc.font('Roboto').fontSize(SIZE).fillColor(TEXT);
        doc.text(column.cell(row), x + 3, top, {
          width: column.width - 6,
          align: column.align,
          lineBreak: column === textColumn,
        });
      }
      x += column.width;
    }
    doc.y = y + height;
  });
  doc
    .moveTo(LEFT, doc.y)
    .lineTo(LEFT + width, doc.y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc.x = LEFT;
}

function totalsBlock(doc: PDFKit.PDFDocument, d: OfferDocument, width: number) {
  const t = d.totals;
  const lines: [string, string, boolean][] = [];
  if (t.discount) lines.push(['Nachlass', t.discount, false]);
  lines.push(['Summe netto', t.net, false]);
  for (const vat of t.vat) lines.push([vat.label, vat.amount, false]);
  lines.push(['Gesamtsumme brutto', t.gross, true]);
  const needed = lines.length * 16 + 16;
  if (doc.y + needed > doc.page.height - FOOTER) doc.addPage();
  let y = doc.y + 8;
  const labelLeft = LEFT + width - 280;
  for (const [label, amount, strong] of lines) {
    if (strong) {
      doc
        .moveTo(labelLeft, y - 2)
        .lineTo(LEFT + width, y - 2)
        .lineWidth(0.8)
        .strokeColor(TEXT)
        .stroke();
      y += 2;
    }
    doc
      .font(strong ? 'Roboto-Bold' : 'Roboto')
      .fontSize(strong ? 10.5 : SIZE)
      .fillColor(TEXT);
    doc.text(label, labelLeft, y, { width: 180, lineBreak: false });
    doc.text(amount, labelLeft + 180, y, { width: 100, align: 'right', lineBreak: false });
    y += 16;
  }
  doc.x = LEFT;
  doc.y = y + 4;
}

/** Company data and "Seite x von y" on every page (drawn after the content, when the count is known). */
function footers(doc: PDFKit.PDFDocument, d: OfferDocument, width: number) {
  const c = d.company;
  const range = doc.bufferedPageRange();
  const lineOne = [c.name, c.street, [c.zip, c.city].filter(Boolean).join(' '), c.phone && `Tel. ${c.phone}`]
    .filter(Boolean)
    .join(' · ');
  const lineTwo = [
    c.vatId && `UID ${c.vatId}`,
    c.register,
    [c.bank, c.iban && `IBAN ${c.iban}`].filter(Boolean).join(', '),
  ]
    .filter(Boolean)
    .join(' · ');
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would start a new page: the footer may use the whole page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - FOOTER + 20;
    doc
      .moveTo(LEFT, y)
      .lineTo(LEFT + width, y)
      .lineWidth(0.5)
      .strokeColor('#bbbbbb')
      .stroke();
    doc.font('Roboto').fontSize(7).fillColor(MUTED);
    doc.text(lineOne, LEFT, y + 6, { width: width - 80, lineBreak: false, ellipsis: true });
    doc.text(lineTwo, LEFT, y + 16, { width: width - 80, lineBreak: false, ellipsis: true });
    doc.font('Roboto').fontSize(8).fillColor(TEXT);
    doc.text(`Seite ${i - range.start + 1} von ${range.count}`, LEFT + width - 80, y + 6, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
  }
}

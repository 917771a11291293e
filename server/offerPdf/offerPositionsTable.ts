import type { OfferRow } from './offerContent';
import type { OfferDocument } from './offerDocument';
import { FOOTER, LEFT, MUTED, SIZE, TEXT } from './offerLayout';

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

/** The positions, striped; a page break repeats the header. */
export function positionsTable(doc: PDFKit.PDFDocument, d: OfferDocument, width: number) {
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

/** Nachlass, Summe netto, the VAT lines and Gesamtsumme brutto, kept together on one page. */
export function totalsBlock(doc: PDFKit.PDFDocument, d: OfferDocument, width: number) {
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

import type { OfferDocument } from './offerDocument';
import { FOOTER, LEFT, MUTED, TEXT } from './offerLayout';

/** Company data and "Seite x von y" on every page (drawn after the content, when the count is known). */
export function footers(doc: PDFKit.PDFDocument, d: OfferDocument, width: number) {
  const c = d.company;
  const range = doc.bufferedPageRange();
  const lineOne = [c.name, c.street, [c.zip, c.city].filter(Boolean).join(' '), c.phone && `Tel. ${c.phone}`]
    .filter(Boolean)
    .join(' · ');
  const lineTwo = [
    c.vatId && `${c.vatIdLabel} ${c.vatId}`,
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

import PDFDocument from 'pdfkit';
import { offerFonts } from './offerAssets';
import type { OfferDocument } from './offerDocument';
import { footers } from './offerFooters';
import { FOOTER, LEFT, RIGHT, SIZE, TEXT, TOP } from './offerLayout';
import { letterhead } from './offerLetterhead';
import { positionsTable, totalsBlock } from './offerPositionsTable';
import { pdfBytes } from '../platform/pdf/pdfBytes';

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
  const done = pdfBytes(doc);
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

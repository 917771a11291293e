import SVGtoPDF from 'svg-to-pdfkit';
import { tenantLogoSvg } from './offerAssets';
import type { OfferDocument } from './offerDocument';
import { LEFT, MUTED, TEXT, TOP } from './offerLayout';

/** The largest font size from `size` down to `smallest` (in quarter points) at which `text` fits `width`. */
function fittedSize(doc: PDFKit.PDFDocument, text: string, width: number, size: number, smallest: number) {
  let fitted = size;
  while (fitted > smallest && doc.fontSize(fitted).widthOfString(text) > width) fitted -= 0.25;
  return fitted;
}

/**
 * The e-mail among the facts, never broken: an address is one word. A little smaller until it fits its column;
 * a long one on its own line below its label, across the whole block (only one longer than that breaks, after the
 * "@"). Returns the y of the next fact.
 */
function emailFact(doc: PDFKit.PDFDocument, email: string, left: number, y: number): number {
  const inColumn = fittedSize(doc, email, 120, 8.5, 7.5);
  doc.fillColor(TEXT);
  if (doc.fontSize(inColumn).widthOfString(email) <= 120) {
    doc.text(email, left + 90, y, { width: 120, lineBreak: false });
  } else {
    const size = fittedSize(doc, email, 210, 8.5, 6.5);
    const fits = doc.fontSize(size).widthOfString(email) <= 210;
    doc.text(fits ? email : email.replace('@', '@\u200b'), left, y + 11, { width: 210 });
  }
  doc.fontSize(8.5);
  return Math.max(doc.y, y + 12);
}

/** Logo and company block, the address in the envelope window, the offer's facts beside it. */
export function letterhead(doc: PDFKit.PDFDocument, d: OfferDocument, width: number) {
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
    if (label === 'E-Mail') {
      y = emailFact(doc, value, factsLeft, y);
      continue;
    }
    doc.fillColor(TEXT).text(value, factsLeft + 90, y, { width: 120 });
    y = Math.max(doc.y, y + 12);
  }
  doc.x = LEFT;
  doc.y = Math.max(leftBottom, y) + 28;
}

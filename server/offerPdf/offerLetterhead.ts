import SVGtoPDF from 'svg-to-pdfkit';
import { tenantLogoSvg } from './offerAssets';
import type { OfferDocument } from './offerDocument';
import { LEFT, MUTED, TEXT, TOP } from './offerLayout';

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
    doc.fillColor(TEXT).text(value, factsLeft + 90, y, { width: 120 });
    y = Math.max(doc.y, y + 12);
  }
  doc.x = LEFT;
  doc.y = Math.max(leftBottom, y) + 28;
}

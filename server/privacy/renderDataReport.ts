import PDFDocument from 'pdfkit';
import type { Tenant } from '../platform/config/tenants';
import type { DataSection } from './customerDataTypes';
import { numberPages, pdfBytes } from '../platform/pdf/pdfBytes';

// PDFKit's built-in Helvetica knows only WinAnsi: anything else (emoji, other scripts) would print as garbage.
const printable = (value: string) => value.replace(/[^\n\u0020-\u00ff„“‚‘…–—€→]/g, '?').replace(/→/g, '->');

/**
 * The Art. 15 report as a PDF: who answers, about whom, when, the Art. 15 (1) information, then every section of
 * the customer's data.
 */
export function renderDataReport(
  tenant: Tenant,
  about: { name: string; customerNumber: string | null; madeAt: string; madeBy: string },
  information: DataSection,
  sections: readonly DataSection[],
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 60, right: 60 },
    info: { Title: `Auskunft nach Art. 15 DSGVO – ${printable(about.name)}`, Author: tenant.company.name },
    lang: 'de-DE',
    bufferPages: true,
  });
  const done = pdfBytes(doc);

  doc.font('Helvetica-Bold').fontSize(18).fillColor(tenant.brandColor).text('Auskunft nach Art. 15 DSGVO');
  doc.moveDown(0.3).font('Helvetica').fontSize(10.5).fillColor('#222222');
  doc.text(
    printable(
      `${tenant.company.name}, ${tenant.company.street}, ${tenant.company.zip} ${tenant.company.city}`,
    ),
  );
  doc.text(
    printable(
      `Betroffene Person: ${about.name}${about.customerNumber ? ` (Kunde ${about.customerNumber})` : ''}`,
    ),
  );
  doc.text(printable(`Erstellt am ${about.madeAt} von ${about.madeBy}`));
  doc
    .moveDown(0.5)
    .fillColor('#555555')
    .text(
      'Diese Auskunft enthält alle personenbezogenen Daten, die im CRM zu Ihnen gespeichert sind: Stammdaten, Vorgänge mit Endkunden, Belege, Notizen, Aktivitäten, gesendete E-Mails, Bewertungen, Labels, Dateien und den Änderungsverlauf mit früheren Werten. Im ZIP liegen neben diesem Bericht die Dateien selbst (Ordner „Dateien“) und dieselben Daten maschinenlesbar (daten.json).',
    );
  for (const section of [information, ...sections]) {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(tenant.brandColor).text(section.title);
    doc.moveDown(0.2).font('Helvetica').fontSize(10).fillColor('#222222');
    if (section.rows.length === 0) doc.fillColor('#777777').text('Keine Einträge.').fillColor('#222222');
    for (const row of section.rows) {
      for (const { label, value } of row) {
        doc.font('Helvetica-Bold').text(printable(`${label}: `), { continued: true });
        doc.font('Helvetica').text(printable(value));
      }
      doc.moveDown(0.4);
    }
  }
  numberPages(doc, tenant.company.name, { side: 60, bottom: 44 });
  doc.end();
  return done;
}

import PDFDocument from 'pdfkit';
import type { Tenant } from '../platform/config/tenants';

interface Section {
  title: string;
  paragraphs: string[];
}

/** What staff need to know, area by area; the wording follows the screens. */
const sections = (tenant: Tenant): Section[] => [
  {
    title: 'Anmelden',
    paragraphs: [
      `Öffnen Sie das CRM im Browser und wählen Sie „Anmelden“. Sie melden sich mit Ihrem ${tenant.name}-Firmenkonto (Microsoft) an; ein eigenes Passwort für das CRM gibt es nicht.`,
      'Welche Bereiche Sie sehen, hängt von Ihren Gruppen im Verzeichnis ab. Sehen Sie „Zugriff verweigert – Ihnen sind keine AD-Gruppen zugeordnet“, bitten Sie Ihre IT, Sie in die passende Gruppe aufzunehmen (z. B. APP_KUNDE für den Verkauf).',
      'Abmelden: Profilbild oben rechts, dann „Abmelden“.',
    ],
  },
  {
    title: 'Menü, Brotkrumen und Layout',
    paragraphs: [
      'Links (oder oben, je nach Einstellung) finden Sie das Menü. Die Schaltfläche mit den drei Strichen blendet es ein und aus. Die Zeile über dem Inhalt („Brotkrumen“) zeigt, wo Sie gerade sind; jeder Teil davon ist anklickbar.',
      'Über das Zahnrad oben rechts passen Sie das Layout an: Menü statisch, überlagernd, schmal (nur Symbole) oder horizontal; helles, gedämpftes oder dunkles Farbschema; Schriftgröße 12 bis 16; Farbthema. Ihre Auswahl wird für Sie gespeichert.',
      'Das Info-Symbol öffnet dieses Handbuch.',
    ],
  },
  {
    title: 'Dashboard und Todos',
    paragraphs: [
      'Das Dashboard ist Ihre Startseite nach der Anmeldung: Kennzahlen, Ihre fälligen Aufgaben und Vorgänge auf einen Blick.',
      'Unter „Todos“ stehen Ihre offenen Aktivitäten mit Fälligkeit. Erledigtes haken Sie ab; Überfälliges ist hervorgehoben.',
    ],
  },
  {
    title: 'Kunden',
    paragraphs: [
      'Die Kundenliste sucht über Name, Kundennummer, Telefon, E-Mail und Ort; Teile eines Namens genügen, Umlaute werden berücksichtigt. Spaltenfilter bieten „Beginnt mit“, „Beinhaltet“, „Gleich“ und „Ungleich“.',
      'Auf der Kundenseite sehen Sie Kontaktdaten, Betreuer, Filiale und Labels, darunter die Timeline mit Notizen, Aktivitäten, Belegen, E-Mails und NPS-Antworten. Dort erfassen Sie Aktivitäten, laden Dateien hoch, schreiben persönliche Notizen und senden E-Mails aus Textvorlagen.',
      'Hat ein Kollege denselben Kunden inzwischen geändert, weist Sie das CRM beim Speichern darauf hin, statt seine Änderung zu überschreiben.',
    ],
  },
  {
    title: 'Vorgangsübersicht',
    paragraphs: [
      'Ein Vorgang ist ein Verkaufsprojekt eines Kunden, vom ersten Kontakt bis zum Auftrag oder Verlust, mit seinen Belegen (Angebot, Auftragsbestätigung, Rechnung).',
      '„Vorgänge“ listet alle Vorgänge mit Status und Volumen. „Fällige Labels“ zeigt Vorgänge, deren Label (z. B. „Nachfassen“) fällig ist. Die „Kartenansicht“ ordnet Vorgänge in Spalten nach eigenem Status; Karten verschieben Sie mit der Maus.',
    ],
  },
  {
    title: 'NPS und Dateien',
    paragraphs: [
      'NPS zeigt die Kundenzufriedenheit: Bewertungen von 0 bis 10 mit Kommentar, den Net Promoter Score über die Zeit, je Filiale und je Verkäufer.',
      '„Dateien“ enthält Unterlagen für den Verkauf (Preislisten, Prospekte, Formulare) zum Herunterladen.',
    ],
  },
  {
    title: 'Admin, Admin-Verkauf und Admin-Benutzer',
    paragraphs: [
      'Admin (Gruppe APP_ADMIN): Labels, Gründe, Stammdaten, eigene Status, Artikel und Artikel-Mappings, globale Einstellungen, Datenabgleich mit dem ERP und die Nutzungsstatistik.',
      'Admin-Verkauf (APP_ADMIN_VERKAUF): Produktgruppen, Warengruppen, Filialen, Verkaufskurve, Verkaufsziele und Textvorlagen.',
      'Admin-Benutzer (APP_ADMIN): Personen aus dem Verzeichnis als Benutzer anlegen (Kürzel, Filiale, Signatur) und die Kollegen Ihres Standorts sehen.',
    ],
  },
  {
    title: 'Hilfe',
    paragraphs: [
      `Fragen zum CRM beantwortet Ihre Administration. ${tenant.company.name}, ${tenant.company.street}, ${tenant.company.zip} ${tenant.company.city}, Telefon ${tenant.company.phone}, ${tenant.company.email}.`,
    ],
  },
];

/** The tenant's user manual as a PDF (a few pages, German, with the company's colour and data). */
export function renderUserManual(tenant: Tenant): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 72, bottom: 72, left: 64, right: 64 },
    info: {
      Title: `${tenant.loginTitle} – Benutzerhandbuch`,
      Author: tenant.company.name,
      Subject: 'Handbuch',
    },
    lang: 'de-DE',
    bufferPages: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.rect(0, 0, doc.page.width, 140).fill(tenant.brandColor);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(26).text(tenant.loginTitle, 64, 52);
  doc.font('Helvetica').fontSize(13).text('Benutzerhandbuch', 64, 90);
  doc.moveDown(4).fillColor('#222222');
  doc.y = 180;
  for (const section of sections(tenant)) {
    doc.font('Helvetica-Bold').fontSize(15).fillColor(tenant.brandColor).text(section.title);
    doc.moveDown(0.4).font('Helvetica').fontSize(11).fillColor('#222222');
    for (const paragraph of section.paragraphs)
      doc.text(paragraph, { align: 'left', lineGap: 2 }).moveDown(0.6);
    doc.moveDown(0.6);
  }
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor('#777777')
      .text(`${tenant.company.name} · Seite ${i + 1} von ${range.count}`, 64, doc.page.height - 48, {
        width: doc.page.width - 128,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

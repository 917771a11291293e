import PDFDocument from 'pdfkit';
import type { Tenant } from '../platform/config/tenants';
import { COLOR_SCHEMES, FONT_SCALES, INPUT_STYLES, MENU_MODES } from '../../src/config/appearance';
import { AREAS } from '../../src/resources/areas';
import type { MenuItem } from '../../src/resources/menu';
import type { ManualTab } from './loadManualTabs';
import { numberPages, pdfBytes } from '../platform/pdf/pdfBytes';

/** One heading of the manual and its paragraphs. */
export interface ManualSection {
  title: string;
  paragraphs: string[];
  /** The menu entry the section describes (absent for Anmelden, Bedienung, Hilfe). */
  menuLabel?: string;
}

const names = (options: readonly { name: string }[]) =>
  options.map((option) => `„${option.name}“`).join(', ');

/** The tabs of the admin area a menu entry opens (none for other entries). */
const tabsOfEntry = (item: MenuItem, tabs: readonly ManualTab[]) => {
  const area = Object.entries(AREAS).find(([, a]) => item.routerLink === `/crm/${a.path}`)?.[0];
  return area ? tabs.filter((tab) => tab.area === area) : [];
};

/** A menu entry's section: its description, then each sub-entry's ("Vorgänge: …") and each tab's. */
const menuSection = (item: MenuItem, tabs: readonly ManualTab[]): ManualSection => ({
  title: item.label,
  menuLabel: item.label,
  paragraphs: [
    `${item.description} Sie sehen diesen Bereich mit der Gruppe ${item.appGroup}.`,
    ...(item.items ?? []).map((sub) => `${sub.label}: ${sub.description}`),
    ...tabsOfEntry(item, tabs).map((tab) => `${tab.label}: ${tab.text}`),
  ],
});

/**
 * What staff need to know: how to sign in and find their way, then one section per menu entry, made from
 * the areas' menu declarations (src/resources/<area>/menu.ts), so the manual describes what the product has.
 */
export const manualSections = (
  tenant: Tenant,
  menu: readonly MenuItem[],
  tabs: readonly ManualTab[],
): ManualSection[] => [
  {
    title: 'Anmelden',
    paragraphs: [
      `Öffnen Sie das CRM im Browser und wählen Sie „Anmelden“. Sie melden sich mit Ihrem ${tenant.name}-Firmenkonto (Microsoft) an; ein eigenes Passwort für das CRM gibt es nicht.`,
      'Welche Bereiche Sie sehen, hängt von Ihren Gruppen im Verzeichnis ab. Sehen Sie „Zugriff verweigert“, bitten Sie Ihre IT, Sie in die passende Gruppe aufzunehmen (z. B. APP_KUNDE für den Verkauf).',
      'Abmelden: Profilbild oben rechts, dann „Abmelden“.',
    ],
  },
  {
    title: 'Menü, Brotkrumen und Layout',
    paragraphs: [
      'Links (oder oben, je nach Einstellung) finden Sie das Menü. Die Schaltfläche mit den drei Strichen blendet es ein und aus. Die Zeile über dem Inhalt („Brotkrumen“) zeigt, wo Sie gerade sind; jeder Teil davon ist anklickbar. Auf dem Handy steht der Name der Seite über dem Inhalt.',
      `Die Schaltfläche mit den Schiebereglern oben rechts („Layout anpassen“) öffnet die Layout-Einstellungen: Menümodus ${names(MENU_MODES)}; Farbschema ${names(COLOR_SCHEMES)}; Eingabefelder ${names(INPUT_STYLES)}; Schriftgröße ${FONT_SCALES[0]} bis ${FONT_SCALES[FONT_SCALES.length - 1]}; Farbthema. Ihre Auswahl wird in diesem Browser für Sie gespeichert.`,
      'Das Fragezeichen oben rechts öffnet dieses Handbuch.',
    ],
  },
  ...menu.map((item) => menuSection(item, tabs)),
  {
    title: 'Hilfe',
    paragraphs: [
      `Fragen zum CRM beantwortet Ihre Administration. ${tenant.company.name}, ${tenant.company.street}, ${tenant.company.zip} ${tenant.company.city}, Telefon ${tenant.company.phone}, ${tenant.company.email}.`,
    ],
  },
];

/** The tenant's user manual as a PDF (a few pages, German, with the company's colour and data). */
export function renderUserManual(
  tenant: Tenant,
  menu: readonly MenuItem[],
  tabs: readonly ManualTab[],
): Promise<Buffer> {
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
  const done = pdfBytes(doc);

  doc.rect(0, 0, doc.page.width, 140).fill(tenant.brandColor);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(26).text(tenant.loginTitle, 64, 52);
  doc.font('Helvetica').fontSize(13).text('Benutzerhandbuch', 64, 90);
  doc.moveDown(4).fillColor('#222222');
  doc.y = 180;
  for (const section of manualSections(tenant, menu, tabs)) {
    doc.font('Helvetica-Bold').fontSize(15).fillColor(tenant.brandColor).text(section.title);
    doc.moveDown(0.4).font('Helvetica').fontSize(11).fillColor('#222222');
    for (const paragraph of section.paragraphs)
      doc.text(paragraph, { align: 'left', lineGap: 2 }).moveDown(0.6);
    doc.moveDown(0.6);
  }
  numberPages(doc, tenant.company.name, { side: 64, bottom: 48 });
  doc.end();
  return done;
}

import { GROUPS } from '../../auth/groups';
import { defineMenu } from '../menu';

/** The three admin areas' menu entries: each opens a page with a tab per entity or page of the area. */
export default defineMenu(
  {
    order: 70,
    label: 'Admin',
    icon: 'admin',
    routerLink: '/crm/admin',
    appGroup: GROUPS.admin,
    description:
      'Die Einstellungen des CRM in drei Gruppen von Reitern. Stammdaten: Labels, Gründe, Stammdaten (Anrede, Herkunft, Aktivitätsart …), Eigene Status, Systemstatus. Artikel: Artikel, Artikel-Aliase, Artikel-Mappings, Mapping-Aliase, Mapping-Statistik. System: Datenabgleich (mit dem ERP-Export), Einstellungen, Postausgang (gesendete E-Mails), Nutzung, Änderungsverlauf (wer wann was geändert hat, mit altem und neuem Wert, Filtern und Excel-Export), Sammelaktionen (wer wann was an welcher Auswahl geändert hat, mit Bericht und „Rückgängig machen“), Datenschutz (wer wann für wen eine Auskunft erstellt, Daten gelöscht oder Datensätze exportiert hat, mit Excel-Export und der Löschliste für die Wiederherstellung einer Sicherung), Hintergrundaufgaben (fehlgeschlagene Aufgaben wie nicht zustellbare Mails, mit Grund und „Erneut versuchen“).',
  },
  {
    order: 80,
    label: 'Admin-Verkauf',
    icon: 'adminVerkauf',
    routerLink: '/crm/admin-verkauf',
    appGroup: GROUPS.adminVerkauf,
    description:
      'Für die Verkaufsleitung: Filialen, Produktgruppen, Warengruppen, Verkaufsziele je Verkäufer und Filiale, Soll/Ist (Ziele gegen Umsätze), Verkaufskurve (Anteil jedes Monats am Jahresziel), Textvorlagen für E-Mails und Dubletten (wahrscheinlich doppelt angelegte Kunden, nach Übereinstimmung von Name, Telefon, E-Mail und Adresse geordnet; „Zusammenführen“ zeigt beide nebeneinander, Sie wählen je Feld den Wert, der bleibt, und alles, was am anderen Kunden hängt, wandert mit).',
  },
  {
    order: 90,
    label: 'Admin-Benutzer',
    icon: 'adminBenutzer',
    routerLink: '/crm/admin-benutzer',
    appGroup: GROUPS.admin,
    description:
      'Benutzer: Personen aus dem Firmenverzeichnis als Benutzer des CRM beschreiben (Kürzel, Filiale, Signatur). Mein Standort: die Kollegen Ihres Standorts.',
  },
);

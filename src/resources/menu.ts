import { GROUPS, type AppGroup } from '../auth/groups';

/** A menu entry of SPEC §2/§3: label, icon name, route, the group it needs, sub-items. */
export interface MenuItem {
  label: string;
  icon: MenuIcon;
  routerLink: string;
  appGroup: AppGroup;
  /** What the area holds, in the user's words: the user manual (handbuch.pdf) is made from these. */
  description: string;
  items?: readonly Omit<MenuItem, 'items' | 'appGroup'>[];
  /** Always shown open (Vorgangsübersicht). */
  forceExpanded?: boolean;
}

export type MenuIcon =
  | 'dashboard'
  | 'todos'
  | 'nps'
  | 'kunden'
  | 'vorgang'
  | 'vorgangListe'
  | 'faellig'
  | 'kanban'
  | 'dateien'
  | 'admin'
  | 'adminVerkauf'
  | 'adminBenutzer';

/** The menu exactly as SPEC §2's table lists it. */
export const MENU: readonly MenuItem[] = [
  {
    label: 'Dashboard',
    icon: 'dashboard',
    routerLink: '/crm/dashboard',
    appGroup: GROUPS.kunde,
    description:
      'Ihre Startseite: unter „Heute“ das Überfällige und heute Fällige, darunter Kennzahlen (offene Angebote, Aufträge, Quote vom Angebot zum Auftrag) mit dem Vorjahr, ein Verlauf Ihrer Aktivitäten und Umsätze, die zuletzt bearbeiteten Vorgänge und Angebote ohne Aktivität seit 14 Tagen. Ein Klick auf eine Kennzahl öffnet die passenden Vorgänge. Verkaufsleiter wählen oben, ob sie sich selbst, ihre Filiale oder einen Verkäufer sehen.',
  },
  {
    label: 'Todos',
    icon: 'todos',
    routerLink: '/crm/todos',
    appGroup: GROUPS.kunde,
    description:
      'Alles, was fällig ist: offene Aktivitäten mit Fälligkeit und fällige Labels an Kunden und Vorgängen, gruppiert nach Überfällig, Heute, Morgen, Diese Woche und Später. Erledigtes haken Sie ab, anderes verschieben Sie; beides lässt sich gleich wieder rückgängig machen. Der Reiter „Aktivitäten“ listet alle Ihre Aktivitäten mit Filtern und Excel-Export.',
  },
  {
    label: 'NPS',
    icon: 'nps',
    routerLink: '/crm/nps',
    appGroup: GROUPS.nps,
    description:
      'Die Kundenzufriedenheit: unter „Antworten“ die Bewertungen von 0 bis 10 mit Kommentar (filtern, erfassen, als Excel exportieren), unter „Statistik“ der Net Promoter Score je Zeitraum, Filiale und Verkäufer. Eine Bewertung von 0 bis 6 legt dem Betreuer eine Aktivität zum Anrufen an. Umfragen senden Sie per E-Mail an Kunden.',
  },
  {
    label: 'Kunden',
    icon: 'kunden',
    routerLink: '/crm/kunden',
    appGroup: GROUPS.kunde,
    description:
      'Die Kundenliste: Die Suche findet jedes eingegebene Wort in Name, Kundennummer, Telefon, E-Mail oder Ort, Telefonnummern auch in anderer Schreibweise. „Nur meine“ zeigt die Kunden, die Sie betreuen; über „Spalten“ blenden Sie Spalten ein und aus; die Liste lässt sich als Excel exportieren. Die Kundenseite zeigt Kontaktdaten (direkt änderbar), Betreuer, Filiale, Labels und die Timeline mit Notizen, Aktivitäten, Belegen, E-Mails und NPS-Antworten; dort erfassen Sie Aktivitäten und Notizen, laden Dateien hoch und senden E-Mails aus Textvorlagen. Die Kundennummer kommt aus dem ERP und kann nur von der Administration geändert werden. Hat ein Kollege denselben Kunden inzwischen geändert, weist das CRM Sie beim Speichern darauf hin, statt seine Änderung zu überschreiben.',
  },
  {
    label: 'Vorgangsübersicht',
    icon: 'vorgang',
    routerLink: '/crm/vorgang',
    appGroup: GROUPS.kunde,
    forceExpanded: true,
    description:
      'Ein Vorgang ist ein Verkaufsprojekt eines Kunden vom ersten Kontakt bis zum Auftrag oder Verlust, mit seinen Belegen (Angebot, Auftragsbestätigung, Rechnung) aus dem ERP.',
    items: [
      {
        label: 'Vorgänge',
        icon: 'vorgangListe',
        routerLink: '/crm/vorgang',
        description:
          'Alle Vorgänge mit Status, Volumen und Verkäufer, in Reitern nach Status, mit Suche (auch nach Belegnummer), Filtern und Excel-Export. Die Vorgangsseite zeigt Belege, Labels, Aktivitäten und Dateien; dort setzen Sie einen Vorgang auf „Verloren“.',
      },
      {
        label: 'Fällige Labels',
        icon: 'faellig',
        routerLink: '/crm/vorgang/faellig',
        description:
          'Die Vorgänge, deren Label (z. B. „Nachfassen“) fällig ist, zum Abhaken oder Verschieben.',
      },
      {
        label: 'Kartenansicht',
        icon: 'kanban',
        routerLink: '/crm/vorgang/kartenansicht',
        description: 'Die Vorgänge als Karten in Spalten nach ihrem eigenen Status.',
      },
    ],
  },
  {
    label: 'Dateien',
    icon: 'dateien',
    routerLink: '/crm/download',
    appGroup: GROUPS.dateien,
    description:
      'Unterlagen für den Verkauf (Preislisten, Prospekte, Formulare) in Ordnern zum Ansehen und Herunterladen; die Administration lädt Dateien hoch und legt Ordner an.',
  },
  {
    label: 'Admin',
    icon: 'admin',
    routerLink: '/crm/admin',
    appGroup: GROUPS.admin,
    description:
      'Die Einstellungen des CRM in drei Gruppen von Reitern. Stammdaten: Labels, Gründe, Stammdaten (Anrede, Herkunft, Aktivitätsart …), Eigene Status, Systemstatus. Artikel: Artikel, Artikel-Aliase, Artikel-Mappings, Mapping-Aliase, Mapping-Statistik. System: Datenabgleich (mit dem ERP-Export), Einstellungen, Postausgang (gesendete E-Mails), Nutzung, Änderungsverlauf (wer wann was geändert hat, mit altem und neuem Wert, Filtern und Excel-Export).',
  },
  {
    label: 'Admin-Verkauf',
    icon: 'adminVerkauf',
    routerLink: '/crm/admin-verkauf',
    appGroup: GROUPS.adminVerkauf,
    description:
      'Für die Verkaufsleitung: Filialen, Produktgruppen, Warengruppen, Verkaufsziele je Verkäufer und Filiale, Soll/Ist (Ziele gegen Umsätze), Verkaufskurve (Anteil jedes Monats am Jahresziel) und Textvorlagen für E-Mails.',
  },
  {
    label: 'Admin-Benutzer',
    icon: 'adminBenutzer',
    routerLink: '/crm/admin-benutzer',
    appGroup: GROUPS.admin,
    description:
      'Benutzer: Personen aus dem Firmenverzeichnis als Benutzer des CRM beschreiben (Kürzel, Filiale, Signatur). Mein Standort: die Kollegen Ihres Standorts.',
  },
];

/** The entries a person with these groups sees (SPEC §2: entries whose group is missing are hidden). */
export const allowedMenu = (groups: readonly string[]): MenuItem[] =>
  MENU.filter((item) => groups.includes(item.appGroup));

/** Whether `pathname` is the item's page or below it (sub-items match exactly). */
export const isActive = (routerLink: string, pathname: string, exact = false) =>
  exact ? pathname === routerLink : pathname === routerLink || pathname.startsWith(`${routerLink}/`);

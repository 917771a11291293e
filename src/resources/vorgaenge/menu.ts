import { GROUPS } from '../../auth/groups';
import { defineMenu } from '../menu';

/** Vorgangsübersicht, always open, with the list, the due labels and the board. */
export default defineMenu({
  order: 50,
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
      description: 'Die Vorgänge, deren Label (z. B. „Nachfassen“) fällig ist, zum Abhaken oder Verschieben.',
    },
    {
      label: 'Kartenansicht',
      icon: 'kanban',
      routerLink: '/crm/vorgang/kartenansicht',
      description: 'Die Vorgänge als Karten in Spalten nach ihrem eigenen Status.',
    },
  ],
});

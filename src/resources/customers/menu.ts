import { GROUPS } from '../../auth/groups';
import { defineMenu } from '../menu';

/** The area's entry in the main menu. */
export default defineMenu({
  order: 40,
  label: 'Kunden',
  icon: 'kunden',
  routerLink: '/crm/kunden',
  appGroup: GROUPS.kunde,
  description:
    'Die Kundenliste: Die Suche findet jedes eingegebene Wort in Name, Kundennummer, Telefon, E-Mail oder Ort, Telefonnummern auch in anderer Schreibweise. „Nur meine“ zeigt die Kunden, die Sie betreuen; über „Spalten“ blenden Sie Spalten ein und aus; die Liste lässt sich als Excel exportieren. Die Kundenseite zeigt Kontaktdaten (direkt änderbar), Betreuer, Filiale, Labels und die Timeline mit Notizen, Aktivitäten, Belegen, E-Mails und NPS-Antworten; dort erfassen Sie Aktivitäten und Notizen, laden Dateien hoch und senden E-Mails aus Textvorlagen. Die Kundennummer kommt aus dem ERP und kann nur von der Administration geändert werden. Hat ein Kollege denselben Kunden inzwischen geändert, weist das CRM Sie beim Speichern darauf hin, statt seine Änderung zu überschreiben.',
});

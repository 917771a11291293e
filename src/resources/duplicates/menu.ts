import { GROUPS } from '../../auth/groups';
import { defineMenu } from '../menu';

/** The area's entry in the main menu. */
export default defineMenu({
  order: 85,
  label: 'Dubletten',
  icon: 'dubletten',
  routerLink: '/crm/dubletten',
  appGroup: GROUPS.adminVerkauf,
  description:
    'Kunden, die wahrscheinlich doppelt angelegt sind, nach Übereinstimmung geordnet: Name (Umlaute, Schreibweise, Rechtsform und Reihenfolge der Wörter zählen nicht), Telefonnummer in jeder Schreibweise, E-Mail und Adresse. Die Liste wird alle zehn Minuten neu berechnet. „Zusammenführen“ zeigt beide Kunden nebeneinander; Sie wählen je Feld den Wert, der bleibt. Vorgänge mit ihren Belegen, Aktivitäten, Notizen, Dateien, Labels, NPS-Antworten und E-Mails wandern zum bleibenden Kunden, der andere wird entfernt; das Änderungsprotokoll beider hält es fest. Haben beide eine eigene ERP-Kundennummer, ist die Zusammenführung erst nach der im ERP möglich.',
});

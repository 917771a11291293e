import { GROUPS } from '../../auth/groups';
import { defineMenu } from '../menu';

/** The area's entry in the main menu. */
export default defineMenu({
  order: 30,
  label: 'NPS',
  icon: 'nps',
  routerLink: '/crm/nps',
  appGroup: GROUPS.nps,
  description:
    'Die Kundenzufriedenheit: unter „Antworten“ die Bewertungen von 0 bis 10 mit Kommentar (filtern, erfassen, als Excel exportieren), unter „Statistik“ der Net Promoter Score je Zeitraum, Filiale und Verkäufer. Eine Bewertung von 0 bis 6 legt dem Betreuer eine Aktivität zum Anrufen an. Umfragen senden Sie per E-Mail an Kunden.',
});

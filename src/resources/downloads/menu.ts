import { GROUPS } from '../../auth/groups';
import { defineMenu } from '../menu';

/** The area's entry in the main menu. */
export default defineMenu({
  order: 60,
  label: 'Dateien',
  icon: 'dateien',
  routerLink: '/crm/download',
  appGroup: GROUPS.dateien,
  description:
    'Unterlagen für den Verkauf (Preislisten, Prospekte, Formulare) in Ordnern zum Ansehen und Herunterladen; die Administration lädt Dateien hoch und legt Ordner an.',
});

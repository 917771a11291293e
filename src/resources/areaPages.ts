import { GROUPS, type AppGroup } from '../auth/groups';
import type { AreaName } from './areas';

/** A hand-made page shown as a tab of an area, beside the declared entities. */
export interface AreaPage {
  area: AreaName;
  /** URL below /crm. */
  path: string;
  label: string;
  tabOrder: number;
  group: AppGroup;
}

export const AREA_PAGES: readonly AreaPage[] = [
  { area: 'admin', path: 'admin/systemstatus', label: 'Systemstatus', tabOrder: 45, group: GROUPS.admin },
  {
    area: 'admin',
    path: 'admin/mapping-statistik',
    label: 'Mapping-Statistik',
    tabOrder: 80,
    group: GROUPS.admin,
  },
  { area: 'admin', path: 'admin/einstellungen', label: 'Einstellungen', tabOrder: 90, group: GROUPS.admin },
  { area: 'admin', path: 'admin/datenabgleich', label: 'Datenabgleich', tabOrder: 85, group: GROUPS.admin },
  { area: 'admin', path: 'admin/nutzung', label: 'Nutzung', tabOrder: 900, group: GROUPS.admin },
  {
    area: 'admin-verkauf',
    path: 'admin-verkauf/soll-ist',
    label: 'Soll/Ist',
    tabOrder: 45,
    group: GROUPS.adminVerkauf,
  },
  {
    area: 'admin-verkauf',
    path: 'admin-verkauf/verkaufskurve',
    label: 'Verkaufskurve',
    tabOrder: 50,
    group: GROUPS.adminVerkauf,
  },
  {
    area: 'admin-benutzer',
    path: 'admin-benutzer/mein-standort',
    label: 'Mein Standort',
    tabOrder: 20,
    group: GROUPS.admin,
  },
];

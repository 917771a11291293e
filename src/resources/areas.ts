import { GROUPS, type AppGroup } from '../auth/groups';

/** The three admin areas (Admin, Admin-Verkauf, Admin-Benutzer), each a page with a tab per entity or page. */
export const AREAS = {
  admin: { path: 'admin', label: 'Admin', group: GROUPS.admin },
  'admin-verkauf': { path: 'admin-verkauf', label: 'Admin-Verkauf', group: GROUPS.adminVerkauf },
  'admin-benutzer': { path: 'admin-benutzer', label: 'Admin-Benutzer', group: GROUPS.admin },
} as const satisfies Record<string, { path: string; label: string; group: AppGroup }>;

export type AreaName = keyof typeof AREAS;

/** Directory groups that open areas of the CRM (SPEC §6). */
export const GROUPS = {
  kunde: 'APP_KUNDE',
  nps: 'APP_NPS',
  dateien: 'APP_DATEIEN',
  admin: 'APP_ADMIN',
  adminVerkauf: 'APP_ADMIN_VERKAUF',
} as const;

export type AppGroup = (typeof GROUPS)[keyof typeof GROUPS];

/** Prefix of the groups that tie a user to a branch (APP_STANDORT_<x>_<Name>). */
export const LOCATION_GROUP_PREFIX = 'APP_STANDORT';

/** A check for a group succeeds if the user has a group with exactly that name (SPEC §6). */
export const hasAnyGroup = (userGroups: readonly string[], required: readonly string[]): boolean =>
  required.some((group) => userGroups.includes(group));

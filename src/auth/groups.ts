/** Directory groups that open areas of the CRM. */
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

/** A check for a group succeeds if the user has a group with exactly that name as its displayName. */
export const hasAnyGroup = (userGroups: readonly string[], required: readonly string[]): boolean =>
  required.some((group) => userGroups.includes(group));

/**
 * The location a group APP_STANDORT_<x>_<NAME> stands for, with an initial capital ("Klagenfurt");
 * the name is the fourth underscore part (counted from zero, part 3), or the last part if there are fewer.
 */
export function locationNameOf(group: string): string {
  const parts = group.split('_');
  const name = parts[3] ?? parts.at(-1) ?? group;
  return name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
}

/** The caller's location groups (APP_STANDORT_...). */
export const locationGroupsOf = (groups: readonly string[]): string[] =>
  groups.filter((group) => group.startsWith(`${LOCATION_GROUP_PREFIX}_`));

import type { AreaName } from '../resources/areas';

/** A heading over some of an area's tabs: the tabs whose `tabOrder` lies in [from, to). */
export interface TabGroup {
  label: string;
  from: number;
  to: number;
}

/**
 * The admin area has more tabs than fit one row at 1280 px. They are grouped by their
 * `tabOrder` ranges, so a new tab joins a group by its order alone and no entity file names a group.
 */
export const AREA_TAB_GROUPS: Partial<Record<AreaName, TabGroup[]>> = {
  admin: [
    { label: 'Stammdaten', from: 0, to: 50 },
    { label: 'Artikel', from: 50, to: 85 },
    { label: 'System', from: 85, to: Infinity },
  ],
};

/** The tabs of an area split into its groups (one unnamed group for areas without groups); empty groups dropped. */
export function groupTabs<T extends { order: number }>(
  area: AreaName,
  tabs: T[],
): { label?: string; tabs: T[] }[] {
  const groups = AREA_TAB_GROUPS[area];
  if (!groups) return [{ tabs }];
  return groups
    .map((group) => ({
      label: group.label,
      tabs: tabs.filter((tab) => tab.order >= group.from && tab.order < group.to),
    }))
    .filter((group) => group.tabs.length > 0);
}

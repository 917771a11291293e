import type { AreaName } from './areas';

/**
 * An admin tab of a hand-made page, React-free so that the server's user manual finds it too: the area's
 * `tabs.ts` declares it, its `index.ts` spreads it into `definePage`; the manual's text for it is in the
 * area's `manual.ts`.
 */
export interface TabDeclaration {
  area: AreaName;
  /** The tab's and the breadcrumb's label. */
  label: string;
  /** Position among the area's tabs (lower first; the ranges are in src/layout/areaTabGroups.ts). */
  tabOrder: number;
}

/** Declares an admin tab of a page (see TabDeclaration). */
export const defineTab = (tab: TabDeclaration): TabDeclaration => Object.freeze(tab);

import type { ComponentType } from 'react';
import type { EndpointDeclaration, EndpointInput } from '../api/endpoint';
import type { AppGroup } from '../auth/groups';
import type { AreaName } from './areas';
import type { EntityDeclaration } from './entity';

/** Loads a screen only when it is opened, so the first page does not carry every screen's code. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

export type ViewKind = 'list' | 'create' | 'edit' | 'show';

interface PageBase {
  /** URL below /crm, e.g. "admin/datenabgleich". */
  path: string;
  /** The breadcrumb label, and the tab label in its area. */
  label: string;
  /**
   * The group a person needs to open the page (and see its tab): without it the route shows the page's
   * `noPermission` screen (else `NoPermissionPage`) and neither the page's code nor its data are asked for.
   */
  group: AppGroup;
  /** What a person without `group` sees instead of `NoPermissionPage` (the dashboard's overview of groups). */
  noPermission?: ScreenLoader;
  /** The admin area whose tab it is; absent for pages reached from the menu. */
  area?: AreaName;
  /** Position of the tab in its area, among the entities' tabs (lower first). */
  tabOrder?: number;
  /**
   * The calls the page makes first, with the input its screen gives them for this address: a cold load starts
   * them beside the app's code (src/dataProvider/routeData.ts), under the keys the screen reads them by.
   */
  firstCalls?: (route: PageRoute) => readonly FirstCall[];
}

/** What a page's first calls are derived from: the route's parameters and the address's query. */
export interface PageRoute {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/** One of a page's first calls: a declared endpoint and the input its screen calls it with. */
export interface FirstCall {
  endpoint: EndpointDeclaration;
  input: unknown;
}

/** A first call, typed by its endpoint: the input is what `useEndpoint(endpoint, input)` on the screen gets. */
export const firstCall = <E extends EndpointDeclaration>(
  endpoint: E,
  input: EndpointInput<E>,
): FirstCall => ({
  endpoint,
  input,
});

/** A hand-made page below /crm, declared once: it gives the route, the area tab and the breadcrumb. */
export type PageDeclaration = PageBase &
  (
    | { component: ScreenLoader; upcoming?: never }
    /** A screen of a later area: a placeholder that says what it will hold, behind its group. */
    | { upcoming: { title: string; text: string }; component?: never }
  );

/** What an action's screen gets: the record it acts on (as its page shows it) and how to close. */
export interface RecordActionProps {
  record: { id: string | number; version?: number } & Record<string, unknown>;
  onClose: () => void;
}

/**
 * An action an area offers on another area's record page (the DSGVO requests on a customer), declared by the
 * offering area, so the page needs no line per action; shown only to people with its group.
 */
export interface RecordActionDeclaration {
  /** The entity whose page shows it, e.g. "kunden". */
  resource: string;
  label: string;
  group: AppGroup;
  /** The dialog it opens, loaded when chosen. */
  component: () => Promise<{ default: ComponentType<RecordActionProps> }>;
}

/** What a resource folder's index.ts names: its entity, the views made by hand for it, its pages. */
export interface ResourceDeclaration extends Partial<Record<ViewKind, ScreenLoader>> {
  entity?: EntityDeclaration;
  pages?: readonly PageDeclaration[];
  recordActions?: readonly RecordActionDeclaration[];
}

/** Declares a custom page: checks that it has what its route, tab and placeholder need. */
export function definePage(page: PageDeclaration): PageDeclaration {
  if (!page.group) throw new Error(`Seite "${page.path}" braucht eine Gruppe ("group").`);
  if (page.area && page.tabOrder === undefined) {
    throw new Error(`Seite "${page.path}" braucht als Reiter "tabOrder".`);
  }
  return Object.freeze(page);
}

/**
 * What an area folder's index.ts exports: one resource, or a list when the area holds several entities
 * (e.g. articleMapping/ with its aliases, mapping aliases, mappings and articles), so that an area is one folder.
 */
export type AreaDeclaration = ResourceDeclaration | readonly ResourceDeclaration[];

/** The resources an area folder's index.ts declares, as a list. */
export const resourcesOf = (area: AreaDeclaration): readonly ResourceDeclaration[] =>
  ([] as readonly ResourceDeclaration[]).concat(area);

/** Declares what a resource folder holds; views a folder does not name are generated from the entity. */
export function defineResource(resource: ResourceDeclaration): ResourceDeclaration {
  const hasViews = (['list', 'create', 'edit', 'show'] as const).some((kind) => resource[kind]);
  if (hasViews && !resource.entity) throw new Error('Ansichten brauchen eine Entität ("entity").');
  return Object.freeze(resource);
}

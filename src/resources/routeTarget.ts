import { matchRoutes } from 'react-router-dom';
import { AREAS } from './areas';
import { canAccessEntity } from './canAccess';
import type { PageDeclaration, ScreenLoader, ViewKind } from './resource';
import { customViewLoader, entityByName, ENTITIES, PAGES } from './registry';

/** What an address below /crm opens: a declared page (by its path), or an entity's view. */
export type RouteTarget = { page: string } | { entity: string; kind: ViewKind } | null;

/** The views generated from a declaration, for entities whose folder names no view of its own. */
export const GENERATED_VIEWS: Readonly<Record<ViewKind, ScreenLoader>> = {
  list: () => import('./generic/EntityList'),
  create: () => import('./generic/EntityCreate'),
  edit: () => import('./generic/EntityEdit'),
  show: () => import('./generic/EntityShow'),
};

// The code of an entity's view: the folder's own (index.ts), else the generated one.
const viewLoader = (entityName: string, kind: ViewKind): ScreenLoader => {
  const entity = entityByName(entityName);
  return (entity && customViewLoader(entity, kind)) ?? GENERATED_VIEWS[kind];
};

const PAGE_PATTERNS = PAGES.map((page) => ({ path: `/${page.path}`, id: page.path }));

/** The declared page `pathname` opens, with the route's parameters, or null (an entity's view, an unknown address). */
export function routePage(
  pathname: string,
): { page: PageDeclaration; params: Readonly<Record<string, string | undefined>> } | null {
  const path = `/${pathname.replace(/^\/crm\/?/, '').replace(/\/$/, '')}`;
  const match = matchRoutes(PAGE_PATTERNS, path)?.[0];
  const page = match && PAGES.find((declared) => declared.path === match.route.id);
  return page ? { page, params: match.params } : null;
}

/** The page or entity view `pathname` opens, by the declarations (pages first, ranked as the router ranks them). */
export function routeTarget(pathname: string): RouteTarget {
  const path = `/${pathname.replace(/^\/crm\/?/, '').replace(/\/$/, '')}`;
  const page = matchRoutes(PAGE_PATTERNS, path)?.[0]?.route;
  if (page) return { page: page.id };
  const entity = ENTITIES.filter((e) => path === `/${e.name}` || path.startsWith(`/${e.name}/`)).sort(
    (a, b) => b.name.length - a.name.length,
  )[0];
  if (!entity) return null;
  const rest = path.slice(entity.name.length + 2);
  const kind: ViewKind =
    rest === '' ? 'list' : rest === 'create' ? 'create' : rest.endsWith('/show') ? 'show' : 'edit';
  return { entity: entity.name, kind };
}

/**
 * Whether a person with `groups` may open a page: its declared group and, for an area's tab, the area's.
 * The route layer's one check (routeScreens.tsx), so no page has to remember it.
 */
export function mayOpenPage(groups: readonly string[], page: PageDeclaration): boolean {
  if (page.area && !groups.includes(AREAS[page.area].group)) return false;
  return groups.includes(page.group);
}

/** Whether a person with `groups` may open what `target` is (a page, an entity's view). */
export function mayOpenTarget(groups: readonly string[], target: NonNullable<RouteTarget>): boolean {
  if ('page' in target) {
    const page = PAGES.find((declared) => declared.path === target.page);
    return !!page && mayOpenPage(groups, page);
  }
  const entity = entityByName(target.entity);
  return !!entity && canAccessEntity(groups, entity, target.kind);
}

/**
 * The code of the screen `pathname` opens for a person with `groups`, or null (an unknown address, a page still
 * to come, a screen the groups do not open: its route shows "Keine Berechtigung" without the screen's code).
 */
export function routeScreenLoader(pathname: string, groups: readonly string[]): ScreenLoader | null {
  const target = routeTarget(pathname);
  if (!target || !mayOpenTarget(groups, target)) return null;
  if ('page' in target) return PAGES.find((page) => page.path === target.page)?.component ?? null;
  return viewLoader(target.entity, target.kind);
}

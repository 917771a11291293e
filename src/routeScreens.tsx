import { Resource, type ResourceDefinition, type ResourceProps } from 'react-admin';
import { matchRoutes } from 'react-router-dom';
import { guardView } from './layout/EntityViewGuard';
import { UpcomingAreaPage } from './layout/UpcomingAreaPage';
import type { EntityDeclaration } from './resources/entity';
import { lazyScreen, type LazyScreen } from './resources/lazyScreen';
import { customViewLoader, ENTITIES, PAGES, type ViewKind } from './resources/registry';

const GENERATED = {
  list: lazyScreen(() => import('./resources/generic/EntityList')),
  create: lazyScreen(() => import('./resources/generic/EntityCreate')),
  edit: lazyScreen(() => import('./resources/generic/EntityEdit')),
  show: lazyScreen(() => import('./resources/generic/EntityShow')),
};

// Created once: React must see the same component on every render.
const SCREENS = new Map(
  ENTITIES.map((entity: EntityDeclaration) => {
    const screen = (kind: ViewKind) => {
      const loader = customViewLoader(entity, kind);
      return loader ? lazyScreen(loader) : GENERATED[kind];
    };
    return [
      entity.name,
      { list: screen('list'), create: screen('create'), edit: screen('edit'), show: screen('show') },
    ];
  }),
);

/** Each entity's four views, each behind the entity's groups (react-admin's Resource props). */
export const VIEWS = new Map(
  ENTITIES.map((entity) => {
    const screens = SCREENS.get(entity.name)!;
    return [
      entity.name,
      {
        list: guardView(entity, 'list', screens.list),
        create: guardView(entity, 'create', screens.create),
        edit: guardView(entity, 'edit', screens.edit),
        show: guardView(entity, 'show', screens.show),
      },
    ];
  }),
);

/** The props of each entity's `<Resource>`: its name, how a record is named, its guarded views. */
export const RESOURCE_PROPS: readonly ResourceProps[] = ENTITIES.map((entity) => ({
  name: entity.name,
  recordRepresentation: entity.recordRepresentation,
  ...VIEWS.get(entity.name)!,
}));

/**
 * The definitions react-admin's `<Resource>`s register in an effect, known up front: given to the frame from the
 * start, the registration changes nothing, and the whole frame is not drawn once more for it (issue 22).
 */
export const RESOURCE_DEFINITIONS: Readonly<Record<string, ResourceDefinition>> = Object.fromEntries(
  RESOURCE_PROPS.map((props) => [props.name, Resource.registerResource(props)]),
);

const PAGE_SCREENS = PAGES.map((page) => ({
  page,
  screen: page.component ? lazyScreen(page.component) : null,
}));

/** Each declared page's route element. */
export const PAGE_ROUTES = PAGE_SCREENS.map(({ page, screen: Screen }) => {
  if (page.upcoming) {
    const { title, text } = page.upcoming;
    return { path: page.path, element: <UpcomingAreaPage title={title} group={page.group} text={text} /> };
  }
  return { path: page.path, element: Screen && <Screen /> };
});

/** What an address below /crm opens: a declared page (by its path), or an entity's view. */
export type RouteTarget = { page: string } | { entity: string; kind: ViewKind } | null;

const PAGE_PATTERNS = PAGES.map((page) => ({ path: `/${page.path}`, id: page.path }));

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

function screenOf(pathname: string): LazyScreen | null {
  const target = routeTarget(pathname);
  if (!target) return null;
  if ('page' in target) return PAGE_SCREENS.find(({ page }) => page.path === target.page)?.screen ?? null;
  return SCREENS.get(target.entity)![target.kind];
}

/**
 * Asks for the code of the screen `pathname` opens, while the frame around it loads and renders: the screen
 * then renders as soon as the frame does, without a Suspense fallback (and React's 300 ms reveal throttle)
 * in between. Only code; its data is asked for by the screen (or prefetchRouteList) with the user's groups.
 */
export function preloadRouteScreen(pathname: string): void {
  void screenOf(pathname)
    ?.preload()
    .catch(() => undefined);
}

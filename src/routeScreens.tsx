import { Resource, type ResourceDefinition, type ResourceProps } from 'react-admin';
import { guardPage, guardView } from './layout/EntityViewGuard';
import { UpcomingAreaPage } from './layout/UpcomingAreaPage';
import type { EntityDeclaration } from './resources/entity';
import { lazyScreen, type LazyScreen } from './resources/lazyScreen';
import { customViewLoader, ENTITIES, PAGES, type ViewKind } from './resources/registry';
import { GENERATED_VIEWS, mayOpenTarget, routeTarget } from './resources/routeTarget';

const GENERATED = {
  list: lazyScreen(GENERATED_VIEWS.list),
  create: lazyScreen(GENERATED_VIEWS.create),
  edit: lazyScreen(GENERATED_VIEWS.edit),
  show: lazyScreen(GENERATED_VIEWS.show),
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
 * start, the registration changes nothing, and the whole frame is not drawn once more for it.
 */
export const RESOURCE_DEFINITIONS: Readonly<Record<string, ResourceDefinition>> = Object.fromEntries(
  RESOURCE_PROPS.map((props) => [props.name, Resource.registerResource(props)]),
);

const PAGE_SCREENS = PAGES.map((page) => ({
  page,
  screen: page.component ? lazyScreen(page.component) : null,
}));

/**
 * Each declared page's route element, behind the page's group (`guardPage`): a person without it sees
 * "Keine Berechtigung" (or the page's own `noPermission` screen), and the page's code and data are not asked for.
 */
export const PAGE_ROUTES = PAGE_SCREENS.map(({ page, screen }) => {
  const Denied = page.noPermission ? lazyScreen(page.noPermission) : undefined;
  if (page.upcoming) {
    const { title, text } = page.upcoming;
    const Upcoming = () => <UpcomingAreaPage title={title} text={text} />;
    const Guarded = guardPage(page, Upcoming, Denied);
    return { path: page.path, element: <Guarded /> };
  }
  const Guarded = screen && guardPage(page, screen, Denied);
  return { path: page.path, element: Guarded && <Guarded /> };
});

function screenOf(pathname: string, groups: readonly string[]): LazyScreen | null {
  const target = routeTarget(pathname);
  if (!target || !mayOpenTarget(groups, target)) return null;
  if ('page' in target) return PAGE_SCREENS.find(({ page }) => page.path === target.page)?.screen ?? null;
  return SCREENS.get(target.entity)![target.kind];
}

/**
 * Asks for the code of the screen `pathname` opens, while the frame around it loads and renders: the screen
 * then renders as soon as the frame does, without a Suspense fallback (and React's 300 ms reveal throttle)
 * in between. Only code, and only of a screen `groups` open; its data is asked for by the screen (or
 * prefetchRouteList) with the user's groups.
 */
export function preloadRouteScreen(pathname: string, groups: readonly string[]): void {
  void screenOf(pathname, groups)
    ?.preload()
    .catch(() => undefined);
}

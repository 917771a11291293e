import { QueryClient } from '@tanstack/react-query';
import { lazy, useMemo, type ReactNode } from 'react';
import { CustomRoutes, Resource } from 'react-admin';
import { CrmAdmin } from './CrmAdmin';
import { Navigate, Route } from 'react-router-dom';
import { createAuthProvider } from './authProvider/authProvider';
import { loadMyGroups } from './authProvider/myGroups';
import type { Session } from './authProvider/session';
import { AreaIndexPage } from './layout/AreaIndexPage';
import { createEntityDataProvider } from './dataProvider/entityDataProvider';
import { prefetchRouteList } from './dataProvider/prefetchRouteList';
import { prefetchDashboard } from './resources/dashboard/prefetchDashboard';
import { createApiClient } from './dataProvider/httpClient';
import { i18nProvider } from './i18n/i18nProvider';
import { CrmLayout } from './layout/CrmLayout';
import { buildCrmTheme } from './layout/crmTheme';
import { LayoutSettingsProvider } from './layout/layoutSettings';
import { useClientConfig } from './config/ClientConfigContext';
import { UpcomingAreaPage } from './layout/UpcomingAreaPage';
import { NoPermissionPage } from './layout/NoPermissionPage';
import { guardView } from './layout/EntityViewGuard';
import type { LayoutSettings } from './config/appearance';
import { AREAS, type AreaName } from './resources/areas';
import type { EntityDeclaration } from './resources/entity';
import { customViewLoader, ENTITIES, PAGES, type ViewKind } from './resources/registry';

const GENERATED = {
  list: lazy(() => import('./resources/generic/EntityList')),
  create: lazy(() => import('./resources/generic/EntityCreate')),
  edit: lazy(() => import('./resources/generic/EntityEdit')),
  show: lazy(() => import('./resources/generic/EntityShow')),
};

// Created once: React must see the same lazy component on every render.
const VIEWS = new Map(
  ENTITIES.map((entity: EntityDeclaration) => {
    const view = (kind: ViewKind) => {
      const loader = customViewLoader(entity, kind);
      return guardView(entity, kind, loader ? lazy(loader) : GENERATED[kind]);
    };
    return [
      entity.name,
      { list: view('list'), create: view('create'), edit: view('edit'), show: view('show') },
    ];
  }),
);

// Created once, like the views: each declared page's route element.
const PAGE_ROUTES = PAGES.map((page) => {
  if (page.upcoming) {
    const { title, text } = page.upcoming;
    return { path: page.path, element: <UpcomingAreaPage title={title} group={page.group} text={text} /> };
  }
  const Page = lazy(page.component);
  return { path: page.path, element: <Page /> };
});

function ThemedAdmin({
  settings,
  children,
}: {
  settings: LayoutSettings;
  children: (theme: ReturnType<typeof buildCrmTheme>) => ReactNode;
}) {
  const theme = useMemo(() => buildCrmTheme(settings), [settings]);
  return children(theme);
}

/** The signed-in CRM under /crm: react-admin with every declared entity as a resource. */
export default function CrmApp({ session }: { session: Session }) {
  const { ui } = useClientConfig();
  const { dataProvider, authProvider, queryClient } = useMemo(() => {
    const { api, blob, upload, stream } = createApiClient(session, ui.apiBaseUrl);
    const dataProvider = createEntityDataProvider(api, blob, upload, stream);
    const queryClient = new QueryClient();
    // The list of a cold deep link asks for its rows now, while its view's code is still on the way.
    // The groups are loaded already (CrmGuard waited for them); the same promise answers at once.
    void prefetchRouteList(queryClient, dataProvider, ENTITIES, window.location, loadMyGroups(api));
    void prefetchDashboard(queryClient, dataProvider, window.location, loadMyGroups(api));
    return {
      dataProvider,
      authProvider: createAuthProvider(session, () => loadMyGroups(api)),
      queryClient,
    };
  }, [session, ui.apiBaseUrl]);
  return (
    <LayoutSettingsProvider userKey={session.account?.homeAccountId ?? 'anonym'} fallbackTheme={ui.theme}>
      {(settings) => (
        <ThemedAdmin settings={settings}>
          {(theme) => (
            <CrmAdmin
              basename="/crm"
              dataProvider={dataProvider}
              queryClient={queryClient}
              authProvider={authProvider}
              i18nProvider={i18nProvider}
              layout={CrmLayout}
              theme={theme}
              dashboard={() => <Navigate to="/crm/dashboard" replace />}
              catchAll={() => <Navigate to="/crm/dashboard" replace />}
              accessDenied={NoPermissionPage}
              disableTelemetry
              requireAuth
            >
              {ENTITIES.map((entity) => (
                <Resource
                  key={entity.name}
                  name={entity.name}
                  recordRepresentation={entity.recordRepresentation}
                  {...VIEWS.get(entity.name)}
                />
              ))}
              <CustomRoutes>
                {PAGE_ROUTES.map(({ path, element }) => (
                  <Route key={path} path={path} element={element} />
                ))}
                {(Object.keys(AREAS) as AreaName[]).map((area) => (
                  <Route key={area} path={AREAS[area].path} element={<AreaIndexPage area={area} />} />
                ))}
              </CustomRoutes>
            </CrmAdmin>
          )}
        </ThemedAdmin>
      )}
    </LayoutSettingsProvider>
  );
}

import { QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { CustomRoutes, Resource } from 'react-admin';
import { CrmAdmin } from './CrmAdmin';
import { Navigate, Route } from 'react-router-dom';
import { createAuthProvider } from './authProvider/authProvider';
import { loadMyGroups } from './authProvider/myGroups';
import { seedAuthQueries } from './authProvider/seedAuthQueries';
import type { Session } from './authProvider/session';
import { AreaIndexPage } from './layout/AreaIndexPage';
import { createEntityDataProvider } from './dataProvider/entityDataProvider';
import { routeData, routeQueriesStarted } from './dataProvider/routeData';
import { QUERY_DEFAULTS } from './dataProvider/queryRetry';
import { seedRouteQueries } from './dataProvider/routeQueries';
import { createApiClient } from './dataProvider/httpClient';
import { i18nProvider } from './i18n/i18nProvider';
import { CrmLayout } from './layout/CrmLayout';
import { buildCrmTheme } from './layout/crmTheme';
import { LayoutSettingsProvider } from './layout/layoutSettings';
import { useClientConfig } from './config/ClientConfigContext';
import { NoPermissionPage } from './layout/NoPermissionPage';
import type { LayoutSettings } from './config/appearance';
import { AREAS, type AreaName } from './resources/areas';
import { PAGE_ROUTES, preloadRouteScreen, RESOURCE_DEFINITIONS, RESOURCE_PROPS } from './routeScreens';

// The admin's routes never change: one set of elements, so react-admin reads them once.
const ADMIN_CHILDREN = [
  ...RESOURCE_PROPS.map((props) => <Resource key={props.name} {...props} />),
  <CustomRoutes key="pages">
    {PAGE_ROUTES.map(({ path, element }) => (
      <Route key={path} path={path} element={element} />
    ))}
    {(Object.keys(AREAS) as AreaName[]).map((area) => (
      <Route key={area} path={AREAS[area].path} element={<AreaIndexPage area={area} />} />
    ))}
  </CustomRoutes>,
];
const toDashboard = () => <Navigate to="/crm/dashboard" replace />;

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

/** The signed-in CRM under /crm: react-admin with every declared entity as a resource; `groups` as CrmGuard read them. */
export default function CrmApp({ session, groups }: { session: Session; groups: readonly string[] }) {
  const { ui } = useClientConfig();
  const { dataProvider, authProvider, queryClient } = useMemo(() => {
    // The screen of this address loads while the frame renders; only a screen the groups open.
    preloadRouteScreen(window.location.pathname, groups);
    const clients = createApiClient(session, ui.apiBaseUrl);
    const { api, blob, upload, stream } = clients;
    const dataProvider = createEntityDataProvider(api, blob, upload, stream);
    const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
    seedAuthQueries(queryClient, groups, window.location.pathname);
    // The address's first calls (a list's rows, the dashboard's figures), usually started by CrmGuard while
    // this code was loading; the screen finds them under its own keys. Those already started go into the cache
    // now, before the first render, so that the screen's first render finds them.
    const early = routeQueriesStarted();
    seedRouteQueries(queryClient, early);
    void routeData(clients, window.location, loadMyGroups(api)).then((queries) =>
      seedRouteQueries(
        queryClient,
        queries.filter((query) => !early.includes(query)),
      ),
    );
    return {
      dataProvider,
      authProvider: createAuthProvider(session, () => loadMyGroups(api)),
      queryClient,
    };
  }, [session, ui.apiBaseUrl, groups]);
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
              frame={CrmLayout}
              theme={theme}
              dashboard={toDashboard}
              catchAll={toDashboard}
              accessDenied={NoPermissionPage}
              disableTelemetry
              requireAuth
              definitions={RESOURCE_DEFINITIONS}
            >
              {ADMIN_CHILDREN}
            </CrmAdmin>
          )}
        </ThemedAdmin>
      )}
    </LayoutSettingsProvider>
  );
}

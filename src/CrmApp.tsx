import { lazy, useMemo } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { createAuthProvider } from './authProvider/authProvider';
import { loadMyGroups } from './authProvider/myGroups';
import type { Session } from './authProvider/session';
import { AreaIndexPage } from './custom-pages/AreaIndexPage';
import { DashboardPage } from './custom-pages/DashboardPage';
import { createEntityDataProvider } from './dataProvider/entityDataProvider';
import { createApiClient } from './dataProvider/httpClient';
import { i18nProvider } from './i18n/i18nProvider';
import { CrmLayout } from './layout/CrmLayout';
import { lightTheme } from './layout/theme';
import { AREAS, type AreaName } from './resources/areas';
import type { EntityDeclaration } from './resources/entity';
import { customViewLoader, ENTITIES, type ViewKind } from './resources/registry';

const AnalyticsReportPage = lazy(() => import('./custom-pages/admin/AnalyticsReportPage'));
const ColleaguesPage = lazy(() => import('./custom-pages/admin-benutzer/ColleaguesPage'));

const GENERATED = {
  List: lazy(() => import('./resources/generic/EntityList')),
  Create: lazy(() => import('./resources/generic/EntityCreate')),
  Edit: lazy(() => import('./resources/generic/EntityEdit')),
  Show: lazy(() => import('./resources/generic/EntityShow')),
};

// Created once: React must see the same lazy component on every render.
const VIEWS = new Map(
  ENTITIES.map((entity: EntityDeclaration) => {
    const view = (kind: ViewKind) => {
      const loader = customViewLoader(entity, kind);
      return loader ? lazy(loader) : GENERATED[kind];
    };
    return [
      entity.name,
      { list: view('List'), create: view('Create'), edit: view('Edit'), show: view('Show') },
    ];
  }),
);

/** The signed-in CRM under /crm: react-admin with every declared entity as a resource. */
export default function CrmApp({ session }: { session: Session }) {
  const { dataProvider, authProvider } = useMemo(() => {
    const { api, blob } = createApiClient(session);
    return {
      dataProvider: createEntityDataProvider(api, blob),
      authProvider: createAuthProvider(session, () => loadMyGroups(api)),
    };
  }, [session]);
  return (
    <Admin
      basename="/crm"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={CrmLayout}
      theme={lightTheme}
      dashboard={() => <Navigate to="/crm/dashboard" replace />}
      loginPage={false}
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
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="admin/nutzung" element={<AnalyticsReportPage />} />
        <Route path="admin-benutzer/mein-standort" element={<ColleaguesPage />} />
        {(Object.keys(AREAS) as AreaName[]).map((area) => (
          <Route key={area} path={AREAS[area].path} element={<AreaIndexPage area={area} />} />
        ))}
      </CustomRoutes>
    </Admin>
  );
}

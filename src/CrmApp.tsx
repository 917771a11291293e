import { lazy, useMemo, type ReactNode } from 'react';
import { CustomRoutes, Resource } from 'react-admin';
import { CrmAdmin } from './CrmAdmin';
import { Navigate, Route } from 'react-router-dom';
import { createAuthProvider } from './authProvider/authProvider';
import { loadMyGroups } from './authProvider/myGroups';
import type { Session } from './authProvider/session';
import { AreaIndexPage } from './layout/AreaIndexPage';
import { DashboardPage } from './resources/dashboard/DashboardPage';
import { createEntityDataProvider } from './dataProvider/entityDataProvider';
import { createApiClient } from './dataProvider/httpClient';
import { i18nProvider } from './i18n/i18nProvider';
import { CrmLayout } from './layout/CrmLayout';
import { buildCrmTheme } from './layout/crmTheme';
import { LayoutSettingsProvider } from './layout/layoutSettings';
import { useClientConfig } from './config/ClientConfigContext';
import { UpcomingAreaPage } from './layout/UpcomingAreaPage';
import { NoPermissionPage } from './layout/NoPermissionPage';
import { GROUPS } from './auth/groups';
import type { LayoutSettings } from './config/appearance';
import { AREAS, type AreaName } from './resources/areas';
import type { EntityDeclaration } from './resources/entity';
import { customViewLoader, ENTITIES, type ViewKind } from './resources/registry';

const AnalyticsReportPage = lazy(() => import('./resources/analytics/AnalyticsReportPage'));
const PossibleStatusPage = lazy(() => import('./resources/possibleStatuses/PossibleStatusPage'));
const SalesCurvePage = lazy(() => import('./resources/salesCurve/SalesCurvePage'));
const TargetVsActualPage = lazy(() => import('./resources/salesTargets/TargetVsActualPage'));
const GlobalSettingsPage = lazy(() => import('./resources/globalSettings/GlobalSettingsPage'));
const DataSyncPage = lazy(() => import('./resources/dataSync/DataSyncPage'));
const MappingStatisticsPage = lazy(() => import('./resources/articleMappings/MappingStatisticsPage'));
const ColleaguesPage = lazy(() => import('./resources/users/ColleaguesPage'));

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

/** Screens of later areas: each says what it will hold, behind its group. */
const UPCOMING: { path: string; title: string; group: (typeof GROUPS)[keyof typeof GROUPS]; text: string }[] =
  [
    {
      path: 'todos',
      title: 'Todos',
      group: GROUPS.kunde,
      text: 'Hier sehen Sie Ihre offenen und fälligen Aktivitäten.',
    },
    {
      path: 'nps',
      title: 'NPS',
      group: GROUPS.nps,
      text: 'Hier sehen Sie die Kundenzufriedenheit (Net Promoter Score) und die Antworten.',
    },
    {
      path: 'vorgang',
      title: 'Vorgänge',
      group: GROUPS.kunde,
      text: 'Hier finden Sie alle Vorgänge mit Status und Volumen.',
    },
    {
      path: 'vorgang/faellig',
      title: 'Fällige Labels',
      group: GROUPS.kunde,
      text: 'Hier stehen die Vorgänge, deren Labels fällig sind.',
    },
    {
      path: 'vorgang/kartenansicht',
      title: 'Kartenansicht',
      group: GROUPS.kunde,
      text: 'Hier ordnen Sie Vorgänge als Karten in Spalten nach ihrem Status.',
    },
    {
      path: 'download',
      title: 'Dateien',
      group: GROUPS.dateien,
      text: 'Hier finden Sie Unterlagen für den Verkauf zum Herunterladen.',
    },
  ];

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
  const { dataProvider, authProvider } = useMemo(() => {
    const { api, blob, upload } = createApiClient(session, ui.apiBaseUrl);
    return {
      dataProvider: createEntityDataProvider(api, blob, upload),
      authProvider: createAuthProvider(session, () => loadMyGroups(api)),
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
                <Route path="dashboard" element={<DashboardPage />} />
                {UPCOMING.map((page) => (
                  <Route key={page.path} path={page.path} element={<UpcomingAreaPage {...page} />} />
                ))}
                <Route path="admin/nutzung" element={<AnalyticsReportPage />} />
                <Route path="admin-benutzer/mein-standort" element={<ColleaguesPage />} />
                <Route path="admin/systemstatus" element={<PossibleStatusPage />} />
                <Route path="admin/mapping-statistik" element={<MappingStatisticsPage />} />
                <Route path="admin/datenabgleich" element={<DataSyncPage />} />
                <Route path="admin/einstellungen" element={<GlobalSettingsPage />} />
                <Route path="admin-verkauf/verkaufskurve" element={<SalesCurvePage />} />
                <Route path="admin-verkauf/soll-ist" element={<TargetVsActualPage />} />
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

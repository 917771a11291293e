import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { CustomRoutes, Resource, TestMemoryRouter, type AuthProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import {
  ClientConfigProvider,
  CrmAdmin,
  i18nProvider,
  RESOURCE_DEFINITIONS,
  RESOURCE_PROPS,
  type ClientConfig,
} from './app';
import { createTestDataProvider } from './client';

const testConfig = { tenant: 'strussnig', demo: true, production: false } as ClientConfig;

const Bare = ({ children }: { children: ReactNode }) => <>{children}</>;

/**
 * The app's react-admin as CrmApp mounts it (CrmAdmin below /crm, every declared entity's guarded views, the
 * fixed resource definitions) at `path`, with the test's query cache and auth provider; `routes` adds pages.
 */
export function renderCrmAdmin({
  path,
  queryClient,
  authProvider,
  frame = Bare,
  routes = {},
}: {
  path: string;
  queryClient: QueryClient;
  authProvider: AuthProvider;
  frame?: ComponentType<{ children: ReactNode }>;
  routes?: Record<string, ReactNode>;
}) {
  const app = (
    <CrmAdmin
      basename="/crm"
      dataProvider={createTestDataProvider()}
      queryClient={queryClient}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      frame={frame}
      disableTelemetry
      requireAuth
      definitions={RESOURCE_DEFINITIONS}
    >
      {RESOURCE_PROPS.map((props) => (
        <Resource key={props.name} {...props} />
      ))}
      <CustomRoutes>
        {Object.entries(routes).map(([route, element]) => (
          <Route key={route} path={route} element={element} />
        ))}
      </CustomRoutes>
    </CrmAdmin>
  );
  return render(
    <ClientConfigProvider config={testConfig}>
      <TestMemoryRouter initialEntries={[path]}>
        {/* As AppRoutes mounts it: below a /crm/* route. */}
        <Routes>
          <Route path="/crm/*" element={app} />
        </Routes>
      </TestMemoryRouter>
    </ClientConfigProvider>,
  );
}

import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { memo, type ReactNode } from 'react';
import {
  Admin,
  CustomRoutes,
  memoryStore,
  Resource,
  TestMemoryRouter,
  useResourceDefinitions,
  type AuthProvider,
} from 'react-admin';
import { Route, useParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StableRouteContext } from '../../../src/layout/StableRouteContext';
import { GROUPS, i18nProvider, RESOURCE_DEFINITIONS, RESOURCE_PROPS, seedAuthQueries } from '../support/app';
import { createTestDataProvider } from '../support/client';
import { renderCrmAdmin } from '../support/crmAdmin';

// Pins of react-admin behaviour that is not its public contract and that CrmAdmin (src/CrmAdmin.tsx) and the
// cold start rely on (docs/react-admin-internals.md). Each fails when a react-admin upgrade changes it.

const GROUPS_OF_TEST = Object.values(GROUPS) as string[];

function spyAuthProvider() {
  return {
    checkAuth: vi.fn(() => Promise.resolve()),
    getPermissions: vi.fn(() => Promise.resolve(GROUPS_OF_TEST)),
    canAccess: vi.fn(() => Promise.resolve(true)),
    login: vi.fn(() => Promise.resolve()),
    logout: vi.fn(() => Promise.resolve()),
    checkError: vi.fn(() => Promise.resolve()),
  } satisfies AuthProvider;
}

/** A few turns of the event loop, so that react-admin's effects after mounting have all run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

afterEach(() => localStorage.clear());

describe("CrmAdmin's cold start on react-admin's internals", () => {
  it('draws the first screen without asking the auth provider when checkAuth and getPermissions are seeded', async () => {
    const authProvider = spyAuthProvider();
    const asked: number[] = [];
    function FirstScreen() {
      asked.push(authProvider.checkAuth.mock.calls.length + authProvider.getPermissions.mock.calls.length);
      return <p>Erster Bildschirm</p>;
    }
    const queryClient = new QueryClient();
    seedAuthQueries(queryClient, GROUPS_OF_TEST, '/crm/probe');
    renderCrmAdmin({ path: '/crm/probe', queryClient, authProvider, routes: { probe: <FirstScreen /> } });
    await screen.findByText('Erster Bildschirm');
    await settle();
    expect(asked[0]).toBe(0);
    expect(authProvider.checkAuth).not.toHaveBeenCalled();
    expect(authProvider.getPermissions).not.toHaveBeenCalled();
  });

  it('(the other way round) asks checkAuth before the first screen when nothing is seeded', async () => {
    // Shows that the test above can fail: react-admin's requireAuth waits for exactly the query seeded there.
    const authProvider = spyAuthProvider();
    const asked: number[] = [];
    function FirstScreen() {
      asked.push(authProvider.checkAuth.mock.calls.length);
      return <p>Erster Bildschirm</p>;
    }
    renderCrmAdmin({
      path: '/crm/probe',
      queryClient: new QueryClient(),
      authProvider,
      routes: { probe: <FirstScreen /> },
    });
    await screen.findByText('Erster Bildschirm');
    expect(asked[0]).toBeGreaterThan(0);
  });

  it('sets its routes again after mounting: a screen outside StableRouteContext is drawn again, the frame and a screen behind it are not', async () => {
    const draws = { frame: 0, plain: 0, stable: 0 };
    // Memoised as CrmLayout's parts are: it draws again only when CrmAdmin does, not when react-admin's routes do.
    const Frame = memo(function Frame({ children }: { children: ReactNode }) {
      draws.frame += 1;
      return <main>{children}</main>;
    });
    function Plain() {
      useParams();
      draws.plain += 1;
      return <p>ohne</p>;
    }
    function Stable() {
      useParams();
      draws.stable += 1;
      return <p>mit</p>;
    }
    const element = (
      <>
        <Plain />
        <StableRouteContext>
          <Stable />
        </StableRouteContext>
      </>
    );
    const queryClient = new QueryClient();
    seedAuthQueries(queryClient, GROUPS_OF_TEST, '/crm/probe');
    renderCrmAdmin({
      path: '/crm/probe',
      queryClient,
      authProvider: spyAuthProvider(),
      frame: Frame,
      routes: { probe: element },
    });
    await screen.findByText('mit');
    await settle();
    // If react-admin stops setting its routes again (plain drawn once), StableRouteContext and the frame outside
    // CoreAdminUI may no longer be needed: measure again (docs/react-admin-internals.md).
    expect(draws.plain).toBeGreaterThan(1);
    expect(draws.stable).toBe(1);
    expect(draws.frame).toBe(1);
  });

  it("gives react-admin's screens the fixed resource definitions, whatever its <Resource>s register", async () => {
    const seen: object[] = [];
    function Definitions() {
      seen.push(useResourceDefinitions());
      return <p>Definitionen</p>;
    }
    const queryClient = new QueryClient();
    seedAuthQueries(queryClient, GROUPS_OF_TEST, '/crm/probe');
    renderCrmAdmin({
      path: '/crm/probe',
      queryClient,
      authProvider: spyAuthProvider(),
      routes: { probe: <Definitions /> },
    });
    await screen.findByText('Definitionen');
    await settle();
    // react-admin reads our context value ({definitions, register, unregister}); its registrations go nowhere.
    expect(seen[0]).toEqual(RESOURCE_DEFINITIONS);
    expect(new Set(seen).size).toBe(1);
  });

  it("knows up front what react-admin's own <Resource>s register (Resource.registerResource)", async () => {
    // Mounted in react-admin's <Admin>, which keeps the registrations: they must equal RESOURCE_DEFINITIONS.
    let registered: object = {};
    function Definitions() {
      registered = useResourceDefinitions();
      return <p>Registriert</p>;
    }
    render(
      <TestMemoryRouter initialEntries={['/probe']}>
        <Admin
          dataProvider={createTestDataProvider()}
          i18nProvider={i18nProvider}
          store={memoryStore()}
          layout={({ children }: { children: ReactNode }) => <>{children}</>}
          disableTelemetry
        >
          {RESOURCE_PROPS.map((props) => (
            <Resource key={props.name} {...props} />
          ))}
          <CustomRoutes>
            <Route path="probe" element={<Definitions />} />
          </CustomRoutes>
        </Admin>
      </TestMemoryRouter>,
    );
    await screen.findByText('Registriert');
    await vi.waitFor(() => expect(registered).toEqual(RESOURCE_DEFINITIONS));
  });
});

import { render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { Admin, AdminContext, memoryStore, Resource, TestMemoryRouter } from 'react-admin';
import {
  createAuthProvider,
  ENTITIES,
  EntityCreate,
  EntityEdit,
  EntityList,
  EntityShow,
  GROUPS,
  i18nProvider,
  type EntityDeclaration,
} from './app';
import { ClientConfigProvider, type ClientConfig } from './app';
import { createTestDataProvider, fakeSession } from './client';

// What the screens read of the start-up configuration: the tenant (its time zone, its branding).
const testConfig = { tenant: 'strussnig', demo: true, production: false } as ClientConfig;

// Every group: the screens show what the declaration allows, not what a particular person may.
const allGroups = async () => Object.values(GROUPS) as string[];

// Without the CRM frame (menus, top bar): the generated view and react-admin's notifications only.
const BareLayout = ({ children }: { children: ReactNode }) => <>{children}</>;

export type ViewKind = 'list' | 'create' | 'edit' | 'show';

const pathOf = (entity: EntityDeclaration, view: ViewKind, id: number) =>
  `/${entity.name}${{ list: '', create: '/create', edit: `/${id}`, show: `/${id}/show` }[view]}`;

/**
 * Renders the generated view of an entity inside react-admin, as the app would at its URL: every
 * declared entity is a resource (so references resolve), with the German i18n and the real data provider.
 */
export function renderView(
  entity: EntityDeclaration,
  view: ViewKind,
  id = 1,
  /** Hand-made views of this entity in place of the generated ones (e.g. the Kunden list). */
  own: Partial<Record<ViewKind, ComponentType>> = {},
  /** The signed-in person's groups (default: every group). */
  groups?: readonly string[],
) {
  return render(
    <ClientConfigProvider config={testConfig}>
      <TestMemoryRouter initialEntries={[pathOf(entity, view, id)]}>
        <Admin
          dataProvider={createTestDataProvider()}
          authProvider={createAuthProvider(fakeSession, groups ? async () => [...groups] : allGroups)}
          i18nProvider={i18nProvider}
          store={memoryStore()}
          layout={BareLayout}
          disableTelemetry
        >
          {ENTITIES.map((e) => (
            <Resource
              key={e.name}
              name={e.name}
              recordRepresentation={e.recordRepresentation}
              list={(e === entity && own.list) || EntityList}
              create={(e === entity && own.create) || EntityCreate}
              edit={(e === entity && own.edit) || EntityEdit}
              show={(e === entity && own.show) || EntityShow}
            />
          ))}
        </Admin>
      </TestMemoryRouter>
    </ClientConfigProvider>,
  );
}

/** Renders one hand-made component (a dialog, a panel) inside react-admin's contexts with the real data provider. */
export function renderInAdmin(ui: ReactNode, path = '/') {
  return render(
    <ClientConfigProvider config={testConfig}>
      <TestMemoryRouter initialEntries={[path]}>
        <AdminContext
          dataProvider={createTestDataProvider()}
          authProvider={createAuthProvider(fakeSession, allGroups)}
          i18nProvider={i18nProvider}
          store={memoryStore()}
        >
          {ui}
        </AdminContext>
      </TestMemoryRouter>
    </ClientConfigProvider>,
  );
}

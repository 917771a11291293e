import { render, screen, waitFor } from '@testing-library/react';
import { Admin, memoryStore, Resource, TestMemoryRouter } from 'react-admin';
import { describe, expect, it } from 'vitest';
import {
  ClientConfigProvider,
  createAuthProvider,
  CustomerList,
  ENTITIES,
  GROUPS,
  guardView,
  i18nProvider,
  type ClientConfig,
} from '../support/app';
import { createTestDataProvider, fakeSession } from '../support/client';
import { server } from '../support/server';

const kunden = ENTITIES.find((e) => e.name === 'kunden')!;
const GuardedList = guardView(kunden, 'list', CustomerList);

/** The Kunden list as CrmApp mounts it, for a person with the given groups; returns the API paths it calls. */
function openKunden(groups: string[]) {
  const called: string[] = [];
  server.events.on('request:start', ({ request }) => {
    called.push(new URL(request.url).pathname);
  });
  render(
    <ClientConfigProvider config={{ tenant: 'strussnig', demo: true, production: false } as ClientConfig}>
      <TestMemoryRouter initialEntries={['/kunden']}>
        <Admin
          dataProvider={createTestDataProvider()}
          authProvider={createAuthProvider(fakeSession, async () => groups)}
          i18nProvider={i18nProvider}
          store={memoryStore()}
          disableTelemetry
        >
          <Resource name="kunden" list={GuardedList} />
        </Admin>
      </TestMemoryRouter>
    </ClientConfigProvider>,
  );
  return called;
}

describe('a page the user may not open (sven.standort on /crm/kunden)', () => {
  it('calls none of its endpoints and says once that access is missing', async () => {
    const called = openKunden(['APP_STANDORT_S_WIEN']);
    await screen.findByText('Keine Berechtigung', {}, { timeout: 10_000 });
    // Give stray queries (list, filter references) the time they took before the guard.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(called).toEqual([]);
    expect(screen.getAllByText(/Keine Berechtigung|keine Berechtigung/)).toHaveLength(1);
  }, 30_000);

  it('shows the list to people with the group', async () => {
    const called = openKunden([GROUPS.kunde]);
    await screen.findByRole('switch', { name: 'Nur meine' }, { timeout: 10_000 });
    await waitFor(() => expect(called).toContain('/api/kunde/allCustomers'));
  }, 30_000);
});

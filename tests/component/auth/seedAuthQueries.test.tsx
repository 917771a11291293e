import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, useCanAccess, usePermissions, useRequireAccess } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetGroups, lastKnownGroups, rememberGroups } from '../../../src/authProvider/groupsHint';
import { seedAuthQueries } from '../../../src/authProvider/seedAuthQueries';
import { createTestDataProvider } from '../support/client';
import { i18nProvider } from '../support/app';

function Checks() {
  const permissions = usePermissions<string[]>();
  const create = useCanAccess({ resource: 'kunden', action: 'create' });
  // As react-admin's list controller asks for it.
  const list = useRequireAccess({ resource: 'kunden', action: 'list', enabled: true });
  const answer = (pending: boolean, value: unknown) => (pending ? 'offen' : String(value));
  return (
    <p>
      Gruppen {answer(permissions.isPending, permissions.permissions?.join('+'))}, anlegen{' '}
      {answer(create.isPending, create.canAccess)}, Liste {list.isPending ? 'offen' : 'frei'}
    </p>
  );
}

// React-admin's own auth checks are answered from the groups CrmGuard read, so that the address's
// screen draws with its data at once, not after one more asynchronous check (which drew the whole list again).
describe('react-admin auth queries answered up front', () => {
  it('gives react-admin the groups and the access to the opened entity without asking the authProvider', () => {
    const queryClient = new QueryClient();
    seedAuthQueries(queryClient, ['APP_KUNDE'], '/crm/kunden');
    const authProvider = {
      checkAuth: vi.fn(() => Promise.resolve()),
      getPermissions: vi.fn(() => Promise.resolve(['nein'])),
      canAccess: vi.fn(() => Promise.resolve(false)),
      login: vi.fn(),
      logout: vi.fn(() => Promise.resolve()),
      checkError: vi.fn(() => Promise.resolve()),
    };
    render(
      <AdminContext
        dataProvider={createTestDataProvider()}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
        store={memoryStore()}
      >
        <Checks />
      </AdminContext>,
    );
    // On the first render, from the cache: nothing pending, the policy's answers (a seller may create customers).
    expect(screen.getByRole('paragraph').textContent).toBe('Gruppen APP_KUNDE, anlegen true, Liste frei');
    expect(authProvider.getPermissions).not.toHaveBeenCalled();
    expect(authProvider.canAccess).not.toHaveBeenCalled();
  });

  it('answers as the policy does for a person without the group', () => {
    const queryClient = new QueryClient();
    seedAuthQueries(queryClient, ['APP_NPS'], '/crm/kunden');
    expect(queryClient.getQueryData(['auth', 'canAccess', { action: 'list', resource: 'kunden' }])).toBe(
      false,
    );
  });
});

describe('the groups a browser last read (a hint for the first data, never a permission)', () => {
  afterEach(() => forgetGroups());

  it('are kept per account and forgotten on sign-out', () => {
    expect(lastKnownGroups('konto-a')).toBeNull();
    rememberGroups('konto-a', ['APP_KUNDE', 'APP_NPS']);
    expect(lastKnownGroups('konto-a')).toEqual(['APP_KUNDE', 'APP_NPS']);
    expect(lastKnownGroups('konto-b')).toBeNull();
    forgetGroups();
    expect(lastKnownGroups('konto-a')).toBeNull();
  });

  it('are ignored when the note is not what this app wrote', () => {
    localStorage.setItem('fenster-crm.groups', '{kaputt');
    expect(lastKnownGroups('konto-a')).toBeNull();
    localStorage.setItem(
      'fenster-crm.groups',
      JSON.stringify({ account: 'konto-a', groups: [1, 'APP_KUNDE'] }),
    );
    expect(lastKnownGroups('konto-a')).toEqual(['APP_KUNDE']);
  });
});

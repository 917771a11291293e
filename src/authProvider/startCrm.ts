import type { ComponentType } from 'react';
import type { ApiClients } from '../dataProvider/httpClient';
import { importOnce } from '../importOnce';
import { firstCallsSent, noteFirstCallsSent } from '../pageLoad';
import { lastKnownGroups } from './groupsHint';
import { loadMyGroups } from './myGroups';
import type { Session } from './session';

/** The signed-in CRM (src/CrmApp.tsx) as CrmGuard renders it. */
export type CrmAppComponent = ComponentType<{ session: Session; groups: readonly string[] }>;

const appCode = importOnce(() => import('../CrmApp').then((module): CrmAppComponent => module.default));
const routeDataCode = importOnce(() => import('../dataProvider/routeData'));

/**
 * The module that starts an address's first data (src/dataProvider/routeData.ts), imported once per page load.
 * Once it is here, a caller of this promise goes on at once; a fresh `import()` of the same module waits for a
 * task of its own, and on a cold load that task came after the app's code had run: 120–170 ms.
 */
export const loadRouteData = (): Promise<typeof import('../dataProvider/routeData')> => routeDataCode.load();

/** The app's code (react-admin, MUI, the frame), imported once per page load. */
export const loadCrmApp = (): Promise<CrmAppComponent> => appCode.load();

/** The app's code, asked for once the address's first calls are out. */
const loadCrmAppAfterFirstCalls = (): void => {
  void firstCallsSent()
    .then(loadCrmApp)
    .catch(() => undefined);
};

/**
 * Starts, once per page load, what a signed-in /crm address needs first: the app's code, the user's groups and
 * the address's first data (a list's rows, the dashboard's figures). src/main.tsx calls it as soon as MSAL has
 * found the account, before React's first render (60–90 ms on a cold load); CrmGuard calls it again.
 * Nothing here needs react-admin or MUI. With `withApp` false (a phone's landing, drawn by Mein Tag's light
 * page) the app's code is left for later: it would share the weak line with the day's first screen.
 */
export function startCrm(session: Session, clients: ApiClients, withApp = true): void {
  const account = session.account?.homeAccountId;
  if (withApp) loadCrmAppAfterFirstCalls();
  if (account) {
    // Failures are CrmGuard's to handle: it asks for the same (cached) groups.
    void loadMyGroups(clients.api).catch(() => undefined);
    // The groups this browser read last time decide at once; without them the data wait for user/myGroups.
    const known = lastKnownGroups(account);
    loadRouteData()
      .then(({ routeData }) =>
        routeData(clients, window.location, known ? Promise.resolve(known) : loadMyGroups(clients.api)),
      )
      .catch(() => undefined)
      .finally(noteFirstCallsSent);
  } else noteFirstCallsSent();
}

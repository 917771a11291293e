import type { AuthProvider } from 'react-admin';
import { canAccessEntity } from '../resources/canAccess';
import { entityByName } from '../resources/registry';
import { profilePicture } from './profilePicture';
import type { Session } from './session';

/** react-admin's view of the MSAL session: 401 signs out, 403 keeps the user signed in. */
export function createAuthProvider(session: Session, groups: () => Promise<string[]>): AuthProvider {
  return {
    login: () => session.login(),
    // Ended on this device only (no connection to the directory): the app shows its own sign-in page, which
    // says so, instead of a redirect the browser cannot load.
    logout: async () => {
      if (session.account && (await session.logout()) === 'geraet') return '/login';
    },
    checkAuth: async () => {
      if (!session.account) throw { redirectTo: '/login', message: false };
    },
    checkError: async (error: { status?: number }) => {
      if (error?.status === 401) throw error;
    },
    getIdentity: async () => {
      const account = session.account;
      if (!account) throw new Error('Nicht angemeldet');
      return {
        id: account.homeAccountId,
        fullName: account.name ?? account.username,
        avatar: await profilePicture(session),
      };
    },
    getPermissions: () => groups(),
    canAccess: async ({ resource, action }) => {
      const entity = entityByName(resource);
      return entity ? canAccessEntity(await groups(), entity, action) : true;
    },
  };
}

import type { DemoUser } from './devIdp/demoUsers';
import type { Directory, DirectoryPerson } from '../platform/auth/directory';

const personOf = (user: DemoUser): DirectoryPerson => ({
  azureId: user.oid,
  name: user.name,
  email: user.email,
  username: user.username,
});

const matches = (user: DemoUser, search: string) =>
  [user.name, ...user.name.split(' '), user.email, user.username].some((text) =>
    text.toLocaleLowerCase('de').startsWith(search.toLocaleLowerCase('de')),
  );

/** The development directory: the people of the demo identity provider's user file (no photos). */
export function createDemoDirectory(users: readonly DemoUser[]): Directory {
  const byId = (azureId: string) => users.find((user) => user.oid === azureId);
  return {
    people: async (_credentials, search) =>
      users
        .filter((user) => !search || matches(user, search))
        .map(personOf)
        .sort((a, b) => a.name.localeCompare(b.name, 'de')),
    person: async (_credentials, azureId) => {
      const user = byId(azureId);
      return user ? personOf(user) : null;
    },
    groupsOf: async (_credentials, azureId) => byId(azureId)?.groups ?? null,
    photoOf: async () => null,
  };
}

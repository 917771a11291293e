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

/**
 * The development directory: the people of the demo identity provider's user file (no photos), and with
 * `colleagues` the people the demo data describes besides them (the generated sellers, who cannot sign in).
 */
export function createDemoDirectory(
  users: readonly DemoUser[],
  colleagues: () => Promise<DemoUser[]> = async () => [],
): Directory {
  const everyone = async () => [...users, ...(await colleagues())];
  const byId = async (azureId: string) => (await everyone()).find((user) => user.oid === azureId);
  return {
    people: async (_credentials, search) =>
      (await everyone())
        .filter((user) => !search || matches(user, search))
        .map(personOf)
        .sort((a, b) => a.name.localeCompare(b.name, 'de')),
    person: async (_credentials, azureId) => {
      const user = await byId(azureId);
      return user ? personOf(user) : null;
    },
    groupsOf: async (_credentials, azureId) => (await byId(azureId))?.groups ?? null,
    membersOf: async (_credentials, groupName) =>
      (await everyone()).filter((user) => user.groups.includes(groupName)).map((user) => user.oid),
    photoOf: async () => null,
  };
}

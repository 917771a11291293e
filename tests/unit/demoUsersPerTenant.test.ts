import { describe, expect, it } from 'vitest';
import { locationGroupsOf } from '../../src/auth/groups';
import { loadDemoUsers } from '../../server/dev/devIdp/demoUsers';
import { BRANCHES } from '../../server/dev/seed/regions';
import { readConfig } from '../../server/platform/config/env';

const TENANTS = ['strussnig', 'rekord'] as const;
const usersOf = (tenant: (typeof TENANTS)[number]) => {
  const config = readConfig({ TENANT: tenant });
  if (config.auth.mode !== 'dev') throw new Error('dev erwartet');
  return loadDemoUsers(config.auth.devUsersFile);
};

// Rekord's development sign-in listed Strussnig's Austrian sites, and lena's location (APP_STANDORT_S_VILLACH)
// matched no Rekord branch: she had no colleagues, so her dashboard's "Verkäufer" switch stayed disabled.
describe('the demo users of each tenant', () => {
  it.each(TENANTS)('%s: every location group is one of its branches, mails of its domain', (tenant) => {
    const users = usersOf(tenant);
    const groups = new Set(BRANCHES[tenant].map((branch) => branch.locationGroup));
    const domain = tenant === 'rekord' ? '@rekord-fenster.de' : '@strussnig.at';
    const otherSites = BRANCHES[tenant === 'rekord' ? 'strussnig' : 'rekord'].map((branch) => branch.name);
    for (const user of users) {
      for (const location of locationGroupsOf(user.groups)) expect(groups, user.username).toContain(location);
      expect(user.email.endsWith(domain), user.email).toBe(true);
      expect(
        otherSites.filter((site) => user.description?.includes(site)),
        user.username,
      ).toEqual([]);
    }
  });

  it.each(TENANTS)(
    '%s: lena.leitung leads a branch with colleagues who sell (her "Verkäufer" switch)',
    (tenant) => {
      const users = usersOf(tenant);
      const lena = users.find((user) => user.username === 'lena.leitung')!;
      const [location] = locationGroupsOf(lena.groups);
      expect(BRANCHES[tenant].some((branch) => branch.locationGroup === location)).toBe(true);
      const colleagues = users.filter(
        (user) => user !== lena && user.groups.includes(location!) && user.groups.includes('APP_KUNDE'),
      );
      expect(colleagues.map((user) => user.username)).toContain('victor.verkauf');
    },
  );

  it('are the same people in both tenants (user names, ids, groups apart from the sites)', () => {
    const [strussnig, rekord] = TENANTS.map(usersOf);
    const shape = (users: typeof strussnig) =>
      users.map((user) => ({
        username: user.username,
        oid: user.oid,
        groups: user.groups.map((group) => (group.startsWith('APP_STANDORT_') ? 'STANDORT' : group)),
        described: user.describedInDemoData,
      }));
    expect(shape(rekord!)).toEqual(shape(strussnig!));
  });
});

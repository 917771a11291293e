import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config/env';

describe('server configuration', () => {
  it('starts with sensible defaults: embedded database, demo, Strussnig', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      tenant: 'strussnig',
      demo: true,
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('uses an external database when DATABASE_URL is set, and is then no demo by default', () => {
    const config = readConfig({ DATABASE_URL: 'postgres://crm@db.intern:5432/crm' });
    expect(config.databaseUrl).toBe('postgres://crm@db.intern:5432/crm');
    expect(config.demo).toBe(false);
  });

  it.each([
    ['PORT', 'abc'],
    ['TENANT', 'acme'],
    ['DEMO', 'vielleicht'],
    ['PUBLIC_URL', 'kein url'],
  ])('names the bad variable %s in a German message', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => readConfig({ [name]: value })).toThrow(new RegExp(`Umgebungsvariable ${name}`));
  });
});

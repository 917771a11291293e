import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/platform/config/env';

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

  it('keeps uploaded files in the local folder unless FILE_STORE=azure names a shared container', () => {
    expect(readConfig({}).azureBlob).toBeUndefined();
    const connectionString =
      'DefaultEndpointsProtocol=https;AccountName=fenster;AccountKey=a2V5;EndpointSuffix=core.windows.net';
    expect(
      readConfig({ FILE_STORE: 'azure', AZURE_STORAGE_CONNECTION_STRING: connectionString }).azureBlob,
    ).toEqual({
      connectionString,
      container: 'fenster-crm-dateien',
    });
    expect(() => readConfig({ FILE_STORE: 'azure' })).toThrow(/AZURE_STORAGE_CONNECTION_STRING fehlt/);
    expect(() =>
      readConfig({
        FILE_STORE: 'azure',
        AZURE_STORAGE_CONNECTION_STRING: connectionString,
        AZURE_STORAGE_CONTAINER: 'CRM_Dateien',
      }),
    ).toThrow(/Umgebungsvariable AZURE_STORAGE_CONTAINER/);
  });

  it('trusts no proxy and lets nobody read the figures unless configured', () => {
    expect(readConfig({}).network).toEqual({ trustProxy: [], metrics: { allow: [] } });
    const config = readConfig({
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1',
      METRICS_ALLOW: '10.1.2.3',
      METRICS_TOKEN: 'a-long-enough-metrics-token',
    });
    expect(config.network).toEqual({
      trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1'],
      metrics: { allow: ['10.1.2.3'], token: 'a-long-enough-metrics-token' },
    });
  });

  it.each([
    ['FILE_STORE', 's3'],
    ['PORT', 'abc'],
    ['TENANT', 'acme'],
    ['DEMO', 'vielleicht'],
    ['PUBLIC_URL', 'kein url'],
    ['TRUST_PROXY', '127.0.0.1,nginx'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['METRICS_ALLOW', '*'],
    ['METRICS_TOKEN', 'kurz'],
  ])('names the bad variable %s in a German message', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => readConfig({ [name]: value })).toThrow(new RegExp(`Umgebungsvariable ${name}`));
  });
});

describe('the web app configuration', () => {
  it('defaults to the tenant branding and the client’s release dates', () => {
    const { ui } = readConfig({ TENANT: 'rekord', PORT: '4000' });
    expect(ui).toEqual({
      environmentName: 'Entwicklung',
      apiBaseUrl: '/api',
      redirectUrl: 'http://localhost:4000/auth-callback',
      releaseDate: '30.09.2023',
      releaseDatePanel: '27.05.2025 15:05',
      // Rekord's blue beside its blue logo; Strussnig keeps its orange.
      theme: 'blue',
      loginTitle: 'Rekord Vertriebs-CRM',
      favicon: '/tenants/rekord/favicon.svg',
      sidebarLogo: '/tenants/rekord/logo.svg',
      manualUrl: '/tenants/rekord/handbuch.pdf',
    });
    expect(readConfig({ PRODUCTION: 'true' }).ui.environmentName).toBe('Produktion');
    expect(readConfig({ TENANT: 'strussnig' }).ui.theme).toBe('orange');
    expect(readConfig({ TENANT: 'rekord', THEME: 'teal' }).ui.theme).toBe('teal');
  });

  it.each([
    [{ RELEASE_DATE: '2023-09-30' }, 'RELEASE_DATE muss wie "30.09.2023" aussehen'],
    [{ RELEASE_DATE_PANEL: '27.05.2025' }, 'RELEASE_DATE_PANEL muss wie "27.05.2025 15:05" aussehen'],
    [{ THEME: 'rot' }, 'THEME muss einer dieser Werte sein'],
    [{ API_BASE_URL: 'api' }, 'API_BASE_URL muss eine gültige URL sein'],
    [{ FAVICON: '//fremd.example/icon.svg' }, 'FAVICON muss eine gültige URL sein'],
    [{ TENANT: 'kunde' }, 'TENANT muss einer dieser Werte sein'],
  ])('names the bad variable in German: %o', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});

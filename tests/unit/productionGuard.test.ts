import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config/env';
import { assertProductionReady } from '../../server/platform/config/productionGuard';

const ENTRA = {
  PRODUCTION: 'true',
  AUTH_MODE: 'entra',
  ENTRA_CLIENT_ID: '0b5e2a11-1111-4c1c-9d1d-5a5a5a5a5a51',
  ENTRA_API_CLIENT_ID: '0b5e2a11-2222-4c1c-9d1d-5a5a5a5a5a52',
  ENTRA_ALLOWED_TENANTS: '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  ENTRA_CLIENT_SECRET: 'geheim',
  DATABASE_URL: 'postgres://crm@db.intern/crm',
  SEED_DEMO_DATA: 'false',
};

describe('production start-up', () => {
  it('accepts a complete Entra configuration', () => {
    expect(() => assertProductionReady(readConfig(ENTRA))).not.toThrow();
    const sharedFiles = {
      FILE_STORE: 'azure',
      AZURE_STORAGE_CONNECTION_STRING:
        'DefaultEndpointsProtocol=https;AccountName=fensterdateien;AccountKey=a2V5;EndpointSuffix=core.windows.net',
    };
    expect(() => assertProductionReady(readConfig({ ...ENTRA, ...sharedFiles }))).not.toThrow();
  });

  it.each([
    ['AUTH_MODE=dev', { AUTH_MODE: 'dev' }],
    ['ENTRA_GROUPS_FROM=claims', { ENTRA_GROUPS_FROM: 'claims' }],
    ['ENTRA_ALLOWED_TENANTS=*', { ENTRA_ALLOWED_TENANTS: '*' }],
    ['DEMO=true', { DEMO: 'true' }],
    ['SEED_DEMO_DATA', { SEED_DEMO_DATA: 'true' }],
    ['DATABASE_URL', { DATABASE_URL: '', DEMO: 'false' }],
    [
      'devstoreaccount1',
      {
        FILE_STORE: 'azure',
        AZURE_STORAGE_CONNECTION_STRING:
          'DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=a2V5;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;',
      },
    ],
  ])('refuses development settings and names %s', (setting, change) => {
    expect(() => assertProductionReady(readConfig({ ...ENTRA, ...change }))).toThrow(setting);
  });

  it('names missing Entra variables in German', () => {
    expect(() => readConfig({ ...ENTRA, ENTRA_API_CLIENT_ID: '' })).toThrow(
      'Die Umgebungsvariable ENTRA_API_CLIENT_ID fehlt',
    );
    expect(() => readConfig({ ...ENTRA, ENTRA_ALLOWED_TENANTS: 'contoso' })).toThrow('ENTRA_ALLOWED_TENANTS');
    expect(() => readConfig({ ...ENTRA, ENTRA_CLIENT_SECRET: '' })).toThrow('ENTRA_CLIENT_SECRET');
  });

  it('needs the secret with app roles too, for the directory of Admin-Benutzer', () => {
    expect(() => readConfig({ ...ENTRA, ENTRA_CLIENT_SECRET: '', ENTRA_GROUPS_FROM: 'roles' })).toThrow(
      'ENTRA_CLIENT_SECRET oder ENTRA_CERT_KEY_FILE',
    );
    const config = readConfig({ ...ENTRA, ENTRA_GROUPS_FROM: 'roles' });
    expect(config.auth).toMatchObject({
      mode: 'entra',
      groupsFrom: 'roles',
      apiAudience: `api://${ENTRA.ENTRA_API_CLIENT_ID}`,
    });
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/testApp';

const ADMIN = ['APP_ADMIN'];
const GET = { method: 'GET', url: '/api/globalSettings/getGlobalSettings' } as const;

describe('globalSettings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const read = async () =>
    (await t.call(ADMIN, GET)).body.result as Record<string, unknown> & { version: number };
  const put = (payload: Record<string, unknown>) =>
    t.call(ADMIN, { method: 'PUT', url: '/api/globalSettings/putGlobalSettings', payload });

  it('refuses callers without APP_ADMIN', async () => {
    for (const groups of [['APP_ADMIN_VERKAUF'], ['APP_KUNDE'], []]) {
      expect((await t.call(groups, GET)).status).toBe(403);
      expect(
        (
          await t.call(groups, {
            method: 'PUT',
            url: '/api/globalSettings/putGlobalSettings',
            payload: { version: 1 },
          })
        ).status,
      ).toBe(403);
    }
  });

  it('reads the single row with the table defaults and saves the form', async () => {
    const first = await read();
    expect(first).toMatchObject({
      version: 1,
      defaultDueDays: 7,
      offerValidityDays: 30,
      companyCountry: 'AT',
    });
    const saved = await put({
      ...first,
      companyName: 'Strussnig Fenster GmbH',
      companyIban: 'AT61 1904 3002 3457 3201',
      companyVatId: 'ATU12345678',
      defaultDueDays: 10,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({
      version: 2,
      companyName: 'Strussnig Fenster GmbH',
      defaultDueDays: 10,
    });
  });

  it('refuses invalid input with a German message per field and saves nothing', async () => {
    const before = await read();
    const response = await put({
      ...before,
      companyName: '',
      companyIban: 'AT61 1904 3002 3457 3202',
      companyVatId: 'AT1234',
      mailSenderAddress: 'vertrieb(at)strussnig',
      defaultDueDays: 400,
    });
    expect(response.status).toBe(400);
    expect(response.body.result.errors).toEqual({
      companyName: 'Firmenname ist ein Pflichtfeld.',
      companyIban: 'Die Prüfziffern der IBAN stimmen nicht. Bitte prüfen Sie die Eingabe.',
      companyVatId: 'UID-Nummer muss wie ATU12345678 oder DE123456789 aussehen.',
      mailSenderAddress: 'Absenderadresse muss eine gültige E-Mail-Adresse sein.',
      defaultDueDays: 'Standard-Fälligkeit (Tage) darf höchstens 365 sein.',
    });
    expect(await read()).toEqual(before);
  });

  it('refuses a stale version with a conflict instead of overwriting', async () => {
    const current = await read();
    expect((await put({ ...current, companyCity: 'Klagenfurt' })).status).toBe(200);
    const stale = await put({ ...current, companyCity: 'Villach' });
    expect(stale.status).toBe(409);
    expect(stale.body.result.message).toMatch(
      /^Die Einstellungen wurden inzwischen von Test Person geändert\./,
    );
    const city = await sql<{ city: string }>`SELECT company_city AS city FROM global_settings`.execute(t.db);
    expect(city.rows[0]!.city).toBe('Klagenfurt');
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import demoUsers from '../../../server/dev/devIdp/demo-users.json' with { type: 'json' };
import { asciiMail } from '../../../server/dev/seed/generateCustomers';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import activityEntity from '../../../src/resources/activities/activity.entity';
import { getNewActivityDefaults } from '../../../src/resources/activities/activities.endpoints';
import customerEntity from '../../../src/resources/customers/customer.entity';
import { updateCustomerField } from '../../../src/resources/customers/customers.endpoints';
import { postNoteToTimeline } from '../../../src/resources/customers/timeline/timeline.endpoints';
import { entityCalls, type EntityInput } from '../../support/entityCalls';
import { createTestApp, ISSUER, resultOf, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';

const victor = demoUsers.find((u) => u.username === 'victor.verkauf')!;
const anna = demoUsers.find((u) => u.username === 'anna.admin')!;

describe('Kunden after a week of use', () => {
  let t: TestApp;
  let victorToken: string;
  let annaToken: string;
  const customers = () => entityCalls(t, customerEntity);
  const create = (values: EntityInput<typeof customerEntity>, token = victorToken) =>
    customers().create({ token }, values);
  const search = async (q: string, token = victorToken) =>
    (await resultOf(customers().list({ token }, { perPage: 50, filter: { q } }))).data;
  const changeField = (token: string, body: { id: number; version: number; field: string; value: unknown }) =>
    t.callEndpoint({ token }, updateCustomerField, { body });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 30 });
    victorToken = await signAccessToken(t.signingKey, ISSUER, victor.groups, {
      oid: victor.oid,
      name: victor.name,
    });
    annaToken = await signAccessToken(t.signingKey, ISSUER, anna.groups, { oid: anna.oid, name: anna.name });
  });
  afterAll(() => t.close());

  it('finds a phone number however it is typed', async () => {
    const saved = await create({
      lastName: 'Telefonsuche',
      firstName: 'Tina',
      phone: '+43 4242 123456',
      mobile: '0664 1111111',
    });
    expect(saved.status).toBe(200);
    const { id } = saved.result;
    for (const typed of [
      '+43 4242 123456',
      '4242 123456',
      '04242 123456',
      '04242123456',
      '0043 4242 123456',
      '+43 664 1111111',
      '0664 1111111',
      '06641111111',
    ]) {
      const ids = (await search(typed)).map((row) => row.id);
      expect(ids, typed).toContain(id);
    }
    expect((await search('04242 999999')).map((row) => row.id)).not.toContain(id);
  });

  it('matches every word typed in any order', async () => {
    const { id } = await resultOf(create({ lastName: 'Werle', firstName: 'Carlo', city: 'Villach' }));
    for (const typed of ['werle carlo', 'Carlo Werle', 'carlo villach werle', 'Werle, Carlo']) {
      expect(
        (await search(typed)).map((row) => row.id),
        typed,
      ).toContain(id);
    }
    expect((await search('Carlo Graz')).map((row) => row.id)).not.toContain(id);
  });

  it('gives a new customer its creator as Betreuer and the creator’s Filiale, unless chosen', async () => {
    const { rows } = await sql<{ id: number; branchId: number }>`
      SELECT id, branch_id AS "branchId" FROM app_user WHERE azure_oid = ${victor.oid}`.execute(t.db);
    const me = rows[0]!;
    const saved = await resultOf(create({ lastName: 'Neukunde' }));
    expect(saved.ownerUserId).toBe(me.id);
    expect(saved.branchId).toBe(me.branchId);
    const listed = await resultOf(
      customers().list({ token: victorToken }, { perPage: 500, filter: { mine: true } }),
    );
    expect(listed.data.map((row) => row.id)).toContain(saved.id);

    const { rows: others } = await sql<{ id: number }>`
      SELECT id FROM app_user WHERE azure_oid <> ${victor.oid} ORDER BY id LIMIT 1`.execute(t.db);
    const chosen = await resultOf(create({ lastName: 'Fremdkunde', ownerUserId: others[0]!.id }));
    expect(chosen.ownerUserId).toBe(others[0]!.id);
  });

  it('refuses letters in Telefon in place as in the form', async () => {
    const form = await create({ lastName: 'Buchstaben', phone: 'abc' });
    expect(form.status).toBe(400);
    expect(form.errors).toHaveProperty('phone');
    const saved = await resultOf(create({ lastName: 'Buchstaben' }));
    for (const field of ['phone', 'mobile']) {
      const inPlace = await changeField(victorToken, {
        id: saved.id,
        version: saved.version,
        field,
        value: 'abc',
      });
      expect(inPlace.status, field).toBe(400);
      expect(inPlace.errors?.[field]).toMatch(/nur Ziffern/);
    }
    const { rows } = await sql<{
      phone: string | null;
    }>`SELECT phone FROM customer WHERE id = ${saved.id}`.execute(t.db);
    expect(rows[0]!.phone).toBeNull();
  });

  it('keeps the Kundennummer the ERP’s: sellers get a German 400 at the field, the administration can', async () => {
    const refused = await create({ lastName: 'Nummer', customerNumber: 'K-999' });
    expect(refused.status).toBe(400);
    expect(refused.errors?.customerNumber).toMatch(/^Kundennummer: nur die Administration/);
    // Herkunft and Anrede (chosen from the Stammdaten) are saved and read back with the customer.
    const saved = await resultOf(create({ lastName: 'Nummer', salutation: 'Frau', origin: 'Messe' }));
    expect(saved).toMatchObject({ salutation: 'Frau', origin: 'Messe', customerNumber: null });
    const change = (token: string, version: number) =>
      changeField(token, { id: saved.id, version, field: 'customerNumber', value: 'K-998' });
    expect((await change(victorToken, saved.version)).status).toBe(400);
    const put = await customers().update({ token: victorToken }, saved.id, {
      ...saved,
      customerNumber: 'K-997',
    });
    expect(put.status).toBe(400);
    const { rows } = await sql<{ number: string | null }>`
      SELECT customer_number AS number FROM customer WHERE id = ${saved.id}`.execute(t.db);
    expect(rows[0]!.number).toBeNull();
    // Saving the form unchanged is fine for a seller.
    const same = await resultOf(
      customers().update({ token: victorToken }, saved.id, { ...saved, city: 'Villach' }),
    );
    const byAdmin = await change(annaToken, same.version);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.result).toMatchObject({ customerNumber: 'K-998' });
  });

  it('fills a new activity\'s "Fällig am" with the Standard-Fälligkeit in company days; saved empty, it stays empty', async () => {
    await sql`UPDATE global_settings SET default_due_days = 10 WHERE id = 1`.execute(t.db);
    // 23:30 UTC on 10 March is already 11 March in Vienna: due ten company days later.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-10T23:30:00.000Z'));
      const token = await signAccessToken(t.signingKey, ISSUER, victor.groups, {
        oid: victor.oid,
        name: victor.name,
      });
      const defaults = await t.callEndpoint({ token }, getNewActivityDefaults);
      expect(defaults.status).toBe(200);
      expect(defaults.result).toEqual({ dueDate: '2026-03-21' });
    } finally {
      vi.useRealTimers();
    }
    const customer = await resultOf(create({ lastName: 'Fällig' }));
    const activity = (values: EntityInput<typeof activityEntity>) =>
      entityCalls(t, activityEntity).create(
        { token: victorToken },
        { customerId: customer.id, activityType: 'anruf', ...values },
      );
    // An open activity saved without a due day gets none: it does not turn into a todo by itself.
    const open = await activity({ activityDate: '2026-03-10T23:30:00.000Z' });
    expect(open.status).toBe(200);
    expect(open.result.dueDate ?? null).toBeNull();
    const cleared = await activity({ activityDate: '2026-03-10T10:00:00.000Z', dueDate: null });
    expect(cleared.result.dueDate ?? null).toBeNull();
    const chosen = await activity({ activityDate: '2026-03-10T10:00:00.000Z', dueDate: '2026-04-01' });
    expect(String(chosen.result.dueDate)).toMatch(/^2026-04-01/);
    const { rows } = await sql<{ due: string | null }>`
      SELECT due_date::text AS due FROM activity WHERE customer_id = ${customer.id} ORDER BY id`.execute(
      t.db,
    );
    expect(rows.map((row) => row.due)).toEqual([null, null, '2026-04-01']);
  });

  it('says the limit when a note is too long', async () => {
    const customer = await resultOf(create({ lastName: 'Langtext' }));
    const { status, message, errors } = await t.callEndpoint({ token: victorToken }, postNoteToTimeline, {
      body: { customerId: customer.id, text: 'x'.repeat(5001) },
    });
    expect(status).toBe(400);
    expect(message).toContain('text: höchstens 5.000 Zeichen');
    expect(errors).toEqual({ text: 'höchstens 5.000 Zeichen' });
  });

  it('transliterates umlauts in the demo users’ names and addresses (enie.brger)', async () => {
    const { rows } = await sql<{ name: string; username: string; email: string }>`
      SELECT name, username, email FROM app_user`.execute(t.db);
    const generated = rows.filter((row) => !demoUsers.some((u) => u.username === row.username));
    expect(generated.length).toBeGreaterThan(5);
    for (const user of generated) {
      const [first = '', ...rest] = user.name.split(' ');
      expect(user.username).toBe(`${asciiMail(first)}.${asciiMail(rest.join(' '))}`);
      expect(user.email.startsWith(`${user.username}@`)).toBe(true);
    }
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPlaceholders,
  unknownPlaceholders,
} from '../../../src/resources/textTemplates/placeholders.rules';
import {
  getTextTemplatesForUser,
  previewTextTemplate,
} from '../../../src/resources/textTemplates/textTemplates.endpoints';
import type { BodyOf } from '../../../src/api/endpoint';
import textTemplateEntity from '../../../src/resources/textTemplates/textTemplate.entity';
import { entityCalls, type EntityInput } from '../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const LEITUNG = ['APP_ADMIN_VERKAUF'];
const SELLER = ['APP_KUNDE'];

describe('text templates', () => {
  let t: TestApp;
  const save = (input: EntityInput<typeof textTemplateEntity>) =>
    entityCalls(t, textTemplateEntity).create(LEITUNG, { purpose: 'service', ...input });
  const forUser = async (groups: string[]) =>
    (await resultOf(t.callEndpoint(groups, getTextTemplatesForUser))).map((r) => r.name);
  const preview = (groups: string[], body: BodyOf<typeof previewTextTemplate>) =>
    t.callEndpoint(groups, previewTextTemplate, { body });

  beforeAll(async () => {
    t = await createTestApp();
    await sql`INSERT INTO app_user (azure_oid, name, username, email, phone, mail_signature)
              VALUES ('oid-victor', 'Victor Verkauf', 'victor', 'victor@strussnig.at', '+43 4242 1', 'Victor Verkauf, Filiale Villach')`.execute(
      t.db,
    );
    await sql`INSERT INTO customer (customer_number, salutation, title, first_name, last_name, company_name, city, last_activity_at)
              VALUES ('K1', 'Frau', 'Dr.', 'Maria', 'Gruber', NULL, 'Klagenfurt', now()),
                     ('K2', NULL, NULL, NULL, NULL, 'Holzbau Wallner GmbH', 'Villach', now() - interval '1 day')`.execute(
      t.db,
    );
    await sql`INSERT INTO vorgang (vorgang_number, customer_id, title)
              SELECT 'V26-000001', id, 'Fenstertausch' FROM customer WHERE customer_number = 'K1'`.execute(
      t.db,
    );
  });
  afterAll(() => t.close());

  it('knows its placeholders and leaves no gap for an empty one', () => {
    expect(unknownPlaceholders('{{Anrede}} {{Kunde}} {{ Name }}')).toEqual(['{{Kunde}}']);
    expect(
      fillPlaceholders('{{Anrede}} {{Name}},', { Anrede: 'Sehr geehrte Damen und Herren', Name: '' }),
    ).toBe('Sehr geehrte Damen und Herren,');
  });

  it('refuses the calls without the group', async () => {
    for (const groups of [SELLER, ['APP_ADMIN'], []]) {
      expect((await preview(groups, { subject: 'x', body: 'y' })).status).toBe(403);
    }
    for (const groups of [['APP_ADMIN'], ['APP_NPS'], []]) {
      expect((await t.callEndpoint(groups, getTextTemplatesForUser)).status).toBe(403);
    }
  });

  it('previews with a real customer, the latest Vorgang and the sender', async () => {
    const response = await preview(LEITUNG, {
      subject: 'Ihr Angebot {{Vorgang}}',
      body: '{{Anrede}} {{Name}},\n\nGrüße\n{{Verkäufer}} {{Kunde}}',
      customerQuery: 'grub',
    });
    expect(response.status).toBe(200);
    expect(response.result).toMatchObject({
      subject: 'Ihr Angebot V26-000001 (Fenstertausch)',
      body: expect.stringMatching(/^Sehr geehrte Frau Dr\. Gruber,\n\nGrüße\n.+ $/),
      unknown: ['{{Kunde}}'],
      customer: { name: 'Maria Gruber', number: 'K1' },
    });
    const company = await preview(LEITUNG, {
      subject: '-',
      body: '{{Anrede}} {{Name}}, {{Firma}}',
      customerQuery: 'villach',
    });
    expect(company.result.body).toBe('Sehr geehrte Damen und Herren, Holzbau Wallner GmbH');
    // A Werbung template's mails end with the unsubscribe lines; the preview shows them, the link masked.
    const werbung = await preview(LEITUNG, {
      subject: '-',
      body: '{{Anrede}} {{Name}},',
      customerQuery: 'grub',
      purpose: 'werbung',
    });
    expect(werbung.result.body).toMatch(
      /^Sehr geehrte Frau Dr\. Gruber,\n\n--\nSie erhalten diese E-Mail, weil Sie eingewilligt haben, Werbung .*per E-Mail zu bekommen\. Mit einem Klick abmelden:\n\[persönlicher Abmeldelink\]$/,
    );
  });

  it('says what its mails are for: Service/Vertrag or Werbung, chosen, never assumed', async () => {
    const missing = await save({
      name: 'Ohne Zweck',
      subject: 'a',
      body: 'b',
      visibility: 'alle',
      purpose: undefined,
    });
    expect(missing.status).toBe(400);
    expect(missing.errors).toEqual({ purpose: 'Zweck ist ein Pflichtfeld.' });
    expect(
      (await save({ name: 'Aktion', subject: 'a', body: 'b', visibility: 'alle', purpose: 'werbung' }))
        .status,
    ).toBe(200);
    const offered = await resultOf(t.callEndpoint(SELLER, getTextTemplatesForUser));
    expect(offered.find((template) => template.name === 'Aktion')?.purpose).toBe('werbung');
    await sql`DELETE FROM text_template WHERE name = 'Aktion'`.execute(t.db);
  });

  it('offers each person the templates for everyone, their groups and themselves', async () => {
    const victor = (
      await sql<{ id: number }>`SELECT id FROM app_user WHERE azure_oid = 'oid-victor'`.execute(t.db)
    ).rows[0]!.id;
    expect((await save({ name: 'Für alle', subject: 'a', body: 'b', visibility: 'alle' })).status).toBe(200);
    expect(
      (
        await save({
          name: 'Nur Leitung',
          subject: 'a',
          body: 'b',
          visibility: 'gruppen',
          groupNames: ['APP_ADMIN_VERKAUF'],
        })
      ).status,
    ).toBe(200);
    expect(
      (await save({ name: 'Nur Victor', subject: 'a', body: 'b', visibility: 'benutzer', userIds: [victor] }))
        .status,
    ).toBe(200);
    expect(
      (await save({ name: 'Inaktiv', subject: 'a', body: 'b', visibility: 'alle', active: false })).status,
    ).toBe(200);

    expect(await forUser(SELLER)).toEqual(['Für alle']);
    expect(await forUser(LEITUNG)).toEqual(['Für alle', 'Nur Leitung']);
    // The token's oid decides who "I" am.
    const victors = await resultOf(
      t.callEndpoint({ oid: 'oid-victor', groups: SELLER }, getTextTemplatesForUser),
    );
    expect(victors.map((r) => r.name)).toEqual(['Für alle', 'Nur Victor']);
  });

  it('refuses unknown placeholders and an empty audience with German messages, saving nothing', async () => {
    const before = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM text_template`.execute(t.db))
      .rows[0]!.n;
    const response = await save({
      name: 'Kaputt',
      subject: 'Hallo {{Kunde}}',
      body: 'Text',
      visibility: 'benutzer',
      userIds: [],
    });
    expect(response.status).toBe(400);
    expect(response.errors).toEqual({
      subject: expect.stringMatching(/^Betreff: \{\{Kunde\}\} gibt es nicht\. Erlaubt sind \{\{Anrede\}\}/),
      userIds: 'Personen: Bitte wählen Sie mindestens eine Person.',
    });
    expect(
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM text_template`.execute(t.db)).rows[0]!.n,
    ).toBe(before);
  });
});

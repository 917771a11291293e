import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { createTestApp, ISSUER, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';

/** A template for one group may only be drafted from by its members, as the bulk mail to a selection checks it. */
describe('the single mail draft checks who may use the template', () => {
  let t: TestApp;
  let customerId = 0;
  let forVillach = 0;
  let inactive = 0;

  const draft = async (groups: string[], templateId: number) => {
    const token = await signAccessToken(t.signingKey, ISSUER, groups, { oid: `oid-${groups.join('-')}` });
    return t.app.inject({
      method: 'POST',
      url: '/api/mail/prepareMailToCustomer',
      headers: { authorization: `Bearer ${token}` },
      payload: { customerId, templateId },
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 3 });
    const one = async (query: ReturnType<typeof sql<{ id: number }>>) =>
      (await query.execute(t.db)).rows[0]!.id;
    customerId = await one(
      sql<{ id: number }>`SELECT id FROM customer WHERE email IS NOT NULL ORDER BY id LIMIT 1`,
    );
    forVillach = await one(sql<{ id: number }>`INSERT INTO text_template (name, subject, body, visibility)
      VALUES ('Nur Villach', 'Angebot Villach', 'Guten Tag', 'gruppen') RETURNING id`);
    await sql`INSERT INTO text_template_group (template_id, group_name)
      VALUES (${forVillach}, 'APP_STANDORT_S_VILLACH')`.execute(t.db);
    inactive = await one(sql<{ id: number }>`INSERT INTO text_template (name, subject, body, active)
      VALUES ('Alt', 'x', 'y', false) RETURNING id`);
  });
  afterAll(() => t.close());

  it('refuses a template for another group with a German 403 and drafts it for a member of the group', async () => {
    const stranger = await draft(['APP_KUNDE', 'APP_STANDORT_S_WIEN'], forVillach);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().result.message).toBe('Diese Textvorlage dürfen Sie nicht verwenden.');
    const member = await draft(['APP_KUNDE', 'APP_STANDORT_S_VILLACH'], forVillach);
    expect(member.statusCode).toBe(200);
    expect(member.json().result.subject).toBe('Angebot Villach');
  });

  it('refuses to send a mail recorded as from a template the sender may not use', async () => {
    const send = async (groups: string[]) => {
      const token = await signAccessToken(t.signingKey, ISSUER, groups, {
        oid: `oid-send-${groups.join('-')}`,
      });
      const { rows } = await sql<{
        email: string;
      }>`SELECT email FROM customer WHERE id = ${customerId}`.execute(t.db);
      return t.app.inject({
        method: 'POST',
        url: '/api/mail/sendMailToCustomer',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          customerId,
          templateId: forVillach,
          to: rows[0]!.email,
          subject: 'Angebot',
          body: 'Guten Tag',
        },
      });
    };
    const stranger = await send(['APP_KUNDE', 'APP_STANDORT_S_WIEN']);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().result.message).toBe('Diese Textvorlage dürfen Sie nicht verwenden.');
    expect((await send(['APP_KUNDE', 'APP_STANDORT_S_VILLACH'])).statusCode).toBe(200);
  });

  it('answers a deactivated or unknown template as not found', async () => {
    expect((await draft(['APP_KUNDE'], inactive)).statusCode).toBe(404);
    expect((await draft(['APP_KUNDE'], 999999)).statusCode).toBe(404);
  });
});

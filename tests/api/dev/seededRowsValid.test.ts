import { sql } from 'kysely';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { listRecords } from '../../../server/platform/entities/entityRepository';
import { loadEntities } from '../../../server/platform/entities/loadEntities';
import { parseListParams } from '../../../server/platform/entities/listQuery';
import { validateInput } from '../../../server/platform/entities/validateInput';
import { ApiError } from '../../../server/platform/http/apiError';
import { companyDayOf, companyToday } from '../../../src/config/companyTime';
import { npsAnswerProblems } from '../../../src/resources/nps/nps.rules';
import { salesCurveProblems } from '../../../src/resources/salesPlanning/salesCurve.rules';
import { createTestApp, type TestApp } from '../../support/testApp';

const PAGE = 500;

// A seller who opens a demo record and saves it unchanged must not be told it breaks the rules.
describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 60 });
  }, 120_000);
  afterAll(() => t.close());

  it('passes the rules of every writable entity, row by row', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const entity of await loadEntities()) {
      if (!entity.endpoints.write) continue;
      for (let page = 1; ; page++) {
        const params = { ...parseListParams(entity, {}), page, perPage: PAGE };
        const { data } = await listRecords(t.db, entity, params);
        for (const row of data) {
          checked++;
          try {
            // As the web app would send the row back: through JSON (dates as ISO text).
            await validateInput(entity, JSON.parse(JSON.stringify(row)));
          } catch (error) {
            const detail =
              error instanceof ApiError ? JSON.stringify(error.errors ?? error.message) : String(error);
            problems.push(`${entity.name} #${row.id}: ${detail}`);
          }
        }
        if (data.length < PAGE) break;
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(problems.slice(0, 20), `${problems.length} ungültige Zeilen`).toEqual([]);
  });

  // Tables saved through their own endpoint, not an entity declaration: the endpoint's rule, row by row.
  it('passes the rules of nps/save/ (no future day) and of the sales curve', async () => {
    const zone = t.app.timeZone;
    const today = companyToday(zone);
    const answers = await sql<{
      id: number;
      customerId: number;
      vorgangId: number | null;
      score: number;
      comment: string | null;
      channel: string;
      answeredAt: Date;
    }>`SELECT id, customer_id AS "customerId", vorgang_id AS "vorgangId", score, comment, channel,
         answered_at AS "answeredAt" FROM nps_answer ORDER BY id`.execute(t.db);
    const problems = answers.rows.flatMap((row) => {
      const found = npsAnswerProblems({ ...row, answeredOn: companyDayOf(row.answeredAt, zone) }, today);
      return Object.keys(found).length ? [`nps_answer #${row.id}: ${JSON.stringify(found)}`] : [];
    });
    const curve = await sql<{ share: string }>`
      SELECT share_percent AS share FROM sales_curve_month ORDER BY month`.execute(t.db);
    const curveProblems = salesCurveProblems(curve.rows.map((row) => Number(row.share)));
    if (Object.keys(curveProblems).length)
      problems.push(`sales_curve_month: ${JSON.stringify(curveProblems)}`);
    expect(answers.rows.length).toBeGreaterThan(5);
    expect(problems.slice(0, 20), `${problems.length} ungültige Zeilen`).toEqual([]);
  });

  // The offer PDF prints the seller's phone as people write it; a number libphonenumber cannot read is
  // printed as typed ("0089578396" in an earlier walk-through).
  it("gives every demo user a valid phone number of the tenant's country", async () => {
    const { rows } = await sql<{ username: string; phone: string | null }>`
      SELECT username, phone FROM app_user ORDER BY id`.execute(t.db);
    const invalid = rows.filter((row) => !parsePhoneNumberFromString(row.phone ?? '')?.isValid());
    expect(rows.length).toBeGreaterThan(5);
    expect(invalid).toEqual([]);
    expect(rows.every((row) => row.phone!.startsWith('+43 '))).toBe(true);
  });

  it('moves activity types of older demo data from display names to codes (migration 0008)', async () => {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO activity (customer_id, activity_type)
      SELECT (SELECT min(id) FROM customer), type FROM unnest(ARRAY['Termin', 'Aufmaß', 'E-Mail', 'anruf']) AS type
      RETURNING id`.execute(t.db);
    const migration = await readFile(
      path.resolve('server/platform/db/migrations/0008_activity_type_codes.sql'),
      'utf8',
    );
    await sql.raw(migration).execute(t.db);
    const { rows: types } = await sql<{ activityType: string }>`
      SELECT activity_type AS "activityType" FROM activity
      WHERE id = ANY(${rows.map((row) => row.id)}::int[]) ORDER BY id`.execute(t.db);
    expect(types.map((row) => row.activityType)).toEqual(['termin', 'aufmass', 'email', 'anruf']);
  });
});

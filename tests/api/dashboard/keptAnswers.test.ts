import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import customerEntity from '../../../src/resources/customers/customer.entity';
import { getKeptAnswers } from '../../../src/resources/dashboard/keptAnswers.endpoints';
import { entityCalls } from '../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const SELLER = ['APP_KUNDE'];

describe('the kept copy filled in one call: dashboard/getKeptAnswers', () => {
  let t: TestApp;
  let customer: number;

  beforeAll(async () => {
    t = await createTestApp();
    customer = (
      await sql<{
        id: number;
      }>`INSERT INTO customer (last_name, city) VALUES ('Kepler', 'Villach') RETURNING id`.execute(t.db)
    ).rows[0]!.id;
  });
  afterAll(() => t.close());

  const batch = (groups: readonly string[] | null, paths: string[]) =>
    t.callEndpoint(groups, getKeptAnswers, { body: { paths } });

  it('answers each named call as that call answers the caller, and a refused one with its status', async () => {
    const page = `kunde/getSingleCustomer/${customer}`;
    const timeline = `kunde/getTimelineForCustomer/${customer}`;
    const names = `label/getLabels?${new URLSearchParams({ page: '1', perPage: '1', filter: '{"id":[1]}' })}`;
    const { answers } = await resultOf(
      batch(SELLER, [page, timeline, 'kunde/getSingleCustomer/999999', names]),
    );
    expect(answers.map((a) => [a.path, a.statusCode])).toEqual([
      [page, 200],
      [timeline, 200],
      ['kunde/getSingleCustomer/999999', 404],
      [names, 200],
    ]);
    const direct = await resultOf(entityCalls(t, customerEntity).one(SELLER, customer));
    expect(answers[0]!.result).toEqual(direct);
    expect(answers[0]!.result).toMatchObject({ id: customer, lastName: 'Kepler' });
    expect(answers[2]!.result).toBeNull();
  });

  it('refuses a path the kept copy does not hold, at the field, in German', async () => {
    for (const path of [
      'dashboard/getMyOfflineKit',
      'kunde/export',
      '../health/ready',
      '/kunde/getSingleCustomer/1',
    ]) {
      const refused = await batch(SELLER, [path]);
      expect(refused.status, path).toBe(400);
      expect(refused.message).toMatch(/gehört nicht zur Offline-Kopie/);
      expect(refused.errors).toMatchObject({
        paths: expect.stringMatching(/Nur Abfragen der Offline-Kopie/),
      });
    }
  });

  it('needs customer access and a token', async () => {
    expect((await batch(['APP_NPS'], ['todo/getTodos'])).status).toBe(403);
    expect((await batch(null, ['todo/getTodos'])).status).toBe(401);
  });

  it('takes at most 150 paths a call', async () => {
    const paths = Array.from({ length: 151 }, (_, i) => `kunde/getSingleCustomer/${i + 1}`);
    expect((await batch(SELLER, paths)).status).toBe(400);
  });
});

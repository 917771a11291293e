import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import customerEntity from '../../../src/resources/customers/customer.entity';
import { entityCalls, type EntityRecord } from '../../support/entityCalls';
import { createTestApp, ISSUER, resultOf, type TestApp, type TestCaller } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';

/** The customer workspace's API tests, one file per subject, share this setup. */
export const SELLER = ['APP_KUNDE'];
export type Row = Record<string, unknown>;
export type CustomerRow = Row & { id: number; version: number };

export interface CustomerWorkspace {
  t: TestApp;
  /** The first customer as kunde/getSingleCustomer answered it before the file's tests. */
  customer: CustomerRow;
  /** The customer as kunde/getSingleCustomer answers a seller now. */
  readCustomer: (id: number) => Promise<EntityRecord<typeof customerEntity>>;
  /** A GET as a seller (or the given groups); the wrapper's `result`. */
  get: (url: string, groups?: string[]) => Promise<Row & { message?: string }>;
  /** A colleague (another APP_KUNDE person, Karin Kollegin) as a caller of `t.callEndpoint`. */
  other: TestCaller;
}

/**
 * Registers beforeAll/afterAll for one test file: a fresh server and database with 40 demo customers and a
 * colleague's token. The returned object is filled before the first test runs.
 */
export function customerWorkspace(): CustomerWorkspace {
  let app: TestApp | undefined;
  let first: CustomerRow | undefined;
  let otherToken: string | undefined;
  // Read at a file's top instead of in its hooks and tests, these would be undefined: that fails at once.
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('Der Arbeitsbereich ist erst nach beforeAll aufgesetzt.');
    return value;
  };
  const workspace: CustomerWorkspace = {
    get t() {
      return ready(app);
    },
    get customer() {
      return ready(first);
    },
    get other() {
      return { token: ready(otherToken) };
    },
    readCustomer: async (id: number) => resultOf(entityCalls(workspace.t, customerEntity).one(SELLER, id)),
    get: async (url: string, groups = SELLER) =>
      (await workspace.t.call(groups, { method: 'GET', url })).body.result,
  };
  beforeAll(async () => {
    app = await createTestApp();
    await seedDemoData(app.db, { tenant: 'strussnig', customers: 40 });
    otherToken = await signAccessToken(app.signingKey, ISSUER, SELLER, {
      oid: 'oid-kollegin',
      name: 'Karin Kollegin',
    });
    const { rows } = await sql<{ id: number }>`SELECT id FROM customer ORDER BY id LIMIT 1`.execute(app.db);
    first = await workspace.readCustomer(rows[0]!.id);
  });
  afterAll(() => workspace.t.close());
  return workspace;
}

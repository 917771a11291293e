import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import customerEntity from '../../../src/resources/customers/customer.entity';
import { entityCalls, type EntityRecord } from '../../support/entityCalls';
import { createTestApp, ISSUER, resultOf, type TestApp } from '../../support/testApp';
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
  /** A call as a colleague (another APP_KUNDE person). */
  asOther: (options: {
    method: 'GET' | 'POST' | 'PUT';
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  }) => ReturnType<TestApp['call']>;
}

/**
 * Registers beforeAll/afterAll for one test file: a fresh server and database with 40 demo customers and a
 * colleague's token. The returned object is filled before the first test runs.
 */
export function customerWorkspace(): CustomerWorkspace {
  let otherToken = '';
  const workspace = {
    readCustomer: async (id: number) => resultOf(entityCalls(workspace.t, customerEntity).one(SELLER, id)),
    get: async (url: string, groups = SELLER) =>
      (await workspace.t.call(groups, { method: 'GET', url })).body.result,
    asOther: (options: {
      method: 'GET' | 'POST' | 'PUT';
      url: string;
      payload?: unknown;
      headers?: Record<string, string>;
    }) =>
      workspace.t.call(null, {
        ...options,
        payload: options.payload as Row,
        headers: { ...options.headers, authorization: `Bearer ${otherToken}` },
      }),
  } as CustomerWorkspace;
  beforeAll(async () => {
    workspace.t = await createTestApp();
    await seedDemoData(workspace.t.db, { tenant: 'strussnig', customers: 40 });
    otherToken = await signAccessToken(workspace.t.signingKey, ISSUER, SELLER, {
      oid: 'oid-kollegin',
      name: 'Karin Kollegin',
    });
    const { rows } = await sql<{ id: number }>`SELECT id FROM customer ORDER BY id LIMIT 1`.execute(
      workspace.t.db,
    );
    workspace.customer = await workspace.readCustomer(rows[0]!.id);
  });
  afterAll(() => workspace.t.close());
  return workspace;
}

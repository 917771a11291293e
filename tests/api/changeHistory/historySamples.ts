import { sql } from 'kysely';
import type { Database } from '../../../server/platform/db/database';

/** A valid new record per writable entity, the field the history test changes, and how. */
export interface EntitySample {
  valid: Record<string, unknown>;
  /** The field the test changes after creating the record. */
  changed: string;
  /** The changed value (default: the text with " geändert" appended). */
  change?: (value: unknown) => unknown;
  /** Inserts the rows a valid record refers to; returns the references to add to `valid`. */
  prepare?: (db: Database) => Promise<Record<string, unknown>>;
}

const idOf = async (db: Database, query: ReturnType<typeof sql<{ id: number }>>) =>
  (await query.execute(db)).rows[0]!.id;

let groups = 0;
const productGroup = (db: Database) =>
  idOf(
    db,
    sql<{
      id: number;
    }>`INSERT INTO product_group (name) VALUES (${`Verlaufsgruppe ${++groups}`}) RETURNING id`,
  );

export const ENTITY_SAMPLES: Record<string, EntitySample> = {
  'admin/labels': {
    valid: { name: 'Verlaufslabel', color: '#123456', forCustomer: true, forVorgang: false, active: true },
    changed: 'name',
  },
  'admin/reasons': {
    valid: { text: 'Verlaufsgrund', labelIds: [], sortOrder: 5, active: true },
    changed: 'text',
  },
  'admin/stammdaten': {
    valid: { category: 'herkunft', value: 'Verlaufswert', sortOrder: 1, active: true },
    changed: 'value',
  },
  'admin/custom-statuses': {
    valid: { name: 'Verlaufsstatus', color: '#abcdef', sortOrder: 30, active: true },
    changed: 'name',
  },
  'admin-verkauf/branches': {
    valid: {
      name: 'Verlaufsfiliale',
      code: 'VLF',
      zip: '9020',
      city: 'Klagenfurt',
      country: 'AT',
      active: true,
    },
    changed: 'name',
  },
  'admin-verkauf/product-groups': {
    valid: { name: 'Verlaufsgruppe', sortOrder: 2, active: true },
    changed: 'name',
  },
  'admin-verkauf/goods-groups': {
    valid: { name: 'Verlaufswarengruppe', code: 'WG-VL1', active: true },
    changed: 'name',
  },
  'admin/article-aliases': {
    valid: { name: 'Verlaufsalias', pattern: '^VL-', active: true },
    changed: 'name',
  },
  'admin/article-mappings': {
    valid: { name: 'Verlaufsmapping', priority: 1, active: true },
    changed: 'name',
    prepare: async (db) => ({ productGroupId: await productGroup(db) }),
  },
  'admin/article-mapping-aliases': {
    valid: { pattern: '^VL-' },
    changed: 'pattern',
    change: () => '^VL-2',
    prepare: async (db) => ({
      mappingId: await idOf(
        db,
        sql<{ id: number }>`INSERT INTO article_mapping (name, product_group_id)
          VALUES ('Verlaufsmapping 2', ${await productGroup(db)}) RETURNING id`,
      ),
    }),
  },
  'admin-verkauf/text-templates': {
    valid: {
      name: 'Verlaufsvorlage',
      purpose: 'service',
      subject: 'Ihr Angebot {{Vorgang}}',
      body: '{{Anrede}} {{Name}}',
      visibility: 'alle',
      active: true,
    },
    changed: 'subject',
    change: () => 'Ihr neues Angebot {{Vorgang}}',
  },
  kunden: {
    valid: { lastName: 'Verlauf', firstName: 'Maria', zip: '9020', city: 'Klagenfurt', country: 'AT' },
    changed: 'city',
    change: () => 'Villach',
  },
  'admin-benutzer/users': {
    valid: {
      name: 'Verlauf Benutzer',
      email: 'verlauf@strussnig.at',
      initials: 'VB',
      active: true,
      azureOid: 'oid-verlauf-benutzer',
    },
    changed: 'name',
  },
  aktivitaeten: {
    valid: { activityType: 'anruf', activityDate: '2026-11-20T10:00:00.000Z', note: 'Verlaufsnotiz' },
    changed: 'note',
    prepare: async (db) => ({
      customerId: await idOf(db, sql<{ id: number }>`SELECT min(id) AS id FROM customer`),
    }),
  },
  'admin-verkauf/sales-targets': {
    valid: { year: 2031, targetCents: 100_000_00 },
    changed: 'targetCents',
    change: (value) => Number(value) + 100,
    prepare: async (db) => ({
      branchId: await idOf(db, sql<{ id: number }>`SELECT min(id) AS id FROM branch`),
    }),
  },
};

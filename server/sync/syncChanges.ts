import articleEntity from '../../src/resources/articleMapping/article.entity';
import customerEntity from '../../src/resources/customers/customer.entity';
import { columnOf, type EntityDeclaration } from '../../src/resources/entity';
import { recordChange, SYNC_ACTOR, type Snapshot } from '../platform/changes/recordChange';
import type { Database } from '../platform/db/database';
import { VORGANG_AREA } from '../vorgaenge/vorgangSnapshotQueries';

/** Tables the sync writes that an entity declares: their records are named as the entity platform names them. */
const ENTITY_OF_TABLE: Record<string, EntityDeclaration> = {
  customer: customerEntity,
  article: articleEntity,
};

/** Area keys of the other tables the sync writes. */
const AREA_OF_TABLE: Record<string, string> = {
  vorgang: VORGANG_AREA,
  beleg: 'beleg',
  beleg_position: 'belegposition',
};

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A row as `to_jsonb` gives it, under the names its area's records use (only the columns the sync writes). */
function named(
  table: string,
  row: Record<string, unknown> | null,
  columns: readonly string[],
): Snapshot | null {
  if (!row) return null;
  const entity = ENTITY_OF_TABLE[table];
  const names = new Map(
    entity
      ? entity.fields.map((f) => [columnOf(f), f.source] as const)
      : columns.map((c) => [c, camel(c)] as const),
  );
  const snapshot: Snapshot = {};
  for (const column of columns) {
    const name = names.get(column);
    if (name) snapshot[name] = row[column] ?? null;
  }
  return snapshot;
}

/**
 * Records what the sync did to one row as "Datenabgleich": its written columns before and after, with the
 * customer and Vorgang whose timelines show it.
 */
export async function recordSyncedRow(
  trx: Database,
  table: string,
  columns: readonly string[],
  before: Record<string, unknown> | null,
  after: Record<string, unknown> & { id: number },
  owner?: SyncedRowOwner,
) {
  const idOf = (name: string) => {
    const value = after[name];
    return typeof value === 'number' ? value : null;
  };
  await recordChange(trx, {
    actor: SYNC_ACTOR,
    area: ENTITY_OF_TABLE[table]?.name ?? AREA_OF_TABLE[table] ?? table,
    recordId: after.id,
    before: named(table, before, columns),
    after: named(table, after, columns),
    customerId: table === 'customer' ? after.id : (owner?.customerId ?? idOf('customer_id')),
    vorgangId: table === 'vorgang' ? after.id : (owner?.vorgangId ?? idOf('vorgang_id')),
  });
}

/**
 * The customer and Vorgang a synced row belongs to when its own columns do not say (a Beleg names only its
 * Vorgang, a position only its Beleg): the erasure and the timelines find its record by them.
 */
export interface SyncedRowOwner {
  customerId: number | null;
  vorgangId: number | null;
}

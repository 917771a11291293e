import { formatCompanyDateTime } from '../../src/config/companyTime';
import type { ChangeEntry } from '../../src/resources/changeHistory/changeHistory.endpoints';
import type { ChangeField } from '../../src/resources/changeHistory/changeAreas.rules';
import type { EntityDeclaration } from '../../src/resources/entity';
import { columnOf } from '../../src/resources/entity';
import { formatDate, formatEuroCents, formatNumber } from '../../src/i18n/format';
import type { Database } from '../platform/db/database';
import type { AreaView } from './changeAreas';
import { namesOf } from './changeQueries';

/** A row of change_record as the queries read it. */
export interface ChangeRow {
  id: number;
  at: Date;
  actorName: string;
  area: string;
  recordId: number;
  action: 'create' | 'update' | 'delete';
  changes: Record<string, { old: unknown; new: unknown }>;
  /** The customer and Vorgang the record belongs to (whose timelines show it); null: none. */
  customerId: number | null;
  vorgangId: number | null;
}

type Names = Map<string, Map<number, string>>;

const ids = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is number => typeof v === 'number');

/** The ids each referenced entity must name for these rows (labels, statuses, users, …), one query per entity. */
async function namesFor(
  db: Database,
  rows: readonly ChangeRow[],
  areas: ReadonlyMap<string, AreaView>,
  entities: ReadonlyMap<string, EntityDeclaration>,
): Promise<Names> {
  const wanted = new Map<string, Set<number>>();
  const want = (entity: string | undefined, values: number[]) => {
    if (!entity || values.length === 0) return;
    const set = wanted.get(entity) ?? new Set<number>();
    values.forEach((v) => set.add(v));
    wanted.set(entity, set);
  };
  for (const row of rows) {
    const fields = areas.get(row.area)?.fields;
    for (const [name, diff] of Object.entries(row.changes)) {
      const field = fields?.get(name);
      if (!field) continue;
      const target = field.dueDatesOf ?? field.reference;
      const values = field.dueDatesOf
        ? [diff.old, diff.new].flatMap((v) => Object.keys((v as object | null) ?? {}).map(Number))
        : [...ids(diff.old), ...ids(diff.new)];
      want(target, values);
    }
  }
  const names: Names = new Map();
  await Promise.all(
    [...wanted].map(async ([target, set]) => {
      // A declared entity is named by its record representation, a hand-made area (Vorgang, Beleg) by its names.
      const entity = entities.get(target);
      const field = entity?.fields.find((f) => f.source === entity.recordRepresentation);
      const named =
        entity && field && !field.through
          ? { table: entity.table, column: columnOf(field) }
          : entity
            ? undefined
            : areas.get(target)?.names;
      if (!named) return;
      const found = await namesOf(db, named.table, named.column, [...set]);
      const choice = entity && field?.type === 'choice' ? field : undefined;
      names.set(target, new Map(found.map((r) => [r.id, choice ? choiceName(choice, r.name) : r.name!])));
    }),
  );
  return names;
}

/** A choice's German name ("Anruf") for its stored id ("anruf"); the id when the choice is gone. */
const choiceName = (field: ChangeField, value: unknown): string =>
  field.choices?.find((c) => c.id === value)?.name ?? String(value);

/** Each record's name ("CRM-000012", "Gruber Maria"), one query per area of the page. */
async function recordNames(
  db: Database,
  rows: readonly ChangeRow[],
  areas: ReadonlyMap<string, AreaView>,
): Promise<Map<string, string>> {
  const byArea = new Map<string, Set<number>>();
  for (const row of rows) {
    if (!areas.get(row.area)?.names) continue;
    byArea.set(row.area, (byArea.get(row.area) ?? new Set()).add(row.recordId));
  }
  const found = new Map<string, string>();
  await Promise.all(
    [...byArea].map(async ([area, set]) => {
      const { table, column, field } = areas.get(area)!.names!;
      const named = await namesOf(db, table, column, [...set]);
      // An activity is named by its Art: "Anruf", not the stored "anruf".
      const shown = (name: string) => (field?.type === 'choice' ? choiceName(field, name) : name);
      for (const r of named) if (r.name) found.set(`${area}:${r.id}`, shown(r.name));
    }),
  );
  return found;
}

/**
 * Whose record each row changed, as people know it: "Kunde Gruber Maria · Vorgang V25-000012" (a note, a Beleg's
 * note, an activity say nothing of that by themselves). A record that is the customer or the Vorgang itself does
 * not name itself again; one query per table for the page, gone records are left out.
 */
async function recordContexts(
  db: Database,
  rows: readonly ChangeRow[],
  areas: ReadonlyMap<string, AreaView>,
): Promise<Map<number, string>> {
  const isItself = (row: ChangeRow, table: string, id: number | null) =>
    areas.get(row.area)?.names?.table === table && row.recordId === id;
  const customerIds = new Set<number>();
  const vorgangIds = new Set<number>();
  for (const row of rows) {
    if (row.customerId !== null && !isItself(row, 'customer', row.customerId))
      customerIds.add(row.customerId);
    if (row.vorgangId !== null && !isItself(row, 'vorgang', row.vorgangId)) vorgangIds.add(row.vorgangId);
  }
  const [customers, vorgaenge] = await Promise.all([
    customerIds.size
      ? db
          .selectFrom('customer')
          .select(['id', 'display_name as name'])
          .where('id', '=', (eb) => eb.fn.any(eb.val([...customerIds])))
          .execute()
      : [],
    vorgangIds.size
      ? db
          .selectFrom('vorgang')
          .select(['id', 'vorgang_number as name'])
          .where('id', '=', (eb) => eb.fn.any(eb.val([...vorgangIds])))
          .execute()
      : [],
  ]);
  const customerName = new Map(customers.map((r) => [r.id, r.name]));
  const vorgangNumber = new Map(vorgaenge.map((r) => [r.id, r.name]));
  const contexts = new Map<number, string>();
  for (const row of rows) {
    const customer =
      row.customerId !== null && !isItself(row, 'customer', row.customerId)
        ? customerName.get(row.customerId)
        : null;
    const vorgang =
      row.vorgangId !== null && !isItself(row, 'vorgang', row.vorgangId)
        ? vorgangNumber.get(row.vorgangId)
        : null;
    const parts = [customer ? `Kunde ${customer}` : null, vorgang ? `Vorgang ${vorgang}` : null].filter(
      Boolean,
    );
    if (parts.length) contexts.set(row.id, parts.join(' · '));
  }
  return contexts;
}

/** A stored value as people know it: names instead of ids, euro, dd.MM.yyyy, Ja/Nein; null when empty. */
export function formatValue(
  field: ChangeField | undefined,
  value: unknown,
  names: Names,
  zone: string,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value) && value.length === 0) return null;
  if (!field) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  const nameOf = (entity: string | undefined, id: number) => names.get(entity ?? '')?.get(id) ?? `#${id}`;
  if (field.dueDatesOf) {
    const entries = Object.entries(value as Record<string, string>);
    return entries.length
      ? entries.map(([id, day]) => `${nameOf(field.dueDatesOf, Number(id))}: ${formatDate(day)}`).join(', ')
      : null;
  }
  switch (field.type) {
    case 'money':
      return formatEuroCents(Number(value));
    case 'integer':
      return typeof value === 'number' ? formatNumber(value) : String(value);
    case 'boolean':
      return value ? 'Ja' : 'Nein';
    case 'date':
      return typeof value === 'string' ? formatDate(value.slice(0, 10)) : String(value);
    case 'datetime':
      return formatCompanyDateTime(String(value), zone);
    case 'choice':
      return choiceName(field, value);
    case 'choiceMany':
      return ids(value).length || !Array.isArray(value)
        ? String(value)
        : value.map((v) => choiceName(field, v)).join(', ');
    case 'reference':
      return typeof value === 'number' ? nameOf(field.reference, value) : String(value);
    case 'referenceMany':
      return ids(value)
        .map((id) => nameOf(field.reference, id))
        .join(', ');
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** Rows of the history as the screens and the export show them (names looked up per page, not per row). */
export async function describeChanges(
  db: Database,
  rows: readonly ChangeRow[],
  areas: ReadonlyMap<string, AreaView>,
  entities: ReadonlyMap<string, EntityDeclaration>,
  zone: string,
): Promise<ChangeEntry[]> {
  const [names, records, contexts] = await Promise.all([
    namesFor(db, rows, areas, entities),
    recordNames(db, rows, areas),
    recordContexts(db, rows, areas),
  ]);
  return rows.map((row) => {
    const area = areas.get(row.area);
    const order = [...(area?.fields.keys() ?? [])];
    const changed = Object.entries(row.changes).sort(
      ([a], [b]) => (order.indexOf(a) + 1 || 999) - (order.indexOf(b) + 1 || 999),
    );
    return {
      id: row.id,
      at: row.at.toISOString(),
      actorName: row.actorName,
      area: row.area,
      areaLabel: area?.label ?? row.area,
      recordId: row.recordId,
      recordLabel: records.get(`${row.area}:${row.recordId}`) ?? null,
      recordContext: contexts.get(row.id) ?? null,
      action: row.action,
      changes: changed.map(([name, diff]) => {
        const field = area?.fields.get(name);
        return {
          field: name,
          label: field?.label ?? name,
          old: formatValue(field, diff.old, names, zone),
          new: formatValue(field, diff.new, names, zone),
        };
      }),
    };
  });
}

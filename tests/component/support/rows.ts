import { ENTITIES, formatEuroCents, type EntityDeclaration, type FieldDeclaration } from './app';

export type Row = Record<string, unknown> & { id: number; version: number };

/** The entity a resource name stands for; fails loudly so a renamed resource is not silently skipped. */
export function entityNamed(name: string): EntityDeclaration {
  const entity = ENTITIES.find((e) => e.name === name);
  if (!entity) throw new Error(`Keine Deklaration für ${name}`);
  return entity;
}

/** A value for one field of row `id`, as the server would send it; texts name their entity and row so they are unique. */
export function valueFor(entity: EntityDeclaration, field: FieldDeclaration, id: number): unknown {
  // Two numbers or dates of one row (price and cost) differ too.
  const position = entity.fields.indexOf(field);
  switch (field.type) {
    case 'text':
    case 'longtext':
      return `${entity.label.one} ${field.label} ${id}`;
    case 'integer':
      return 10 * id + position;
    case 'money':
      return 123_456 * id + 100 * position;
    case 'boolean':
      return true;
    case 'color':
      return '#ff9800';
    case 'date':
      return `2026-${String((id % 12) + 1).padStart(2, '0')}-${String(1 + (position % 28)).padStart(2, '0')}`;
    case 'choice':
      return field.choices![0]!.id;
    case 'choiceMany':
      return [field.choices![0]!.id];
    case 'reference':
      return 1;
    case 'referenceMany':
      return [1];
  }
}

/** A whole row of an entity as the legacy list and read-one calls answer it. */
export function makeRow(entity: EntityDeclaration, id: number): Row {
  const row: Row = { id, version: 1, updatedAt: '2026-03-01T08:00:00.000Z', updatedBy: 'Test' };
  for (const field of entity.fields) row[field.source] = valueFor(entity, field, id);
  return row;
}

/**
 * The text a user reads for a field of a row, where it is predictable from the declaration alone
 * (undefined for switches, colours and chips, whose look is not plain text).
 */
export function displayedText(
  entity: EntityDeclaration,
  field: FieldDeclaration,
  row: Row,
): string | undefined {
  const value = row[field.source];
  switch (field.type) {
    case 'text':
    case 'longtext':
    case 'integer':
      return String(value);
    case 'money':
      // Testing Library reads the no-break space before "€" as a plain one.
      return formatEuroCents(value as number).replace(/\s+/g, ' ');
    case 'choice':
      return field.choices!.find((c) => c.id === value)?.name;
    case 'date':
      return String(value).slice(0, 10).split('-').reverse().join('.');
    case 'reference': {
      const target = entityNamed(field.reference!);
      return displayedText(
        target,
        fieldOf(target, target.recordRepresentation),
        makeRow(target, value as number),
      );
    }
    default:
      return undefined;
  }
}

function fieldOf(entity: EntityDeclaration, source: string): FieldDeclaration {
  const field = entity.fields.find((f) => f.source === source);
  if (!field) throw new Error(`${entity.name}: kein Feld ${source}`);
  return field;
}

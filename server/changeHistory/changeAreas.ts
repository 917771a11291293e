import {
  ENTITY_EXTRA_FIELDS,
  HAND_MADE_AREAS,
  type ChangeField,
} from '../../src/resources/changeHistory/changeAreas.rules';
import { columnOf, type EntityDeclaration } from '../../src/resources/entity';

/** How the history shows the records of one area: German name, fields, who may read them, what names them. */
export interface AreaView {
  key: string;
  label: string;
  fields: ReadonlyMap<string, ChangeField>;
  /** The column that names a record, and its field (a choice's stored id is shown by its German name). */
  names?: { table: string; column: string; field?: ChangeField };
  /** An entity's read groups (its record's history is for them only); absent for hand-made areas. */
  readGroups?: readonly string[];
}

/** Every area the history knows: each declared entity (from its declaration) and the hand-made ones. */
export function changeAreas(entities: readonly EntityDeclaration[]): Map<string, AreaView> {
  const areas = new Map<string, AreaView>();
  for (const entity of entities) {
    const named = entity.fields.find((f) => f.source === entity.recordRepresentation);
    areas.set(entity.name, {
      key: entity.name,
      label: entity.label.one,
      fields: new Map(
        [...entity.fields, ...(ENTITY_EXTRA_FIELDS[entity.name] ?? [])].map((f) => [f.source, f]),
      ),
      names:
        named && !named.through ? { table: entity.table, column: columnOf(named), field: named } : undefined,
      readGroups: entity.access.read,
    });
  }
  for (const area of HAND_MADE_AREAS) {
    areas.set(area.key, { ...area, fields: new Map(area.fields.map((f) => [f.source, f])) });
  }
  return areas;
}

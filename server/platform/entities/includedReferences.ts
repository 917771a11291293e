import type { EntityDeclaration } from '../../../src/resources/entity';
import type { Executor, EntityRecord } from './entityRepository';
import { recordsByIds } from './entityRepository';

/** The referenced records of a list page, by the referenced entity's name. */
export type IncludedReferences = Record<string, EntityRecord[]>;

/**
 * The records a page of rows refers to through its listed reference fields (a customer's Betreuer, Filiale
 * and labels), for the referenced entities the caller may read: the list shows their names with its rows,
 * instead of asking for them once the rows are drawn. A reference the caller may not read stays out; the
 * web app then asks its own route, which refuses it as before.
 */
export async function includedReferences(
  db: Executor,
  declaration: EntityDeclaration,
  rows: readonly Record<string, unknown>[],
  entityNamed: (name: string) => EntityDeclaration | undefined,
  mayRead: (target: EntityDeclaration) => boolean,
): Promise<IncludedReferences> {
  const idsByTarget = new Map<EntityDeclaration, Set<number>>();
  for (const field of declaration.fields) {
    if ((field.type !== 'reference' && field.type !== 'referenceMany') || field.inList === false) continue;
    const target = entityNamed(field.reference!);
    if (!target || !mayRead(target)) continue;
    const ids = idsByTarget.get(target) ?? new Set<number>();
    for (const row of rows) {
      const value = row[field.source];
      for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'number') ids.add(id);
    }
    idsByTarget.set(target, ids);
  }
  const included = await Promise.all(
    [...idsByTarget].map(
      async ([target, ids]) => [target.name, await recordsByIds(db, target, [...ids])] as const,
    ),
  );
  return Object.fromEntries(included);
}

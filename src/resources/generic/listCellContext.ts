import { createContext, useContext } from 'react';
import type { RaRecord } from 'react-admin';

/** What the cells of a generated list need once per table instead of once per cell. */
export interface ListCells {
  /** Columns hidden with "Spalten" (react-admin's store, read once by the table body). */
  hidden: ReadonlySet<string>;
  /** A record the rows refer to, as the list page brought it along (`included`), or undefined. */
  referenced: (resource: string, id: unknown) => RaRecord | undefined;
}

export const ListCellContext = createContext<ListCells>({
  hidden: new Set(),
  referenced: () => undefined,
});

/** The table's hidden columns and included references, for one cell. */
export const useListCells = (): ListCells => useContext(ListCellContext);

/** Looks up included records by resource and id (ids compared as strings, as react-admin does). */
export function referencedIn(included: Record<string, RaRecord[]> | undefined): ListCells['referenced'] {
  if (!included) return () => undefined;
  const byResource = new Map(
    Object.entries(included).map(([resource, records]) => [
      resource,
      new Map(records.map((record) => [String(record.id), record])),
    ]),
  );
  return (resource, id) => byResource.get(resource)?.get(String(id));
}

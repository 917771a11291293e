import { useMemo } from 'react';
import {
  DataTableBody,
  useDataTableStoreContext,
  useListContext,
  useStore,
  type DataTableBodyProps,
  type RaRecord,
} from 'react-admin';
import { EntityListRow } from './EntityListRow';
import { ListCellContext, referencedIn } from './listCellContext';
import { useNoteFirstScreenDrawn } from '../kit/useNoteFirstScreenDrawn';

/**
 * react-admin's table body with plain rows (EntityListRow), and what every cell needs read once: the hidden
 * columns (one store subscription instead of one per cell) and the records the page's rows refer to (sent with
 * the page as `included`).
 */
export function EntityListBody(props: DataTableBodyProps) {
  const { storeKey, defaultHiddenColumns } = useDataTableStoreContext();
  const [hiddenColumns] = useStore<string[]>(storeKey, defaultHiddenColumns);
  const { meta } = useListContext();
  useNoteFirstScreenDrawn(true);
  const included = (meta as { included?: Record<string, RaRecord[]> } | undefined)?.included;
  const cells = useMemo(
    () => ({ hidden: new Set(hiddenColumns), referenced: referencedIn(included) }),
    [hiddenColumns, included],
  );
  return (
    <ListCellContext.Provider value={cells}>
      <DataTableBody {...props} row={EntityListRow} />
    </ListCellContext.Provider>
  );
}

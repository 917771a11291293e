import { Box, TableCell, TableSortLabel } from '@mui/material';
import {
  DataTable,
  DataTableClasses,
  useDataTableCallbacksContext,
  useDataTableRenderContext,
  useDataTableSortContext,
  useDataTableStoreContext,
  useStore,
} from 'react-admin';
import type { FieldDeclaration } from '../entity';
import { ColumnFilter, hasColumnFilter } from './ColumnFilter';
import { EntityCell } from './EntityCell';
import { FieldDisplay } from './FieldDisplay';

// Dates are looked at newest first: the first click on their header sorts descending.
const isDateLike = (field: FieldDeclaration) => field.type === 'date' || field.type === 'datetime';
const firstOrderOf = (field: FieldDeclaration) => (isDateLike(field) ? 'DESC' : 'ASC');

/** The header of a column with a filter: the sort label and, beside it (not inside), the filter button. */
function FilterableHeadCell({ field }: { field: FieldDeclaration }) {
  const sort = useDataTableSortContext();
  const { handleSort } = useDataTableCallbacksContext();
  // The column chooser's choice, read as react-admin's own header cells read it.
  const { storeKey, defaultHiddenColumns } = useDataTableStoreContext();
  const [hiddenColumns] = useStore(storeKey, defaultHiddenColumns);
  if (hiddenColumns.includes(field.source)) return null;
  return (
    <TableCell variant="head" className={`${DataTableClasses.headerCell} column-${field.source}`}>
      <Box sx={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }}>
        {field.sortable && handleSort ? (
          <TableSortLabel
            active={sort?.field === field.source}
            direction={sort?.order === 'DESC' ? 'desc' : 'asc'}
            data-field={field.source}
            data-order={firstOrderOf(field)}
            onClick={handleSort}
          >
            {field.label}
          </TableSortLabel>
        ) : (
          field.label
        )}
        <ColumnFilter field={field} />
      </Box>
    </TableCell>
  );
}

/** One declared field as a list column; fields with a filter carry it in their header. */
export function EntityColumn({ field }: { field: FieldDeclaration }) {
  const context = useDataTableRenderContext();
  if (context === 'data') return <EntityCell field={field} />;
  if (context === 'header' && hasColumnFilter(field)) return <FilterableHeadCell field={field} />;
  return (
    <DataTable.Col
      source={field.source}
      label={field.label}
      disableSort={!field.sortable}
      sortByOrder={firstOrderOf(field)}
      // Amounts line up at the decimal comma, their headers with them.
      align={field.type === 'money' || field.type === 'integer' ? 'right' : undefined}
    >
      <FieldDisplay field={field} />
    </DataTable.Col>
  );
}

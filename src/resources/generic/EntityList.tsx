import AddIcon from '@mui/icons-material/Add';
import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { Box, Button as MuiButton, Typography, useMediaQuery, type Theme } from '@mui/material';
import { AfterFirstPaint } from './AfterFirstPaint';
import {
  ColumnsButton,
  DataTable,
  LinkBase,
  List,
  Pagination,
  TopToolbar,
  useCanAccess,
  useCreatePath,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import type { FieldDeclaration } from '../entity';
import { AreaTabs } from '../../layout/AreaTabs';
import { filterButtonRoom } from '../kit/LazyFilterSheet';
import { MoreActionsMenu } from '../kit/MoreActionsMenu';
import { entityFilters } from './entityFilters';
import { EntityColumn } from './EntityColumn';
import { EntityListBody } from './EntityListBody';
import { listTableSx } from './listTableSx';
import { useEntity } from './useEntity';

// What only a phone shows comes when a phone asks for it, not with every list's first page on the desk.
const EntityCards = lazy(() => import('./EntityCards').then((m) => ({ default: m.EntityCards })));
const ListFilterSheet = lazy(() => import('./ListFilterSheet').then((m) => ({ default: m.ListFilterSheet })));

/** The phone's "Filter" button among the list's filters (react-admin reads `source` and `alwaysOn` from it). */
function PhoneFilters({ filters }: { source: string; alwaysOn: boolean; filters: ReactElement[] }) {
  return (
    <Suspense fallback={filterButtonRoom}>
      <ListFilterSheet filters={filters} />
    </Suspense>
  );
}

/**
 * "Anlegen" in the toolbar on every screen size: react-admin's CreateButton floats as a "+" over the
 * content on phones and covered the call icon of the bottom customer card.
 */
function NewRecordButton({ label = 'ra.action.create' }: { label?: string }) {
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const translate = useTranslate();
  // MUI's button, not react-admin's: that one drops its text on phones and leaves a bare "+".
  return (
    <MuiButton
      size="small"
      startIcon={<AddIcon />}
      component={LinkBase}
      to={createPath({ resource, type: 'create' })}
    >
      {translate(label, { _: label })}
    </MuiButton>
  );
}

function ListActions({
  canCreate,
  createLabel,
  chooseColumns,
  isSmall,
  moreActions,
  children,
}: {
  canCreate: boolean;
  createLabel?: string;
  chooseColumns: boolean;
  isSmall: boolean;
  moreActions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    // One row on a phone: the rarer actions wait behind "⋮" after "Anlegen" (two rows pushed the list down).
    <TopToolbar sx={{ flexWrap: isSmall ? 'nowrap' : 'wrap', alignItems: 'center' }}>
      {/* With the table, not after the first paint: react-admin's column list looks for the button's popover
          for only 500 ms after the table mounts; on a slow phone or a busy machine the deferred button came later
          and "Spalten" opened empty for good. */}
      {chooseColumns && <ColumnsButton />}
      <AfterFirstPaint>
        {children}
        {!isSmall && moreActions}
        {canCreate && <NewRecordButton label={createLabel} />}
        {isSmall && moreActions && <MoreActionsMenu>{moreActions}</MoreActionsMenu>}
      </AfterFirstPaint>
    </TopToolbar>
  );
}

// 100 rows per page for people who scan long lists.
const ROWS_PER_PAGE = [10, 25, 50, 100];

/** The list's fields: those named in `first` in that order, then the others in declaration order. */
function orderedFields(fields: readonly FieldDeclaration[], first: string[]): FieldDeclaration[] {
  const rank = (field: FieldDeclaration) => {
    const index = first.indexOf(field.source);
    return index === -1 ? first.length : index;
  };
  return fields.filter((field) => field.inList !== false).sort((a, b) => rank(a) - rank(b));
}

interface EntityListProps {
  /** A column before the declared ones (a picture, for example). */
  leadingColumn?: ReactNode;
  createLabel?: string;
  /** A panel beside the table (react-admin's `aside`). */
  aside?: ReactElement;
  /** Filters besides the quick search (a reference, "nur meine"). */
  extraFilters?: ReactElement[];
  /** Buttons before "Anlegen" (saved views). */
  actions?: ReactNode;
  /** Rarer buttons (an export): before "Anlegen" on the desk, in a "⋮" menu after it on a phone. */
  moreActions?: ReactNode;
  /** Where a click on a row leads; default: the form for writers, else the read-only view. */
  rowClick?: 'edit' | 'show';
  /** What phones show instead of the table (cards). */
  small?: ReactElement;
  /** Columns (field sources) that matter most, shown first in this order; the others follow. */
  columnOrder?: string[];
  /** Columns hidden until the user shows them with "Spalten" (the choice is remembered per browser). */
  hiddenColumns?: string[];
  /** The bar for ticked rows, in place of react-admin's toolbar (checkboxes appear with it); none by default. */
  bulkActions?: ReactElement;
}

/** Generated list of the current entity: paged, sorted and filtered (quick search, column filters) by the server. */
export default function EntityList({
  leadingColumn,
  createLabel,
  aside,
  extraFilters = [],
  actions,
  moreActions,
  rowClick,
  small,
  columnOrder = [],
  hiddenColumns,
  bulkActions,
}: EntityListProps = {}) {
  const entity = useEntity();
  const { canAccess: canCreate = false } = useCanAccess({ resource: entity.name, action: 'create' });
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // On a phone the filters beside the quick search wait behind one "Filter" button (a sheet from the bottom);
  // the desk keeps them in its bar.
  const filters =
    isSmall && extraFilters.length
      ? [
          ...entityFilters(entity),
          <PhoneFilters key="filterSheet" source="filterSheet" alwaysOn filters={extraFilters} />,
        ]
      : [...entityFilters(entity), ...extraFilters];
  return (
    <>
      {entity.area && <AreaTabs area={entity.area} />}
      <List
        sort={entity.defaultSort}
        filters={filters}
        perPage={25}
        pagination={
          <AfterFirstPaint placeholder={<Box sx={{ minHeight: 52 }} />}>
            <Pagination rowsPerPageOptions={ROWS_PER_PAGE} />
          </AfterFirstPaint>
        }
        exporter={false}
        actions={
          <ListActions
            canCreate={canCreate}
            createLabel={createLabel}
            chooseColumns={Boolean(hiddenColumns) && !isSmall}
            isSmall={isSmall}
            moreActions={moreActions}
          >
            {actions}
          </ListActions>
        }
        title={entity.label.many}
        aside={aside}
        // A table wider than a phone scrolls inside its card; the page itself never gets wider than the screen.
        sx={{
          '& .RaList-content': { overflowX: 'auto' },
          '& .RaList-main': { minWidth: 0 },
          // The quick search and the "Filter" button share one row on a phone.
          '& form:has(> [data-source="filterSheet"])': {
            flexWrap: 'nowrap',
            alignItems: 'center',
            '& > .filter-field': { width: 'auto' },
            '& > [data-source="q"]': { flex: 1, minWidth: 0, '& .MuiFormControl-root': { width: '100%' } },
            '& > [data-source="filterSheet"]': { flexShrink: 0, mt: 1 },
          },
        }}
        // Rows another part of the system writes (ERP articles, sent mails): no invitation to create one.
        empty={
          entity.endpoints.write ? undefined : (
            <Typography sx={{ p: 3 }} color="text.secondary">
              Noch keine Einträge.
            </Typography>
          )
        }
      >
        {isSmall ? (
          (small ?? (
            <Suspense fallback={null}>
              <EntityCards
                fields={orderedFields(entity.fields, columnOrder).filter(
                  (field) => !hiddenColumns?.includes(field.source),
                )}
                rowClick={rowClick ?? (canCreate ? 'edit' : 'show')}
              />
            </Suspense>
          ))
        ) : (
          <DataTable
            rowClick={rowClick ?? (canCreate ? 'edit' : 'show')}
            bulkActionButtons={bulkActions ?? false}
            bulkActionsToolbar={bulkActions}
            size="small"
            hiddenColumns={hiddenColumns}
            body={EntityListBody}
            sx={listTableSx}
          >
            {leadingColumn}
            {orderedFields(entity.fields, columnOrder).map((field) => (
              <EntityColumn key={field.source} field={field} />
            ))}
          </DataTable>
        )}
      </List>
    </>
  );
}

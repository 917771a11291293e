import type { ReactElement, ReactNode } from 'react';
import { Typography, useMediaQuery, type Theme } from '@mui/material';
import { CreateButton, DataTable, List, TopToolbar, useCanAccess } from 'react-admin';
import { AreaTabs } from '../../layout/AreaTabs';
import { entityFilters } from './entityFilters';
import { EntityColumn } from './EntityColumn';
import { useEntity } from './useEntity';

function ListActions({
  canCreate,
  createLabel,
  children,
}: {
  canCreate: boolean;
  createLabel?: string;
  children?: ReactNode;
}) {
  return (
    <TopToolbar>
      {children}
      {canCreate && <CreateButton label={createLabel} />}
    </TopToolbar>
  );
}

interface EntityListProps {
  /** A column before the declared ones (a picture, for example). */
  leadingColumn?: ReactNode;
  createLabel?: string;
  /** A panel beside the table (react-admin's `aside`). */
  aside?: ReactElement;
  /** Filters besides the quick search (a reference, "nur meine"). */
  extraFilters?: ReactElement[];
  /** Buttons before "Anlegen" (an export). */
  actions?: ReactNode;
  /** Where a click on a row leads; default: the form for writers, else the read-only view. */
  rowClick?: 'edit' | 'show';
  /** What phones show instead of the table (cards). */
  small?: ReactElement;
}

/** Generated list of the current entity: paged, sorted and filtered (quick search, column filters) by the server. */
export default function EntityList({
  leadingColumn,
  createLabel,
  aside,
  extraFilters = [],
  actions,
  rowClick,
  small,
}: EntityListProps = {}) {
  const entity = useEntity();
  const { canAccess: canCreate = false } = useCanAccess({ resource: entity.name, action: 'create' });
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <>
      {entity.area && <AreaTabs area={entity.area} />}
      <List
        sort={entity.defaultSort}
        filters={[...entityFilters(entity), ...extraFilters]}
        perPage={25}
        exporter={false}
        actions={
          <ListActions canCreate={canCreate} createLabel={createLabel}>
            {actions}
          </ListActions>
        }
        title={entity.label.many}
        aside={aside}
        // Rows another part of the system writes (ERP articles, sent mails): no invitation to create one.
        empty={
          entity.endpoints.write ? undefined : (
            <Typography sx={{ p: 3 }} color="text.secondary">
              Noch keine Einträge.
            </Typography>
          )
        }
      >
        {small && isSmall ? (
          small
        ) : (
          <DataTable rowClick={rowClick ?? (canCreate ? 'edit' : 'show')} bulkActionButtons={false}>
            {leadingColumn}
            {entity.fields
              .filter((field) => field.inList !== false)
              .map((field) => (
                <EntityColumn key={field.source} field={field} />
              ))}
          </DataTable>
        )}
      </List>
    </>
  );
}

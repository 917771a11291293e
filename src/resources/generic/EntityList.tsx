import type { ReactNode } from 'react';
import { CreateButton, DataTable, FilterButton, List, TopToolbar, useCanAccess } from 'react-admin';
import { AreaTabs } from '../../layout/AreaTabs';
import { entityFilters } from './entityFilters';
import { FieldDisplay } from './FieldDisplay';
import { useEntity } from './useEntity';

function ListActions({ canCreate, createLabel }: { canCreate: boolean; createLabel?: string }) {
  return (
    <TopToolbar>
      <FilterButton />
      {canCreate && <CreateButton label={createLabel} />}
    </TopToolbar>
  );
}

interface EntityListProps {
  /** A column before the declared ones (a picture, for example). */
  leadingColumn?: ReactNode;
  createLabel?: string;
}

/** Generated list of the current entity: paged, sorted and filtered by the server. */
export default function EntityList({ leadingColumn, createLabel }: EntityListProps = {}) {
  const entity = useEntity();
  const { canAccess: canCreate = false } = useCanAccess({ resource: entity.name, action: 'create' });
  return (
    <>
      <AreaTabs area={entity.area} />
      <List
        sort={entity.defaultSort}
        filters={entityFilters(entity)}
        perPage={25}
        exporter={false}
        actions={<ListActions canCreate={canCreate} createLabel={createLabel} />}
        title={entity.label.many}
      >
        <DataTable rowClick={canCreate ? 'edit' : 'show'} bulkActionButtons={false}>
          {leadingColumn}
          {entity.fields
            .filter((field) => field.inList !== false)
            .map((field) => (
              <DataTable.Col
                key={field.source}
                source={field.source}
                label={field.label}
                disableSort={!field.sortable}
              >
                <FieldDisplay field={field} />
              </DataTable.Col>
            ))}
        </DataTable>
      </List>
    </>
  );
}

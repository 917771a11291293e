import type { ReactElement, ReactNode } from 'react';
import { CreateButton, DataTable, List, TopToolbar, useCanAccess } from 'react-admin';
import { AreaTabs } from '../../layout/AreaTabs';
import { entityFilters } from './entityFilters';
import { EntityColumn } from './EntityColumn';
import { useEntity } from './useEntity';

function ListActions({ canCreate, createLabel }: { canCreate: boolean; createLabel?: string }) {
  return <TopToolbar>{canCreate && <CreateButton label={createLabel} />}</TopToolbar>;
}

interface EntityListProps {
  /** A column before the declared ones (a picture, for example). */
  leadingColumn?: ReactNode;
  createLabel?: string;
  /** A panel beside the table (react-admin's `aside`). */
  aside?: ReactElement;
}

/** Generated list of the current entity: paged, sorted and filtered (quick search, column filters) by the server. */
export default function EntityList({ leadingColumn, createLabel, aside }: EntityListProps = {}) {
  const entity = useEntity();
  const { canAccess: canCreate = false } = useCanAccess({ resource: entity.name, action: 'create' });
  return (
    <>
      {entity.area && <AreaTabs area={entity.area} />}
      <List
        sort={entity.defaultSort}
        filters={entityFilters(entity)}
        perPage={25}
        exporter={false}
        actions={<ListActions canCreate={canCreate} createLabel={createLabel} />}
        title={entity.label.many}
        aside={aside}
      >
        <DataTable rowClick={canCreate ? 'edit' : 'show'} bulkActionButtons={false}>
          {leadingColumn}
          {entity.fields
            .filter((field) => field.inList !== false)
            .map((field) => (
              <EntityColumn key={field.source} field={field} />
            ))}
        </DataTable>
      </List>
    </>
  );
}

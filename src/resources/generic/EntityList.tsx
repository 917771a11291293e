import { CreateButton, DataTable, FilterButton, List, TopToolbar, useCanAccess } from 'react-admin';
import { AreaTabs } from '../../layout/AreaTabs';
import { entityFilters } from './entityFilters';
import { FieldDisplay } from './FieldDisplay';
import { useEntity } from './useEntity';

function ListActions({ canCreate }: { canCreate: boolean }) {
  return (
    <TopToolbar>
      <FilterButton />
      {canCreate && <CreateButton />}
    </TopToolbar>
  );
}

/** Generated list of the current entity: paged, sorted and filtered by the server. */
export default function EntityList() {
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
        actions={<ListActions canCreate={canCreate} />}
        title={entity.label.many}
      >
        <DataTable rowClick={canCreate ? 'edit' : 'show'} bulkActionButtons={false}>
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

import { Labeled, Show, SimpleShowLayout } from 'react-admin';
import { RecordBreadcrumb } from './RecordBreadcrumb';
import { AreaTabs } from '../../layout/AreaTabs';
import { FieldDisplay } from './FieldDisplay';
import { RECORD_NOT_FOUND } from './recordNotFound';
import { useEntity } from './useEntity';

/** Generated read-only view of one record. */
export default function EntityShow() {
  const entity = useEntity();
  return (
    <>
      {entity.area && <AreaTabs area={entity.area} />}
      <Show {...RECORD_NOT_FOUND}>
        <SimpleShowLayout>
          <RecordBreadcrumb entity={entity} />
          {entity.fields.map((field) => (
            <Labeled key={field.source} label={field.label}>
              <FieldDisplay field={field} emptyText="–" />
            </Labeled>
          ))}
        </SimpleShowLayout>
      </Show>
    </>
  );
}

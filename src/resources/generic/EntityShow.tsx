import type { ReactNode } from 'react';
import { Labeled, Show, SimpleShowLayout } from 'react-admin';
import { RecordBreadcrumb } from './RecordBreadcrumb';
import { AreaTabs } from '../../layout/AreaTabs';
import { FieldDisplay } from './FieldDisplay';
import { RECORD_NOT_FOUND } from './recordNotFound';
import { useEntity } from './useEntity';

/** Generated read-only view of one record; `after` below its fields (what the record's page adds). */
export default function EntityShow({ after }: { after?: ReactNode } = {}) {
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
          {after}
        </SimpleShowLayout>
      </Show>
    </>
  );
}

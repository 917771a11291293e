import { Labeled, Show, SimpleShowLayout } from 'react-admin';
import { AreaTabs } from '../../layout/AreaTabs';
import { FieldDisplay } from './FieldDisplay';
import { useEntity } from './useEntity';

/** Generated read-only view of one record. */
export default function EntityShow() {
  const entity = useEntity();
  return (
    <>
      <AreaTabs area={entity.area} />
      <Show>
        <SimpleShowLayout>
          {entity.fields.map((field) => (
            <Labeled key={field.source} label={field.label}>
              <FieldDisplay field={field} />
            </Labeled>
          ))}
        </SimpleShowLayout>
      </Show>
    </>
  );
}

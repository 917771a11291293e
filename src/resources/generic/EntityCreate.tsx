import type { ReactNode } from 'react';
import { Create } from 'react-admin';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { AreaTabs } from '../../layout/AreaTabs';
import { EntityForm } from './EntityForm';
import { useEntity } from './useEntity';
import { useSavedNotice } from './useSavedNotice';

/** Generated create view of the current entity. */
export default function EntityCreate({
  after,
  redirect = 'list',
}: {
  after?: ReactNode;
  /** Where saving leads: the list, or the new record's own page. */
  redirect?: 'list' | 'show';
} = {}) {
  const entity = useEntity();
  // One key per opening of the form: a double click on "Speichern" creates one record.
  const { key } = useIdempotencyKey();
  const created = useSavedNotice(entity, 'angelegt', redirect);
  return (
    <>
      {entity.area && <AreaTabs area={entity.area} />}
      <Create
        redirect={redirect}
        title={`${entity.label.one} anlegen`}
        mutationOptions={{ ...created, meta: { idempotencyKey: key } }}
      >
        <EntityForm entity={entity} canDelete={false} after={after} />
      </Create>
    </>
  );
}

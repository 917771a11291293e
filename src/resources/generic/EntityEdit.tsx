import type { ReactNode } from 'react';
import { Edit } from 'react-admin';
import { AreaTabs } from '../../layout/AreaTabs';
import { RecordChanges } from '../kit/RecordChanges';
import { EntityForm } from './EntityForm';
import { RECORD_NOT_FOUND } from './recordNotFound';
import { useEntity } from './useEntity';
import { useSavedNotice } from './useSavedNotice';

/** Generated edit view; pessimistic, so a conflict (409) is shown while the input is still there. */
export default function EntityEdit({
  after,
  redirect = 'list',
}: {
  after?: ReactNode;
  /** Where saving leads: the list, or the record's own page. */
  redirect?: 'list' | 'show';
} = {}) {
  const entity = useEntity();
  const saved = useSavedNotice(entity, 'gespeichert', redirect);
  return (
    <>
      {entity.area && <AreaTabs area={entity.area} />}
      <Edit mutationMode="pessimistic" redirect={redirect} mutationOptions={saved} {...RECORD_NOT_FOUND}>
        <EntityForm entity={entity} canDelete={Boolean(entity.endpoints.remove)} after={after} />
        {/* The admin screens' records show their history; a customer has its timeline for that. */}
        {entity.area && <RecordChanges area={entity.name} />}
      </Edit>
    </>
  );
}

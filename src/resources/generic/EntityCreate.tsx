import type { ReactNode } from 'react';
import { Create } from 'react-admin';
import { AreaTabs } from '../../layout/AreaTabs';
import { EntityForm } from './EntityForm';
import { useEntity } from './useEntity';

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
  return (
    <>
      {entity.area && <AreaTabs area={entity.area} />}
      <Create redirect={redirect} title={`${entity.label.one} anlegen`}>
        <EntityForm entity={entity} canDelete={false} after={after} />
      </Create>
    </>
  );
}

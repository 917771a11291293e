import { Edit } from 'react-admin';
import { AreaTabs } from '../../layout/AreaTabs';
import { EntityForm } from '../generic/EntityForm';
import { RECORD_NOT_FOUND } from '../generic/recordNotFound';
import { useEntity } from '../generic/useEntity';
import { useSavedNotice } from '../generic/useSavedNotice';
import { DirectoryLocations } from './DirectoryLocations';
import { BranchOutsideLocations } from './BranchOutsideLocations';

/** Edits a described user; their locations from the directory are shown for reference. */
export default function UserEdit() {
  const entity = useEntity();
  const saved = useSavedNotice(entity, 'gespeichert', 'list');
  return (
    <>
      {entity.area && <AreaTabs area={entity.area} />}
      <Edit mutationMode="pessimistic" redirect="list" mutationOptions={saved} {...RECORD_NOT_FOUND}>
        <EntityForm entity={entity} canDelete={false} fieldNotes={{ branchId: <BranchOutsideLocations /> }}>
          <DirectoryLocations />
        </EntityForm>
      </Edit>
    </>
  );
}

import { Create } from 'react-admin';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { AreaTabs } from '../../layout/AreaTabs';
import { EntityForm } from '../generic/EntityForm';
import { useEntity } from '../generic/useEntity';
import { useSavedNotice } from '../generic/useSavedNotice';
import { DirectoryLocations } from './DirectoryLocations';
import { BranchOutsideLocations } from './BranchOutsideLocations';
import { DirectoryPersonPicker } from './DirectoryPersonPicker';

/** Adds a directory person as a described user: pick them, check Filiale and Kürzel, save. */
export default function UserCreate() {
  const entity = useEntity();
  // One key per opening: a double click on "Speichern" adds the person once.
  const { key } = useIdempotencyKey();
  const created = useSavedNotice(entity, 'angelegt', 'list');
  return (
    <>
      {entity.area && <AreaTabs area={entity.area} />}
      <Create
        redirect="list"
        title="Benutzer aus dem Verzeichnis hinzufügen"
        mutationOptions={{ ...created, meta: { idempotencyKey: key } }}
      >
        <EntityForm entity={entity} canDelete={false} fieldNotes={{ branchId: <BranchOutsideLocations /> }}>
          <DirectoryPersonPicker />
          <DirectoryLocations suggestBranch />
        </EntityForm>
      </Create>
    </>
  );
}

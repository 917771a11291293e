import { DataTable, useRecordContext } from 'react-admin';
import EntityList from '../generic/EntityList';
import { UserAvatar } from './UserAvatar';

function PhotoField() {
  const user = useRecordContext<{ azureOid: string; name: string }>();
  return user ? <UserAvatar azureId={user.azureOid} name={user.name} /> : null;
}

/** Admin-Benutzer → Benutzer: the described users with their directory photos. */
export default function UserList() {
  return (
    <EntityList
      createLabel="Aus dem Verzeichnis hinzufügen"
      leadingColumn={
        <DataTable.Col label="" source="photo" disableSort>
          <PhotoField />
        </DataTable.Col>
      }
    />
  );
}

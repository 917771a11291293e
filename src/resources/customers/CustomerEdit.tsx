import { useRecordContext } from 'react-admin';
import EntityEdit from '../generic/EntityEdit';
import { DuplicateWarning } from './DuplicateWarning';

function DuplicatesOfThis() {
  const record = useRecordContext();
  return <DuplicateWarning excludeId={record?.id as number | undefined} />;
}

/** The full customer form (kunde/putSingleCustomer, version-checked); saving returns to the customer. */
export default function CustomerEdit() {
  return <EntityEdit after={<DuplicatesOfThis />} redirect="show" />;
}

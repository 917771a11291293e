import EntityCreate from '../generic/EntityCreate';
import { DuplicateWarning } from './DuplicateWarning';

/** Neuer Kunde: the declared form, warning about likely duplicates while typing; saving opens the customer. */
export default function CustomerCreate() {
  return <EntityCreate after={<DuplicateWarning />} redirect="show" />;
}

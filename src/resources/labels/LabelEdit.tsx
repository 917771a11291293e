import EntityEdit from '../generic/EntityEdit';
import { EnableForAllCustomers } from './EnableForAllCustomers';

/** A label, with the action that gives it to every customer. */
export default function LabelEdit() {
  return <EntityEdit after={<EnableForAllCustomers />} />;
}

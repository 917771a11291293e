import EntityList from '../generic/EntityList';
import { BoardOrder } from './BoardOrder';

/** Admin → Eigene Status, with their board order beside the table. */
export default function CustomStatusList() {
  return <EntityList aside={<BoardOrder />} />;
}

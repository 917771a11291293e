import { useAddressListState, useReactAdminListState } from './listState';
import type { ListKeyName } from './savedViews.endpoints';
import { SavedViewsMenu } from './SavedViewsMenu';

/** Saved views of a list that keeps its filters in the address (Vorgänge, Kartenansicht, Fällige Labels, Todos). */
export function SavedViewPicker({ listKey }: { listKey: ListKeyName }) {
  return <SavedViewsMenu listKey={listKey} state={useAddressListState()} />;
}

/** Saved views of a react-admin list (inside its List): its filters, sort, page size and hidden columns. */
export function SavedListViewPicker({
  listKey,
  hiddenColumns,
}: {
  listKey: ListKeyName;
  hiddenColumns?: string[];
}) {
  return <SavedViewsMenu listKey={listKey} state={useReactAdminListState(hiddenColumns)} />;
}

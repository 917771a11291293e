import { Box } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useAddressListState, useReactAdminListState, type ListState } from './listState';
import type { ListKeyName } from './savedViews.endpoints';

// The picker's menu and dialog come after the list's own code, not with it: the first rows do not wait for them.
const SavedViewsMenu = lazy(() =>
  import('./SavedViewsMenu').then((module) => ({ default: module.SavedViewsMenu })),
);

function Picker({ listKey, state }: { listKey: ListKeyName; state: ListState }) {
  return (
    <Suspense fallback={<Box sx={{ width: 120, height: 30 }} />}>
      <SavedViewsMenu listKey={listKey} state={state} />
    </Suspense>
  );
}

/** Saved views of a list that keeps its filters in the address (Vorgänge, Kartenansicht, Fällige Labels, Todos). */
export function SavedViewPicker({ listKey }: { listKey: ListKeyName }) {
  return <Picker listKey={listKey} state={useAddressListState()} />;
}

/** Saved views of a react-admin list (inside its List): its filters, sort, page size and hidden columns. */
export function SavedListViewPicker({
  listKey,
  hiddenColumns,
}: {
  listKey: ListKeyName;
  hiddenColumns?: string[];
}) {
  return <Picker listKey={listKey} state={useReactAdminListState(hiddenColumns)} />;
}

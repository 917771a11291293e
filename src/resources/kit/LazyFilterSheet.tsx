import { Box } from '@mui/material';
import { lazy, Suspense, type ComponentProps } from 'react';

const FilterSheet = lazy(() => import('./FilterSheet').then((m) => ({ default: m.FilterSheet })));

/** The room the phone's "Filter" button takes while its code is on the way, so the search beside it stays put. */
export const filterButtonRoom = <Box sx={{ width: 104, height: 40 }} />;

/** The phone's FilterSheet, its code loaded when a phone first draws it: the desk's first page does not carry it. */
export function LazyFilterSheet(props: ComponentProps<typeof FilterSheet>) {
  return (
    <Suspense fallback={filterButtonRoom}>
      <FilterSheet {...props} />
    </Suspense>
  );
}

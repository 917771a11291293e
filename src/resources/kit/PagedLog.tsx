import { Alert, LinearProgress, Stack, TablePagination, type AlertColor } from '@mui/material';
import type { ReactNode } from 'react';
import { formatNumber } from '../../i18n/format';

/**
 * A paged log's body, the same on every admin log (Änderungsverlauf, Datenschutz, Sammelaktionen,
 * Hintergrundaufgaben): loading bar, error, the empty state, the entries as a list and the pager (one page size;
 * the page lives in the address).
 */
export function PagedLog<Entry>(props: {
  list: {
    isFetching: boolean;
    error: Error | null;
    data?: { data: readonly Entry[]; total: number };
  };
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  /** "Keine Änderungen mit diesen Filtern." */
  emptyText: string;
  /** An empty list may be good news ("Keine fehlgeschlagenen …": success); by default a note. */
  emptySeverity?: AlertColor;
  /** The list's accessible name ("Änderungen"). */
  label: string;
  /** Space between entries drawn as cards; rows with their own borders need none. */
  spacing?: number;
  children: (entry: Entry) => ReactNode;
}) {
  const { list } = props;
  const total = list.data?.total ?? 0;
  return (
    <>
      {list.isFetching && <LinearProgress aria-label="Wird geladen" />}
      {list.error && <Alert severity="error">{list.error.message}</Alert>}
      {list.data && total === 0 && <Alert severity={props.emptySeverity ?? 'info'}>{props.emptyText}</Alert>}
      {total > 0 && (
        <>
          <Stack
            component={props.spacing ? 'ul' : 'ol'}
            spacing={props.spacing ?? 0}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
            aria-label={props.label}
          >
            {list.data!.data.map((entry) => props.children(entry))}
          </Stack>
          <TablePagination
            component="div"
            count={total}
            page={props.page - 1}
            rowsPerPage={props.perPage}
            rowsPerPageOptions={[props.perPage]}
            onPageChange={(_, next) => props.onPage(next + 1)}
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} von ${formatNumber(count)}`}
          />
        </>
      )}
    </>
  );
}

import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  TablePagination,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { formatNumber } from '../../i18n/format';
import { MAX_PICKED_ROWS, type BulkItemResult } from '../bulkActions/bulkActionTypes';
import { getBulkJobItems } from '../bulkActions/bulkJobs.endpoints';

const PER_PAGE = 20;

/** How each result reads, and its chip's colour. */
const RESULTS: Record<BulkItemResult, { label: string; color: 'success' | 'default' | 'error' | 'info' }> = {
  geaendert: { label: 'Geändert', color: 'success' },
  unveraendert: { label: 'Schon so', color: 'default' },
  abgelehnt: { label: 'Abgelehnt', color: 'error' },
  offen: { label: 'Offen', color: 'info' },
};

type Filter = BulkItemResult | 'alle';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The report of a bulk job: every record with its result (geändert, schon so, abgelehnt with the reason), the
 * refused first, filtered by result and paged on the server. `onReselect` offers "Abgelehnte erneut auswählen":
 * it gets the keys the list selects the refused records by.
 */
export function BulkJobReport({
  jobId,
  refusedCount,
  finished,
  onReselect,
  doneWord = 'geändert',
}: {
  jobId: number;
  refusedCount: number;
  finished: boolean;
  onReselect?: (keys: string[]) => void;
  /** What a record the job did something to is called ("geändert"; a mail's: "erledigt"). */
  doneWord?: string;
}) {
  const [filter, setFilter] = useState<Filter>('alle');
  const [page, setPage] = useState(1);
  const client = useEndpointClient();
  const [reselecting, setReselecting] = useState(false);
  const [reselectError, setReselectError] = useState<string | null>(null);
  const { data, refetch } = useEndpoint(
    getBulkJobItems,
    {
      params: { id: jobId },
      query: { page, perPage: PER_PAGE, ...(filter === 'alle' ? {} : { result: filter }) },
    },
    // While the job runs, the report grows with it.
    { refetchInterval: finished ? false : 2_000 },
  );
  // The last poll may have come before the last record was done.
  useEffect(() => {
    if (finished) void refetch();
  }, [finished, refetch]);
  const reselect = async () => {
    if (!onReselect) return;
    setReselecting(true);
    setReselectError(null);
    try {
      const refused = await client.call(getBulkJobItems, {
        params: { id: jobId },
        query: { result: 'abgelehnt', perPage: MAX_PICKED_ROWS },
      });
      onReselect(refused.data.map((item) => item.key));
    } catch (error) {
      setReselectError(
        error instanceof Error ? error.message : 'Die Abgelehnten konnten nicht geladen werden.',
      );
    } finally {
      setReselecting(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filter}
          aria-label="Bericht zeigen"
          onChange={(_, next: Filter | null) => {
            if (!next) return;
            setFilter(next);
            setPage(1);
          }}
          sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
        >
          <ToggleButton value="alle">Alle</ToggleButton>
          <ToggleButton value="geaendert">{capitalised(doneWord)}</ToggleButton>
          <ToggleButton value="unveraendert">Schon so</ToggleButton>
          <ToggleButton value="abgelehnt">Abgelehnt</ToggleButton>
        </ToggleButtonGroup>
        {onReselect && finished && refusedCount > 0 && (
          <Button size="small" variant="outlined" disabled={reselecting} onClick={() => void reselect()}>
            Abgelehnte erneut auswählen
          </Button>
        )}
      </Box>
      {reselectError && <Alert severity="error">{reselectError}</Alert>}
      {onReselect && refusedCount > MAX_PICKED_ROWS && (
        <Alert severity="info">
          Es werden die ersten {formatNumber(MAX_PICKED_ROWS)} von {formatNumber(refusedCount)} abgelehnten
          ausgewählt.
        </Alert>
      )}
      <List dense aria-label="Bericht" sx={{ maxHeight: 320, overflowY: 'auto' }}>
        {data?.data.map((item) => (
          <ListItem key={item.key} disableGutters divider>
            <ListItemText
              primary={item.name ?? `#${item.recordId}`}
              secondary={item.reason ?? undefined}
              sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
            />
            <Chip
              size="small"
              label={item.result === 'geaendert' ? capitalised(doneWord) : RESULTS[item.result].label}
              color={RESULTS[item.result].color}
              variant={item.result === 'unveraendert' ? 'outlined' : 'filled'}
              sx={{ ml: 1, flexShrink: 0 }}
            />
          </ListItem>
        ))}
      </List>
      {data && data.total > PER_PAGE && (
        <TablePagination
          component="div"
          count={data.total}
          page={page - 1}
          rowsPerPage={PER_PAGE}
          rowsPerPageOptions={[PER_PAGE]}
          onPageChange={(_event, next) => setPage(next + 1)}
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} von ${formatNumber(count)}`}
        />
      )}
    </Box>
  );
}

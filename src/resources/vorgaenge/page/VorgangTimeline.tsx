import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointKey } from '../../../api/endpoint';
import { useEndpointClient } from '../../../api/useEndpoint';
import { TimelineEntry } from '../../kit/TimelineEntry';
import { getTimelineForVorgang } from '../vorgang.endpoints';
import { getChangesForVorgang } from '../../changeHistory/changeHistory.endpoints';
import { ChangeEntryItem } from '../../kit/ChangeEntryItem';
import { ChangesLoadError } from '../../kit/ChangesLoadError';
import { ChangesSwitch, useShowChanges } from '../../kit/ChangesSwitch';
import { mergedRowKey, useTimelineChanges } from '../../kit/useTimelineChanges';

/** Timeline tab: notes on its Belege, activities, Belege, e-mails and status changes of this Vorgang. */
export function VorgangTimeline({ vorgangId, customerId }: { vorgangId: number; customerId: number }) {
  const api = useEndpointClient();
  const { data, error, fetchNextPage, hasNextPage, isFetchingNextPage, isPending } = useInfiniteQuery({
    queryKey: [...endpointKey(getTimelineForVorgang), vorgangId],
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      api.call(getTimelineForVorgang, {
        params: { id: vorgangId },
        query: { after: pageParam || undefined },
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const [showChanges, setShowChanges] = useShowChanges();
  const changes = useTimelineChanges({
    key: [...endpointKey(getTimelineForVorgang), vorgangId],
    enabled: showChanges,
    load: (page, perPage) =>
      api.call(getChangesForVorgang, { params: { id: vorgangId }, query: { page, perPage } }),
    items,
    timelineHasMore: Boolean(hasNextPage),
  });
  return (
    <Stack spacing={1}>
      <ChangesSwitch value={showChanges} onChange={setShowChanges} />
      {error && <Alert severity="error">Die Timeline konnte nicht geladen werden.</Alert>}
      {changes.error && <ChangesLoadError />}
      {isPending && <CircularProgress sx={{ alignSelf: 'center' }} />}
      {!isPending && !changes.rows.length && (
        <Typography color="text.secondary">Noch keine Einträge.</Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Timeline des Vorgangs">
        {changes.rows.map((row) =>
          row.kind === 'change' ? (
            <ChangeEntryItem key={mergedRowKey(row)} entry={row.entry} />
          ) : (
            <TimelineEntry key={mergedRowKey(row)} item={row.item} customerId={customerId} />
          ),
        )}
      </Box>
      {hasNextPage && (
        <Button onClick={() => fetchNextPage()} disabled={isFetchingNextPage} sx={{ alignSelf: 'center' }}>
          {isFetchingNextPage ? 'Lädt …' : 'Ältere Einträge laden'}
        </Button>
      )}
    </Stack>
  );
}

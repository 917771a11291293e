import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useEndpointClient } from '../../../api/useEndpoint';
import type { CustomerTabProps } from '../CustomerShow';
import { NoteComposer } from './NoteComposer';
import { PendingTimelineEntries } from './PendingTimelineEntries';
import { TimelineEntry } from '../../kit/TimelineEntry';
import { getTimelineForCustomer } from './timeline.endpoints';
import { timelineKey } from './timelineTypes';
import { getChangesForCustomer } from '../../changeHistory/changeHistory.endpoints';
import { ChangeEntryItem } from '../../kit/ChangeEntryItem';
import { ChangesLoadError } from '../../kit/ChangesLoadError';
import { ChangesSwitch, useShowChanges } from '../../kit/ChangesSwitch';
import { mergedRowKey, useTimelineChanges } from '../../kit/useTimelineChanges';

/** Timeline tab: a note field, then notes, activities, Belege, e-mails and NPS answers, loading on as you scroll. */
export default function CustomerTimeline({ customer, composeNote }: CustomerTabProps) {
  const api = useEndpointClient();
  const end = useRef<HTMLDivElement>(null);
  const { data, error, fetchNextPage, hasNextPage, isFetchingNextPage, isPending } = useInfiniteQuery({
    queryKey: timelineKey(customer.id),
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      api.call(getTimelineForCustomer, {
        params: { id: Number(customer.id) },
        query: { after: pageParam || undefined },
      }),
    getNextPageParam: (last) => last.next ?? undefined,
  });
  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const [showChanges, setShowChanges] = useShowChanges();
  const changes = useTimelineChanges({
    key: timelineKey(customer.id),
    enabled: showChanges,
    load: (page, perPage) =>
      api.call(getChangesForCustomer, { params: { id: Number(customer.id) }, query: { page, perPage } }),
    items,
    timelineHasMore: Boolean(hasNextPage),
  });
  return (
    <Stack spacing={2}>
      <NoteComposer customerId={customer.id as number} focusSignal={composeNote} />
      <ChangesSwitch value={showChanges} onChange={setShowChanges} />
      <PendingTimelineEntries customerId={customer.id as number} />
      {error && <Alert severity="error">Die Timeline konnte nicht geladen werden.</Alert>}
      {changes.error && <ChangesLoadError />}
      {isPending && <CircularProgress sx={{ alignSelf: 'center' }} />}
      {!isPending && !changes.rows.length && (
        <Typography color="text.secondary">Noch keine Einträge.</Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Timeline">
        {changes.rows.map((row) =>
          row.kind === 'change' ? (
            <ChangeEntryItem key={mergedRowKey(row)} entry={row.entry} />
          ) : (
            <TimelineEntry key={mergedRowKey(row)} item={row.item} customerId={customer.id as number} />
          ),
        )}
      </Box>
      <div ref={end} />
      {hasNextPage && (
        <Button onClick={() => fetchNextPage()} disabled={isFetchingNextPage} sx={{ alignSelf: 'center' }}>
          {isFetchingNextPage ? 'Lädt …' : 'Ältere Einträge laden'}
        </Button>
      )}
    </Stack>
  );
}

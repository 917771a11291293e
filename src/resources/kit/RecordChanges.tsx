import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { endpointKey } from '../../api/endpoint';
import { useEndpointClient } from '../../api/useEndpoint';
import { getChangesForRecord } from '../changeHistory/changeHistory.endpoints';
import { ChangeEntryItem } from './ChangeEntryItem';

const PER_PAGE = 20;

/**
 * "Änderungsverlauf" under an entity's edit form: who changed this record when, old → new; loaded when opened.
 * Works for every declared entity (the server records them all and checks who may read the entity).
 */
export function RecordChanges({ area }: { area: string }) {
  const record = useRecordContext();
  const api = useEndpointClient();
  const [open, setOpen] = useState(false);
  const id = Number(record?.id);
  const changes = useInfiniteQuery({
    queryKey: [...endpointKey(getChangesForRecord), area, id],
    enabled: open && Number.isInteger(id),
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.call(getChangesForRecord, { query: { area, id, page: pageParam, perPage: PER_PAGE } }),
    getNextPageParam: (last, pages) => (pages.length * PER_PAGE < last.total ? pages.length + 1 : undefined),
  });
  const entries = changes.data?.pages.flatMap((page) => page.data) ?? [];
  if (!record) return null;
  return (
    <Accordion expanded={open} onChange={(_, expanded) => setOpen(expanded)} disableGutters sx={{ mt: 2 }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography>Änderungsverlauf</Typography>
      </AccordionSummary>
      <AccordionDetails>
        {changes.isFetching && <LinearProgress aria-label="Wird geladen" />}
        {changes.error && <Alert severity="error">{changes.error.message}</Alert>}
        {changes.data && entries.length === 0 && (
          <Typography color="text.secondary">Noch keine Änderungen aufgezeichnet.</Typography>
        )}
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Änderungen des Datensatzes">
          {entries.map((entry) => (
            <ChangeEntryItem key={entry.id} entry={entry} withRecord={false} />
          ))}
        </Box>
        {changes.hasNextPage && (
          <Button onClick={() => changes.fetchNextPage()} disabled={changes.isFetchingNextPage}>
            Ältere Änderungen laden
          </Button>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

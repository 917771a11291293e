import { Alert, Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNotify } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { buildArticleMappingCache, getArticleMappingCacheState } from './articleMappings.endpoints';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { CACHE_STATE_KEY, STATISTICS_KEY, type MappingCacheState } from './mappingTypes';

const percent = (state: MappingCacheState) =>
  state.total === 0 ? 0 : Math.round((state.processed / state.total) * 100);

function CacheStateText({ state }: { state: MappingCacheState }) {
  const formatDateTime = useCompanyDateTime();
  const by = state.startedBy ? ` von ${state.startedBy}` : '';
  switch (state.state) {
    case 'nie':
      return (
        <Typography>
          Der Cache wurde noch nie aufgebaut: die Statistik zählt alle Artikel als nicht zugeordnet.
        </Typography>
      );
    case 'laeuft':
      return (
        <>
          <Typography>
            Wird aufgebaut{by}, gestartet {formatDateTime(state.startedAt!)}:{' '}
            {state.processed.toLocaleString('de-DE')} von {state.total.toLocaleString('de-DE')}{' '}
            {state.total === 1 ? 'Artikel' : 'Artikeln'} ({percent(state)} %).
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percent(state)}
            aria-label="Fortschritt des Cache-Aufbaus"
            sx={{ mt: 1, height: 8, borderRadius: 1 }}
          />
        </>
      );
    case 'fertig':
      return (
        <>
          <Typography>
            Zuletzt aufgebaut {formatDateTime(state.finishedAt!)}
            {by}: {state.total.toLocaleString('de-DE')} Artikel.
          </Typography>
          {state.outdated && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              Mappings, Aliase oder Artikel wurden seither geändert. Bauen Sie den Cache neu auf, damit die
              Statistik stimmt.
            </Alert>
          )}
        </>
      );
    case 'fehler':
      return (
        <Alert severity="error">
          Der Aufbau{by} vom {formatDateTime(state.startedAt!)} ist fehlgeschlagen: {state.error}
        </Alert>
      );
  }
}

/** The mapping cache: its state (also while another admin or server builds it), progress, and the start. */
export function MappingCacheCard() {
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { data: state, error } = useQuery({
    queryKey: CACHE_STATE_KEY,
    queryFn: () => api.call(getArticleMappingCacheState),
    // Polled only while a build runs; the state lives on the server, so a reload shows it again.
    refetchInterval: (query) => (query.state.data?.state === 'laeuft' ? 1000 : false),
  });
  const start = useMutation({
    mutationFn: () => api.call(buildArticleMappingCache),
    onSuccess: (next) => queryClient.setQueryData(CACHE_STATE_KEY, next),
    onError: (failure: Error) => {
      notify(failure.message, { type: 'error' });
      void queryClient.invalidateQueries({ queryKey: CACHE_STATE_KEY });
    },
  });
  const previous = useRef(state?.state);
  useEffect(() => {
    if (previous.current === 'laeuft' && state?.state !== 'laeuft') {
      void queryClient.invalidateQueries({ queryKey: STATISTICS_KEY });
    }
    previous.current = state?.state;
  }, [state?.state, queryClient]);

  const running = state?.state === 'laeuft';
  return (
    <Card variant="outlined" component="section" aria-label="Mapping-Cache">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Mapping-Cache
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Der Cache ordnet jedem Artikel sein Mapping zu; Statistik und Verkaufsziele je Produktgruppe lesen
          ihn. Der Aufbau läuft im Hintergrund weiter, auch wenn Sie die Seite verlassen.
        </Typography>
        {error && <Alert severity="error">Der Stand des Cache konnte nicht geladen werden.</Alert>}
        {state && <CacheStateText state={state} />}
        <Box sx={{ mt: 2 }}>
          <Button
            variant="contained"
            disabled={!state || running || start.isPending}
            onClick={() => start.mutate()}
          >
            {running ? 'Aufbau läuft …' : 'Cache neu aufbauen'}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

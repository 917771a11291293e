import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  MenuItem,
  Stack,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useEndpoint, useEndpointMutation } from '../../api/useEndpoint';
import { useDebounced } from '../generic/useDebounced';
import { AreaPage } from '../../layout/AreaPage';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { dismissDuplicate, getDuplicates, type DuplicatePair } from './duplicates.endpoints';

const PER_PAGE = 25;

const place = (side: DuplicatePair['customer']) =>
  [side.customerNumber, [side.zip, side.city].filter(Boolean).join(' ')].filter(Boolean).join(' · ');

/** One customer of a pair: name (opens the customer in a new tab), number and place. */
function PairSide({ side }: { side: DuplicatePair['customer'] }) {
  return (
    <Box sx={{ minWidth: 0, flex: 1 }}>
      <Typography
        component={Link}
        to={`/crm/kunden/${side.id}/show`}
        target="_blank"
        sx={{ fontWeight: 500, color: 'primary.main', textDecoration: 'none', overflowWrap: 'anywhere' }}
      >
        {side.displayName}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {place(side) || '–'}
      </Typography>
    </Box>
  );
}

/**
 * Dubletten: the likely duplicate pairs the background job found, the best match first (or by name), paged in
 * the database; each pair opens the merge screen.
 */
export default function DuplicatesPage() {
  const when = useCompanyDateTime();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('seite')) || 1);
  const sort = params.get('sortierung') === 'name' ? 'name' : 'score';
  const [typed, setTyped] = useState(params.get('suche') ?? '');
  const q = useDebounced(typed.trim(), 250);
  const minScore = Number(params.get('ab')) || undefined;
  const queryClient = useQueryClient();
  const { data, isFetching, error } = useEndpoint(
    getDuplicates,
    { query: { page, perPage: PER_PAGE, sort, ...(q ? { q } : {}), ...(minScore ? { minScore } : {}) } },
    // The pairs of the last search stay until the new ones come (no empty flash while typing).
    { placeholderData: keepPreviousData },
  );
  const dismiss = useEndpointMutation(dismissDuplicate, {
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [getDuplicates.path] }),
  });
  const setParam = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      if (name !== 'seite') next.delete('seite');
      return next;
    });
  return (
    <AreaPage area="admin-verkauf" title="Dubletten">
      <Box sx={{ py: 2 }}>
        <Stack spacing={2} sx={{ mb: 2 }}>
          <Box>
            <Typography variant="h5" component="h1">
              Dubletten
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {data?.computedAt
                ? `Stand: ${when(data.computedAt)} · neu angelegte oder geänderte Kunden sofort, die ganze Liste alle 10 Minuten`
                : 'Neu angelegte oder geänderte Kunden erscheinen sofort; die ganze Liste wird alle 10 Minuten neu berechnet.'}
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              size="small"
              label="Suchen"
              placeholder="Name, Kundennummer, PLZ, Ort"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setParam('suche', event.target.value.trim() || null);
              }}
              sx={{ minWidth: 220 }}
            />
            <TextField
              select
              size="small"
              label="Übereinstimmung"
              value={String(minScore ?? '')}
              onChange={(event) => setParam('ab', event.target.value || null)}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="">Alle</MenuItem>
              <MenuItem value="80">ab 80 %</MenuItem>
              <MenuItem value="100">nur 100 %</MenuItem>
            </TextField>
            <TextField
              select
              size="small"
              label="Sortierung"
              value={sort}
              onChange={(event) => setParam('sortierung', event.target.value === 'name' ? 'name' : null)}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="score">Beste Übereinstimmung zuerst</MenuItem>
              <MenuItem value="name">Nach Name</MenuItem>
            </TextField>
          </Stack>
        </Stack>
        {isFetching && <LinearProgress aria-label="Wird geladen" />}
        {error && <Alert severity="error">{error.message}</Alert>}
        {dismiss.error && <Alert severity="error">{dismiss.error.message}</Alert>}
        {data && data.total === 0 && (
          <Alert severity="info">
            {q || minScore
              ? 'Keine Dubletten zu dieser Suche.'
              : 'Zurzeit sind keine wahrscheinlichen Dubletten bekannt.'}
          </Alert>
        )}
        <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Dubletten">
          {data?.data.map((pair) => (
            <Card
              key={`${pair.customer.id}-${pair.other.id}`}
              variant="outlined"
              component="li"
              data-testid="duplicate-pair"
            >
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Stack
                  direction={{ xs: 'column', md: 'row' }}
                  spacing={{ xs: 1, md: 2 }}
                  sx={{ alignItems: { md: 'center' } }}
                >
                  <PairSide side={pair.customer} />
                  <PairSide side={pair.other} />
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', flex: 1 }}>
                    <Chip size="small" color="warning" label={`${pair.score} %`} title="Übereinstimmung" />
                    {pair.reasons.map((reason) => (
                      <Chip key={reason} size="small" variant="outlined" label={reason} />
                    ))}
                  </Stack>
                  <Stack direction="row" spacing={1} sx={{ alignSelf: { xs: 'stretch', md: 'center' } }}>
                    <Button
                      variant="text"
                      disabled={dismiss.isPending}
                      onClick={() =>
                        dismiss.mutate({ body: { customerId: pair.customer.id, otherId: pair.other.id } })
                      }
                      sx={{ minHeight: 44, flex: { xs: 1, md: 'none' } }}
                    >
                      Kein Duplikat
                    </Button>
                    <Button
                      component={Link}
                      to={`/crm/admin-verkauf/dubletten/${pair.customer.id}/${pair.other.id}`}
                      variant="outlined"
                      sx={{ minHeight: 44, flex: { xs: 1, md: 'none' } }}
                    >
                      Zusammenführen
                    </Button>
                  </Stack>
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Stack>
        {data && data.total > PER_PAGE && (
          <TablePagination
            component="div"
            count={data.total}
            page={page - 1}
            rowsPerPage={PER_PAGE}
            rowsPerPageOptions={[PER_PAGE]}
            onPageChange={(_event, next) => setParam('seite', String(next + 1))}
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} von ${count.toLocaleString('de-DE')}`}
          />
        )}
      </Box>
    </AreaPage>
  );
}

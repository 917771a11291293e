import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  LinearProgress,
  Link as MuiLink,
  MenuItem,
  Stack,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { companyToday } from '../../config/companyTime';
import { useCompanyDateTime, useCompanyZone } from '../../config/useCompanyZone';
import { DayPicker } from '../../i18n/DayPicker';
import { AreaPage } from '../../layout/AreaPage';
import { ExcelExportButton } from '../kit/ExcelExportButton';
import { saveBlob } from '../kit/saveBlob';
import {
  exportErasureList,
  exportPrivacyLog,
  getPrivacyLog,
  type PrivacyLogEntry,
  type PrivacyLogFilter,
} from './privacy.endpoints';
import { entryConcerns, PRIVACY_LOG_KINDS, privacyLogKindName } from './privacyLog.rules';

const PER_PAGE = 25;
const FILTER_KEYS = ['kind', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
const KIND_COLORS = { auskunft: 'info', loeschung: 'error', export: 'default' } as const;

/** One entry: when, what kind, who, for whom (or what was exported), and its reason or rows. */
function PrivacyLogItem({ entry }: { entry: PrivacyLogEntry }) {
  const when = useCompanyDateTime();
  const concerns = entryConcerns(entry);
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'baseline',
        columnGap: 1.5,
        rowGap: 0.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ width: { sm: 130 }, flexShrink: 0 }}>
        {when(entry.at)}
      </Typography>
      <Chip
        size="small"
        label={privacyLogKindName(entry.kind)}
        color={KIND_COLORS[entry.kind as keyof typeof KIND_COLORS] ?? 'default'}
        variant={entry.kind === 'export' ? 'outlined' : 'filled'}
      />
      <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {entry.actorName}
          {' · '}
          {entry.customerId !== null ? (
            <MuiLink component={Link} to={`/crm/kunden/${entry.customerId}/show`}>
              {concerns}
            </MuiLink>
          ) : (
            concerns
          )}
        </Typography>
        {entry.rowCount !== null && (
          <Typography variant="body2" color="text.secondary">
            {entry.rowCount === 1 ? '1 Zeile' : `${entry.rowCount.toLocaleString('de-DE')} Zeilen`}
          </Typography>
        )}
        {entry.reason && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Anlass: {entry.reason}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** "Löschliste (CSV)": the list that carries erasures over a restore (scripts/restore.sh, ERASURES_FROM). */
function ErasureListButton() {
  const api = useEndpointClient();
  const notify = useNotify();
  const zone = useCompanyZone();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      saveBlob(await api.download(exportErasureList, {}), `Loeschliste_${companyToday(zone)}.csv`);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Die Löschliste konnte nicht geladen werden.', {
        type: 'error',
      });
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      onClick={() => void run()}
      disabled={running}
      startIcon={running ? <CircularProgress size={16} /> : <DownloadIcon fontSize="small" />}
    >
      Löschliste (CSV)
    </Button>
  );
}

/**
 * Admin → Datenschutz: every Auskunft (Art. 15), Löschung (Art. 17) and Excel export, newest first: who, when,
 * for whom or what; filtered by kind and period in the address, paged in the database, exported as Excel. Beside
 * it the Löschliste, to keep off the machine for a restore.
 */
export default function PrivacyLogPage() {
  const zone = useCompanyZone();
  const api = useEndpointClient();
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(
    FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])),
  ) as PrivacyLogFilter;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = (changes: Partial<Record<FilterKey | 'page', string | null>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  const periodError =
    filter.from && filter.to && filter.from > filter.to
      ? 'Das Ende liegt vor dem Anfang des Zeitraums.'
      : undefined;
  const list = useEndpoint(
    getPrivacyLog,
    { query: { ...filter, page, perPage: PER_PAGE } },
    { enabled: !periodError },
  );

  return (
    <AreaPage area="admin" title="Datenschutz">
      <Box sx={{ py: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
            Datenschutz-Protokoll
            {list.data && (
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                {list.data.total === 1 ? '1 Eintrag' : `${list.data.total.toLocaleString('de-DE')} Einträge`}
              </Typography>
            )}
          </Typography>
          <ExcelExportButton
            variant="outlined"
            download={() => api.download(exportPrivacyLog, { query: filter })}
            fileName={`Datenschutz-Protokoll_${companyToday(zone)}.xlsx`}
            disabled={!list.data?.total || Boolean(periodError)}
          />
          <ErasureListButton />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
          Wer wann für wen eine Auskunft (Art. 15) erstellt, Daten gelöscht (Art. 17) oder Datensätze nach
          Excel exportiert hat. Die Löschliste enthält die Kundennummern und Hashwerte der gelöschten Personen
          (keine Werte): Bewahren Sie sie wie die Sicherungen auf, damit Löschungen nach dem Einspielen einer
          Sicherung erneut angewandt werden (docs/operations.md).
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          <TextField
            select
            size="small"
            label="Art"
            value={filter.kind ?? ''}
            onChange={(event) => update({ kind: event.target.value || null })}
            sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          >
            <MenuItem value="">Alle</MenuItem>
            {PRIVACY_LOG_KINDS.map((kind) => (
              <MenuItem key={kind.id} value={kind.id}>
                {kind.name}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ width: { xs: 'calc(50% - 4px)', sm: 170 } }}>
            <DayPicker label="Von" value={filter.from ?? null} onChange={(day) => update({ from: day })} />
          </Box>
          <Box sx={{ width: { xs: 'calc(50% - 4px)', sm: 170 } }}>
            <DayPicker
              label="Bis"
              value={filter.to ?? null}
              onChange={(day) => update({ to: day })}
              error={periodError}
            />
          </Box>
        </Stack>
        {list.isFetching && <LinearProgress aria-label="Wird geladen" />}
        {list.error && <Alert severity="error">{list.error.message}</Alert>}
        {list.data && list.data.total === 0 && (
          <Alert severity="info">Keine Einträge mit diesen Filtern.</Alert>
        )}
        {list.data && list.data.total > 0 && (
          <>
            <Box
              component="ol"
              sx={{ listStyle: 'none', m: 0, p: 0 }}
              aria-label="Einträge des Datenschutz-Protokolls"
            >
              {list.data.data.map((entry) => (
                <PrivacyLogItem key={entry.id} entry={entry} />
              ))}
            </Box>
            <TablePagination
              component="div"
              count={list.data.total}
              page={page - 1}
              rowsPerPage={PER_PAGE}
              rowsPerPageOptions={[PER_PAGE]}
              onPageChange={(_, next) => update({ page: String(next + 1) })}
              labelDisplayedRows={({ from, to, count }) =>
                `${from}–${to} von ${count.toLocaleString('de-DE')}`
              }
            />
          </>
        )}
      </Box>
    </AreaPage>
  );
}

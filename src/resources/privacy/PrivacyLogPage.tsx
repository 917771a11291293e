import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, Chip, CircularProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { companyToday } from '../../config/companyTime';
import { useCompanyDateTime, useCompanyZone } from '../../config/useCompanyZone';
import { AreaPage } from '../../layout/AreaPage';
import { ExcelExportButton } from '../kit/ExcelExportButton';
import { FilterSelect, PeriodFilter } from '../kit/LogFilters';
import { PagedLog } from '../kit/PagedLog';
import { useUrlFilters } from '../kit/useUrlFilters';
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
  const urlFilters = useUrlFilters(FILTER_KEYS);
  const { page, update, periodError } = urlFilters;
  // The address is typed by hand or linked; the server refuses an unknown kind with a German 400.
  const filter = urlFilters.filter as PrivacyLogFilter;
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
          <FilterSelect
            label="Art"
            value={filter.kind}
            options={PRIVACY_LOG_KINDS}
            onChange={(value) => update({ kind: value })}
            minWidth={200}
          />
          <PeriodFilter from={filter.from} to={filter.to} error={periodError} onChange={update} />
        </Stack>
        <PagedLog
          list={list}
          page={page}
          perPage={PER_PAGE}
          onPage={(next) => update({ page: String(next) })}
          emptyText="Keine Einträge mit diesen Filtern."
          label="Einträge des Datenschutz-Protokolls"
        >
          {(entry) => <PrivacyLogItem key={entry.id} entry={entry} />}
        </PagedLog>
      </Box>
    </AreaPage>
  );
}

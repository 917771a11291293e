import {
  Alert,
  Box,
  LinearProgress,
  MenuItem,
  Stack,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useEndpoint, useEndpointClient } from '../../api/useEndpoint';
import { companyToday } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';
import { DayPicker } from '../../i18n/DayPicker';
import { AreaPage } from '../../layout/AreaPage';
import { ChangeEntryItem } from '../kit/ChangeEntryItem';
import { ExcelExportButton } from '../kit/ExcelExportButton';
import { exportChanges, getChangeFilterOptions, getChanges } from './changeHistory.endpoints';
import { countOf } from '../../i18n/format';

const PER_PAGE = 25;
const FILTER_KEYS = ['actor', 'area', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** A select of the filter bar; "Alle" clears it. */
function FilterSelect(props: {
  label: string;
  value: string | undefined;
  options: readonly { id: string; name: string }[];
  onChange: (value: string | null) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.target.value || null)}
      sx={{ minWidth: 170, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
    >
      <MenuItem value="">Alle</MenuItem>
      {props.options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Admin → Änderungsverlauf: every recorded change across all records, newest first, filtered by person, area and
 * period (company days) in the address, paged in the database, and exported as Excel with the same filters.
 */
export default function ChangeHistoryPage() {
  const zone = useCompanyZone();
  const api = useEndpointClient();
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(
    FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])),
  ) as Partial<Record<FilterKey, string>>;
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
    getChanges,
    { query: { ...filter, page, perPage: PER_PAGE } },
    { enabled: !periodError },
  );
  const options = useEndpoint(getChangeFilterOptions, {});

  return (
    <AreaPage area="admin" title="Änderungsverlauf">
      <Box sx={{ py: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
            Änderungsverlauf
            {list.data && (
              <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                {countOf(list.data.total, 'Änderung', 'Änderungen')}
              </Typography>
            )}
          </Typography>
          <ExcelExportButton
            variant="outlined"
            download={() => api.download(exportChanges, { query: filter })}
            fileName={`Aenderungsverlauf_${companyToday(zone)}.xlsx`}
            runningLabel={`Export läuft (${list.data ? countOf(list.data.total, 'Änderung', 'Änderungen') : '… Änderungen'}) …`}
            disabled={!list.data?.total || Boolean(periodError)}
          />
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          <FilterSelect
            label="Person"
            value={filter.actor}
            options={(options.data?.actors ?? []).map((name) => ({ id: name, name }))}
            onChange={(value) => update({ actor: value })}
          />
          <FilterSelect
            label="Bereich"
            value={filter.area}
            options={options.data?.areas ?? []}
            onChange={(value) => update({ area: value })}
          />
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
          <Alert severity="info">Keine Änderungen mit diesen Filtern.</Alert>
        )}
        {list.data && list.data.total > 0 && (
          <>
            <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Änderungen">
              {list.data.data.map((entry) => (
                <ChangeEntryItem key={entry.id} entry={entry} withContext />
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

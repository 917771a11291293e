import FilterListIcon from '@mui/icons-material/FilterList';
import {
  Box,
  Button,
  CircularProgress,
  Collapse,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  useMediaQuery,
  type SxProps,
  type Theme,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { LazyFilterSheet } from '../kit/LazyFilterSheet';
import { useEndpoint } from '../../api/useEndpoint';
import { DashboardFilterChip } from './DashboardFilterChip';
import { WhoseFilters } from './WhoseFilters';
import { SearchFilterField } from './SearchFilterField';
import { useFilterChoices, useStatusChoices } from './useFilterChoices';
import { getAllHerkunft, type VorgangFilter } from './vorgangList.endpoints';
import { VORGANG_MATCH_COLUMN_LABELS, VORGANG_MATCH_COLUMNS } from './vorgangListTypes';
import { ColumnValue, LazyField, PickFilter, type Update } from './VorgangFilterFields';
import { DAY_FILTERS, MATCH_MODES, SHEET_FILTERS, fieldSx } from './vorgangFilterLists';

// The day filters bring the date picker (about 50 kB gzip): loaded when "Weitere Filter" opens (or is pointed
// at), not with the Vorgänge list and the Kartenansicht.
const loadDayFilterField = () => import('./DayFilterField');
const DayFilterField = lazy(() => loadDayFilterField().then((m) => ({ default: m.DayFilterField })));
const preloadDayFilterField = () => void loadDayFilterField().catch(() => undefined);

const euros = (cents: number | undefined) => (cents === undefined ? '' : String(cents / 100));
const cents = (text: string) => (text === '' ? undefined : Math.round(Number(text) * 100));

/** Quick search, "nur meine" and the filters of the Vorgänge list; rarer ones behind "Weitere Filter". */
export function VorgangFilters({
  filter,
  update,
  onEnter,
}: {
  filter: VorgangFilter;
  update: Update;
  onEnter: (text: string) => void;
}) {
  const [more, setMore] = useState(
    Boolean(
      filter.netFrom ??
      filter.netTo ??
      filter.createdFrom ??
      filter.expectedFrom ??
      filter.activityFrom ??
      filter.matchValue,
    ),
  );
  const { sellers, branches, labels } = useFilterChoices();
  const statuses = useStatusChoices();
  const herkunft = useEndpoint(getAllHerkunft, {}, { staleTime: 60_000 });
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const picks = (
    <>
      <WhoseFilters filter={filter} update={update} sellers={sellers} branches={branches} />
      <PickFilter
        label="Herkunft"
        options={(herkunft.data ?? []).map((h) => ({ id: h.name, name: h.name }))}
        value={filter.origin}
        onChange={(id) => update({ origin: id })}
      />
      <PickFilter
        label="Eigener Status"
        options={statuses}
        value={filter.customStatusId}
        onChange={(id) => update({ customStatusId: id })}
      />
      <PickFilter
        label="Label"
        options={labels}
        value={filter.labelId}
        onChange={(id) => update({ labelId: id })}
      />
      <FormControlLabel
        control={<Switch checked={Boolean(filter.stagnant)} onChange={(_, on) => update({ stagnant: on })} />}
        label="Stagnierend"
        title="Offene Vorgänge, die länger ohne Aktivität sind, als ihr Eigener Status erlaubt"
      />
    </>
  );
  const moreButton = (
    <Button
      size="small"
      startIcon={<FilterListIcon />}
      onClick={() => setMore(!more)}
      onPointerEnter={preloadDayFilterField}
      onFocus={preloadDayFilterField}
      aria-expanded={more}
    >
      {more ? 'Weniger Filter' : 'Weitere Filter'}
    </Button>
  );
  const moreFilters = (
    <Collapse in={more} unmountOnExit>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5, alignItems: 'center' }}>
        <LazyField
          key={`Summe netto ab (€):${euros(filter.netFrom)}`}
          label="Summe netto ab (€)"
          type="number"
          value={euros(filter.netFrom)}
          onCommit={(v) => update({ netFrom: cents(v) })}
        />
        <LazyField
          key={`Summe netto bis (€):${euros(filter.netTo)}`}
          label="Summe netto bis (€)"
          type="number"
          value={euros(filter.netTo)}
          onCommit={(v) => update({ netTo: cents(v) })}
        />
        <Suspense fallback={<CircularProgress size={24} aria-label="Wird geladen" />}>
          {DAY_FILTERS.map(([label, key]) => (
            <DayFilterField
              key={key}
              label={label}
              value={filter[key]}
              onCommit={(day) => update({ [key]: day })}
            />
          ))}
        </Suspense>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Spalte"
          value={filter.matchColumn ?? 'title'}
          onChange={(event) => update({ matchColumn: event.target.value })}
          sx={fieldSx}
        >
          {VORGANG_MATCH_COLUMNS.map((column) => (
            <MenuItem key={column} value={column}>
              {VORGANG_MATCH_COLUMN_LABELS[column]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Vergleich"
          value={filter.matchMode ?? 'contains'}
          onChange={(event) => update({ matchMode: event.target.value })}
          sx={fieldSx}
        >
          {MATCH_MODES.map((mode) => (
            <MenuItem key={mode.id} value={mode.id}>
              {mode.name}
            </MenuItem>
          ))}
        </TextField>
        <ColumnValue
          key={filter.matchValue ?? ''}
          value={filter.matchValue ?? ''}
          onCommit={(value) =>
            update({
              matchValue: value,
              matchColumn: filter.matchColumn ?? 'title',
              matchMode: filter.matchMode ?? 'contains',
            })
          }
        />
      </Box>
    </Collapse>
  );
  const search = (placeholder: string, sx: SxProps<Theme>) => (
    <SearchFilterField
      value={filter.q}
      onSearch={(q) => update({ q })}
      onEnter={onEnter}
      placeholder={placeholder}
      sx={sx}
    />
  );
  if (phone) {
    const active = SHEET_FILTERS.filter(
      (key) => filter[key] !== undefined && filter[key] !== '' && filter[key] !== false,
    ).length;
    return (
      <Box sx={{ mb: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {search('Nr., Bezeichnung, Kunde', { flex: 1, minWidth: 0 })}
          <LazyFilterSheet active={active}>
            <Stack
              spacing={2}
              sx={{
                pt: 1,
                '& .MuiAutocomplete-root, & .MuiTextField-root': { maxWidth: 'none', flex: 'none' },
              }}
            >
              {picks}
              {moreButton}
            </Stack>
            {moreFilters}
          </LazyFilterSheet>
        </Box>
        <DashboardFilterChip filter={filter} update={update} />
      </Box>
    );
  }
  return (
    <Box sx={{ mb: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {search('Vorgangs-, Belegnummer, Bezeichnung, Kunde', { flex: '2 1 260px', maxWidth: 380 })}
        {picks}
        {moreButton}
      </Box>
      {moreFilters}
      <DashboardFilterChip filter={filter} update={update} />
    </Box>
  );
}

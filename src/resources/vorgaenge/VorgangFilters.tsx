import FilterListIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import {
  Autocomplete,
  Box,
  Button,
  Collapse,
  FormControlLabel,
  InputAdornment,
  MenuItem,
  Switch,
  TextField,
} from '@mui/material';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useGetList } from 'react-admin';
import { useEndpoint } from '../../api/useEndpoint';
import { useDebounced } from '../generic/useDebounced';
import { DashboardFilterChip } from './DashboardFilterChip';
import { DayFilterField } from './DayFilterField';
import { getAllHerkunft, type VorgangFilter } from './vorgangList.endpoints';
import { VORGANG_MATCH_COLUMN_LABELS, VORGANG_MATCH_COLUMNS } from './vorgangListTypes';

type Update = (changes: Record<string, string | number | boolean | undefined | null>) => void;
interface Option {
  id: number | string;
  name: string;
}

const MATCH_MODES = [
  { id: 'contains', name: 'Beinhaltet' },
  { id: 'startsWith', name: 'Beginnt mit' },
  { id: 'equals', name: 'Gleich' },
  { id: 'notEquals', name: 'Ungleich' },
];

const fieldSx = { minWidth: 150, flex: '1 1 150px', maxWidth: 220 };

/** One pick list filter (Verkäufer, Filiale, …): shows the chosen option's name, sends its id. */
export function PickFilter({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Option[];
  value: number | string | undefined;
  onChange: (id: number | string | undefined) => void;
}) {
  return (
    <Autocomplete
      size="small"
      sx={fieldSx}
      options={options}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      value={options.find((option) => option.id === value) ?? null}
      onChange={(_, option) => onChange(option?.id)}
      renderInput={(params) => <TextField {...params} label={label} />}
      noOptionsText="Keine Treffer"
    />
  );
}

const names = (data: { id: unknown; name?: unknown }[] | undefined): Option[] =>
  (data ?? []).map((row) => ({ id: Number(row.id), name: String(row.name ?? '') }));

/** A text box that reports its value on blur or Enter (ranges: no request per key). */
function LazyField({
  label,
  value,
  type,
  onCommit,
}: {
  label: string;
  value: string;
  type: 'number';
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  return (
    <TextField
      size="small"
      type={type}
      label={label}
      value={text}
      sx={{ ...fieldSx, maxWidth: 170 }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: type === 'number' ? { min: 0, step: 100 } : {} }}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => text !== value && onCommit(text)}
      onKeyDown={(event) => event.key === 'Enter' && onCommit(text)}
    />
  );
}

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
  const [text, setText] = useState(filter.q ?? '');
  const debounced = useDebounced(text, 350);
  useEffect(() => {
    if (debounced.trim() !== (filter.q ?? '')) update({ q: debounced.trim() });
    // Only typing changes the search; a filter change from elsewhere must not re-send an old text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
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
  const sort = { field: 'name', order: 'ASC' as const };
  const users = useGetList('admin-benutzer/users', { pagination: { page: 1, perPage: 500 }, sort });
  const branches = useGetList('admin-verkauf/branches', { pagination: { page: 1, perPage: 200 }, sort });
  const statuses = useGetList('admin/custom-statuses', { pagination: { page: 1, perPage: 200 } });
  const labels = useGetList('admin/labels', {
    pagination: { page: 1, perPage: 200 },
    sort,
    filter: { forVorgang: true },
  });
  const herkunft = useEndpoint(getAllHerkunft, {}, { staleTime: 60_000 });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') onEnter(text.trim());
  };
  return (
    <Box sx={{ mb: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          size="small"
          label="Suche"
          placeholder="Vorgangs-, Belegnummer, Bezeichnung, Kunde"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          sx={{ flex: '2 1 260px', maxWidth: 380 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <FormControlLabel
          control={<Switch checked={Boolean(filter.mine)} onChange={(_, on) => update({ mine: on })} />}
          label="Nur meine"
        />
        <PickFilter
          label="Verkäufer"
          options={names(users.data)}
          value={filter.sellerUserId}
          onChange={(id) => update({ sellerUserId: id })}
        />
        <PickFilter
          label="Filiale"
          options={names(branches.data)}
          value={filter.branchId}
          onChange={(id) => update({ branchId: id })}
        />
        <PickFilter
          label="Herkunft"
          options={(herkunft.data ?? []).map((h) => ({ id: h.name, name: h.name }))}
          value={filter.origin}
          onChange={(id) => update({ origin: id })}
        />
        <PickFilter
          label="Eigener Status"
          options={names(statuses.data)}
          value={filter.customStatusId}
          onChange={(id) => update({ customStatusId: id })}
        />
        <PickFilter
          label="Label"
          options={names(labels.data)}
          value={filter.labelId}
          onChange={(id) => update({ labelId: id })}
        />
        <Button
          size="small"
          startIcon={<FilterListIcon />}
          onClick={() => setMore(!more)}
          aria-expanded={more}
        >
          {more ? 'Weniger Filter' : 'Weitere Filter'}
        </Button>
      </Box>
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
          <DayFilterField
            label="Angelegt ab"
            value={filter.createdFrom}
            onCommit={(day) => update({ createdFrom: day })}
          />
          <DayFilterField
            label="Angelegt bis"
            value={filter.createdTo}
            onCommit={(day) => update({ createdTo: day })}
          />
          <DayFilterField
            label="Erw. Auftrag ab"
            value={filter.expectedFrom}
            onCommit={(day) => update({ expectedFrom: day })}
          />
          <DayFilterField
            label="Erw. Auftrag bis"
            value={filter.expectedTo}
            onCommit={(day) => update({ expectedTo: day })}
          />
          <DayFilterField
            label="Letzte Aktivität ab"
            value={filter.activityFrom}
            onCommit={(day) => update({ activityFrom: day })}
          />
          <DayFilterField
            label="Letzte Aktivität bis"
            value={filter.activityTo}
            onCommit={(day) => update({ activityTo: day })}
          />
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
      <DashboardFilterChip filter={filter} update={update} />
    </Box>
  );
}

function ColumnValue({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
  const [text, setText] = useState(value);
  return (
    <TextField
      size="small"
      label="Wert"
      value={text}
      sx={fieldSx}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => text !== value && onCommit(text)}
      onKeyDown={(event) => event.key === 'Enter' && onCommit(text)}
    />
  );
}

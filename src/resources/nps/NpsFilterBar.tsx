import { Checkbox, FormControlLabel, MenuItem, Stack, TextField } from '@mui/material';
import { useEndpoint } from '../../api/useEndpoint';
import { DayPicker } from '../../i18n/DayPicker';
import { getNpsFilterOptions } from './nps.endpoints';
import { NPS_CATEGORIES } from './nps.rules';
import { NPS_PERIODS, type NpsPeriod } from './npsPeriod.rules';

/** What the filter bar edits: the period choice (with its own days) and the other filters. */
export interface NpsFilterState {
  period: NpsPeriod;
  from: string | null;
  to: string | null;
  branchId: number | '';
  sellerId: number | '';
  category: 'kritiker' | 'passiv' | 'promoter' | '';
  withComment: boolean;
}

/** The filters of list and statistics: period, branch, seller, category, with comment. */
export function NpsFilterBar({
  value,
  onChange,
}: {
  value: NpsFilterState;
  /** The filters changed (only those). */
  onChange: (patch: Partial<NpsFilterState>) => void;
}) {
  const { data: options } = useEndpoint(getNpsFilterOptions, {}, { staleTime: 60_000 });
  const set = (patch: Partial<NpsFilterState>) => onChange(patch);
  const field = { size: 'small' as const, sx: { minWidth: { xs: '100%', sm: 180 } } };
  // "Alle …" is a real choice (empty value): shown, with the label above it.
  const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } };
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' } }}
      role="search"
      aria-label="Filter der NPS-Antworten"
    >
      <TextField
        select
        label="Zeitraum"
        value={value.period}
        onChange={(event) => set({ period: event.target.value as NpsPeriod })}
        {...field}
      >
        {NPS_PERIODS.map((period) => (
          <MenuItem key={period.id} value={period.id}>
            {period.name}
          </MenuItem>
        ))}
      </TextField>
      {value.period === 'custom' && (
        <>
          <Stack sx={{ minWidth: { xs: '100%', sm: 170 } }}>
            <DayPicker label="Von" value={value.from} onChange={(from) => set({ from })} />
          </Stack>
          <Stack sx={{ minWidth: { xs: '100%', sm: 170 } }}>
            <DayPicker label="Bis" value={value.to} onChange={(to) => set({ to })} />
          </Stack>
        </>
      )}
      <TextField
        select
        label="Filiale"
        slotProps={showEmpty}
        value={value.branchId}
        onChange={(event) => set({ branchId: event.target.value === '' ? '' : Number(event.target.value) })}
        {...field}
      >
        <MenuItem value="">Alle Filialen</MenuItem>
        {options?.branches.map((branch) => (
          <MenuItem key={branch.id} value={branch.id}>
            {branch.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Verkäufer"
        slotProps={showEmpty}
        value={value.sellerId}
        onChange={(event) => set({ sellerId: event.target.value === '' ? '' : Number(event.target.value) })}
        {...field}
      >
        <MenuItem value="">Alle Verkäufer</MenuItem>
        {options?.sellers.map((seller) => (
          <MenuItem key={seller.id} value={seller.id}>
            {seller.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Kategorie"
        slotProps={showEmpty}
        value={value.category}
        onChange={(event) => set({ category: event.target.value as NpsFilterState['category'] })}
        {...field}
      >
        <MenuItem value="">Alle Kategorien</MenuItem>
        {NPS_CATEGORIES.map((category) => (
          <MenuItem key={category.id} value={category.id}>
            {category.name}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={value.withComment}
            onChange={(event) => set({ withComment: event.target.checked })}
          />
        }
        label="Nur mit Kommentar"
      />
    </Stack>
  );
}

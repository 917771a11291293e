import { MenuItem, Stack, TextField } from '@mui/material';
import { useEndpoint } from '../../api/useEndpoint';
import { DayPicker } from '../../i18n/DayPicker';
import { getActivityFilterOptions } from './activities.endpoints';
import { ACTIVITY_TYPES } from './activityTypes';
import type { ActivityFilterKey } from './useActivityFilter';

type Filter = Partial<Record<ActivityFilterKey, string>>;

/** One select of the filter bar; "Alle" clears it. */
function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: readonly { id: string | number; name: string }[];
  onChange: (value: string | null) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      sx={{ minWidth: 150 }}
    >
      <MenuItem value="">Alle</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

const DONE_OPTIONS = [
  { id: 'false', name: 'Offen' },
  { id: 'true', name: 'Erledigt' },
];

/** Art, Grund, (for leads) Verkäufer and Filiale, Zeitraum in company days, erledigt. */
export function ActivityFilterBar({
  filter,
  onChange,
  error,
}: {
  filter: Filter;
  onChange: (changes: Partial<Record<ActivityFilterKey, string | null>>) => void;
  error?: string;
}) {
  const options = useEndpoint(getActivityFilterOptions, {});
  const data = options.data;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
      <Select
        label="Art"
        value={filter.activityType}
        options={ACTIVITY_TYPES}
        onChange={(value) => onChange({ activityType: value })}
      />
      <Select
        label="Grund"
        value={filter.reasonId}
        options={data?.reasons ?? []}
        onChange={(value) => onChange({ reasonId: value })}
      />
      {data?.lead && (
        <>
          <Select
            label="Verkäufer"
            value={filter.userId}
            options={data.sellers}
            onChange={(value) => onChange({ userId: value })}
          />
          <Select
            label="Filiale"
            value={filter.branchId}
            options={data.branches}
            onChange={(value) => onChange({ branchId: value })}
          />
        </>
      )}
      <Select
        label="Status"
        value={filter.done}
        options={DONE_OPTIONS}
        onChange={(value) => onChange({ done: value })}
      />
      <div style={{ width: 170 }}>
        <DayPicker label="Von" value={filter.from ?? null} onChange={(day) => onChange({ from: day })} />
      </div>
      <div style={{ width: 170 }}>
        <DayPicker
          label="Bis"
          value={filter.to ?? null}
          onChange={(day) => onChange({ to: day })}
          error={error}
        />
      </div>
    </Stack>
  );
}

import { Box, MenuItem, TextField } from '@mui/material';
import { DayPicker } from '../../i18n/DayPicker';

/** A select of a log's filter bar; "Alle" clears it. */
export function FilterSelect(props: {
  label: string;
  value: string | undefined;
  options: readonly { id: string; name: string }[];
  onChange: (value: string | null) => void;
  minWidth?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value ?? ''}
      onChange={(event) => props.onChange(event.target.value || null)}
      sx={{ minWidth: props.minWidth ?? 170, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
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

/** "Von" and "Bis" as company days (two halves of a phone's width), the error at "Bis". */
export function PeriodFilter(props: {
  from: string | undefined;
  to: string | undefined;
  error: string | undefined;
  onChange: (changes: { from?: string | null; to?: string | null }) => void;
}) {
  return (
    <>
      <Box sx={{ width: { xs: 'calc(50% - 4px)', sm: 170 } }}>
        <DayPicker label="Von" value={props.from ?? null} onChange={(day) => props.onChange({ from: day })} />
      </Box>
      <Box sx={{ width: { xs: 'calc(50% - 4px)', sm: 170 } }}>
        <DayPicker
          label="Bis"
          value={props.to ?? null}
          onChange={(day) => props.onChange({ to: day })}
          error={props.error}
        />
      </Box>
    </>
  );
}

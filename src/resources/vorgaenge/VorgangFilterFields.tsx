import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import type { FilterChoice } from './useFilterChoices';
import { fieldSx } from './vorgangFilterLists';

export type Update = (changes: Record<string, string | number | boolean | undefined | null>) => void;
type Option = FilterChoice;

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

/** A text box that reports its value on blur or Enter (ranges: no request per key). */
export function LazyField({
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

/** The value box of "Spalte … Vergleich … Wert": reports its text on blur or Enter. */
export function ColumnValue({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
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

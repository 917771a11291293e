import { Checkbox, FormControlLabel, FormGroup, FormHelperText, MenuItem, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import type { Problems } from './automationDraft';

/** A choice of one value; `none` adds an empty choice ("beliebig") that stands for null. */
export function SelectField<T extends string | number>(props: {
  label: string;
  value: T | null;
  choices: readonly { id: T; name: string }[];
  onChange: (value: T | null) => void;
  error?: string;
  none?: string;
}) {
  const { label, value, choices, onChange, error, none } = props;
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={value ?? ''}
      error={Boolean(error)}
      helperText={error}
      // The empty choice shows its name ("Alle Filialen") as a value, not as a placeholder under the label.
      slotProps={
        none === undefined
          ? undefined
          : {
              inputLabel: { shrink: true },
              select: {
                displayEmpty: true,
                renderValue: (selected) =>
                  selected === '' ? (
                    <em>{none}</em>
                  ) : (
                    (choices.find((choice) => String(choice.id) === String(selected))?.name ?? '')
                  ),
              },
            }
      }
      onChange={(event) => {
        const raw = event.target.value;
        if (raw === '') return onChange(null);
        const found = choices.find((choice) => String(choice.id) === String(raw));
        onChange(found ? found.id : null);
      }}
    >
      {none !== undefined && (
        <MenuItem value="">
          <em>{none}</em>
        </MenuItem>
      )}
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A few values to tick, as a labelled group of checkboxes in one row; what is chosen keeps the order of
 * `choices`. The error, else the helper text, below it.
 */
export function CheckboxGroupField<T extends string>(props: {
  label: string;
  value: readonly T[];
  choices: readonly T[];
  names: Record<T, string>;
  onChange: (value: T[]) => void;
  error?: string;
  helperText?: string;
}) {
  const { label, value, choices, names, onChange, error, helperText } = props;
  return (
    <>
      <FormGroup row role="group" aria-label={label}>
        {choices.map((choice) => (
          <FormControlLabel
            key={choice}
            label={names[choice]}
            control={
              <Checkbox
                checked={value.includes(choice)}
                onChange={(_, checked) =>
                  onChange(choices.filter((c) => (c === choice ? checked : value.includes(c))))
                }
              />
            }
          />
        ))}
      </FormGroup>
      {(error ?? helperText) && <FormHelperText error={Boolean(error)}>{error ?? helperText}</FormHelperText>}
    </>
  );
}

/** A choice of several values; none chosen means "alle". */
export function MultiSelectField<T extends string | number>(props: {
  label: string;
  value: readonly T[];
  choices: readonly { id: T; name: string }[];
  onChange: (value: T[]) => void;
  error?: string;
  empty?: string;
}) {
  const { label, value, choices, onChange, error, empty = 'alle' } = props;
  const nameOf = (id: T) => choices.find((choice) => choice.id === id)?.name ?? String(id);
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={label}
      value={value}
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) =>
            (selected as T[]).length ? (selected as T[]).map(nameOf).join(', ') : <em>{empty}</em>,
        },
      }}
      onChange={(event) => {
        const raw = event.target.value as unknown as (string | number)[];
        onChange(
          choices.filter((choice) => raw.some((id) => String(id) === String(choice.id))).map((c) => c.id),
        );
      }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A whole number; what is not one stays as typed for the check to name. */
export function NumberField(props: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
  min?: number;
  max?: number;
  helperText?: ReactNode;
}) {
  const { label, value, onChange, error, min, max, helperText } = props;
  return (
    <TextField
      fullWidth
      size="small"
      type="number"
      label={label}
      value={Number.isFinite(value) ? value : ''}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric' } }}
      onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
    />
  );
}

/** The problem at `path`, if any. */
export const at = (problems: Problems, path: string): string | undefined => problems[path];

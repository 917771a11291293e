import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { InputAdornment, TextField } from '@mui/material';
import { cloneElement, useDeferredValue, useState, type ReactElement } from 'react';
import { useListContext } from 'react-admin';

interface DeferredFilterProps {
  /** The filter's field, as react-admin's filter form reads it from the element. */
  source: string;
  alwaysOn?: boolean;
  label: string;
  /** The width the real input takes (react-admin's autocomplete: 160 px). */
  minWidth?: number;
  /** The real filter input (a reference input with its autocomplete). */
  children: ReactElement<Record<string, unknown>>;
}

/**
 * A filter input whose costly part, a reference look-up with MUI's Autocomplete (about a third of a cold Kunden
 * list's first render, and most of the second one it sets off right after mounting), is drawn just after the
 * list's first paint. Until then an empty input of the same size and label stands in its place, so nothing
 * moves. A filter that has a value, or that someone reaches for first, is the real input at once.
 */
export function DeferredFilter({
  source,
  alwaysOn: _alwaysOn,
  label,
  minWidth = 160,
  children,
  ...fromFilterForm
}: DeferredFilterProps & Record<string, unknown>) {
  const { filterValues } = useListContext();
  const [reachedFor, setReachedFor] = useState(false);
  const afterFirstPaint = useDeferredValue(true, false);
  if (afterFirstPaint || reachedFor || filterValues?.[source] != null)
    return cloneElement(children, fromFilterForm);
  return (
    <TextField
      size="small"
      margin="dense"
      label={label}
      // The arrow where MUI's Autocomplete puts its button.
      sx={{ width: minWidth, '& .MuiOutlinedInput-root': { pr: '9px' } }}
      onFocus={() => setReachedFor(true)}
      onMouseDown={() => setReachedFor(true)}
      slotProps={{
        input: {
          readOnly: true,
          endAdornment: (
            <InputAdornment position="end">
              <ArrowDropDownIcon />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

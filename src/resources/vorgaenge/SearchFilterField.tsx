import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useDebounced } from '../generic/useDebounced';

/**
 * The quick search of the Vorgänge list and the board: sends the trimmed text 350 ms after typing stops.
 * Only typing sends: a filter changed elsewhere must not re-send an old text.
 */
export function SearchFilterField({
  value,
  onSearch,
  placeholder,
  onEnter,
  sx,
}: {
  value: string | undefined;
  onSearch: (text: string) => void;
  placeholder: string;
  onEnter?: (text: string) => void;
  sx?: SxProps<Theme>;
}) {
  const [text, setText] = useState(value ?? '');
  const debounced = useDebounced(text, 350);
  useEffect(() => {
    if (debounced.trim() !== (value ?? '')) onSearch(debounced.trim());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return (
    <TextField
      size="small"
      label="Suche"
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Enter') onEnter?.(text.trim());
      }}
      sx={sx}
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
  );
}

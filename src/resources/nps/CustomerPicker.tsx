import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useEndpoint } from '../../api/useEndpoint';
import type { ResultOf } from '../../api/endpoint';
import { useDebounced } from '../generic/useDebounced';
import { getNpsCustomerOptions } from './nps.endpoints';

/** A customer offered by nps/customerOptions, with their latest Vorgänge. */
export type CustomerOption = ResultOf<typeof getNpsCustomerOptions>[number];

/** Searches customers by name, number or city (from two letters) and picks one. */
export function CustomerPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: CustomerOption | null;
  onChange: (customer: CustomerOption | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [input, setInput] = useState('');
  const q = useDebounced(input.trim(), 300);
  const { data = [], isFetching } = useEndpoint(
    getNpsCustomerOptions,
    { query: { q } },
    { enabled: q.length >= 2, placeholderData: keepPreviousData },
  );
  return (
    <Autocomplete
      value={value}
      options={q.length >= 2 ? data : []}
      filterOptions={(options) => options}
      getOptionLabel={(option) => `${option.name}${option.city ? `, ${option.city}` : ''}`}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onChange={(_event, customer) => onChange(customer)}
      onInputChange={(_event, text) => setInput(text)}
      loading={isFetching}
      disabled={disabled}
      noOptionsText={q.length < 2 ? 'Bitte mindestens 2 Zeichen eingeben' : 'Kein Kunde gefunden'}
      loadingText="Suche …"
      renderInput={(params) => (
        <TextField
          {...params}
          label="Kunde"
          required
          error={Boolean(error)}
          helperText={error ?? 'Name, Kundennummer oder Ort'}
        />
      )}
    />
  );
}

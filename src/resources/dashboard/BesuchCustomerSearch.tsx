import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';

/** A customer to capture a Besuch for, as the search offers it. */
export interface CustomerOption {
  id: number;
  displayName: string | null;
  city?: string | null;
}

/** "Kunde" of "Besuch erfassen": a search over the customers by name. */
export function CustomerSearch({ onChange }: { onChange: (customer: CustomerOption | null) => void }) {
  const [text, setText] = useState('');
  const { data = [], isFetching } = useGetList<CustomerOption>(
    'kunden',
    {
      filter: { q: text },
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'displayName', order: 'ASC' },
    },
    { enabled: text.trim().length >= 2 },
  );
  return (
    <Autocomplete
      options={data}
      loading={isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(option) =>
        `${option.displayName ?? option.id}${option.city ? `, ${option.city}` : ''}`
      }
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_, input) => setText(input)}
      onChange={(_, option) => onChange(option)}
      noOptionsText={text.trim().length < 2 ? 'Bitte mindestens 2 Zeichen eingeben' : 'Kein Kunde gefunden'}
      renderInput={(params) => <TextField {...params} label="Kunde" required />}
    />
  );
}

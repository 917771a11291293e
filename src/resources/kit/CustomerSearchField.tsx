import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useGetList } from 'react-admin';
import { useOnline } from '../../offline/online';
import { openedCustomersFound } from './openedRecords';

/** A customer as the search offers it. */
export interface CustomerOption {
  id: number;
  displayName: string | null;
  city?: string | null;
}

/** The customers this person opened lately on this device that the search finds (what works offline). */
function openedCustomers(accountId: string | undefined, text: string): CustomerOption[] {
  if (!accountId) return [];
  return openedCustomersFound(accountId, text).map((record) => ({
    id: record.id,
    displayName: record.title,
  }));
}

/**
 * "Kunde" of a form: the customer list's quick search, 10 at most, from two letters on. With `offlineRecent`
 * (a form that can be saved without a network, as "Besuch erfassen") it offers, offline, the customers opened
 * lately on this device (their pages are kept there) and says so, instead of "Kein Kunde gefunden" for a
 * customer that exists.
 */
export function CustomerSearchField({
  value,
  onChange,
  offlineRecent = false,
}: {
  value?: CustomerOption | null;
  onChange: (customer: CustomerOption | null) => void;
  offlineRecent?: boolean;
}) {
  const online = useOnline();
  const { identity } = useGetIdentity();
  const [text, setText] = useState('');
  const offline = offlineRecent && !online;
  const { data = [], isFetching } = useGetList<CustomerOption>(
    'kunden',
    {
      filter: { q: text },
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'displayName', order: 'ASC' },
    },
    { enabled: !offline && text.trim().length >= 2 },
  );
  return (
    <Autocomplete
      value={value}
      options={
        offline ? openedCustomers(identity?.id === undefined ? undefined : String(identity.id), text) : data
      }
      loading={!offline && isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(option) =>
        `${option.displayName ?? option.id}${option.city ? `, ${option.city}` : ''}`
      }
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_, input) => setText(input)}
      onChange={(_, option) => onChange(option)}
      noOptionsText={
        offline
          ? 'Ohne Verbindung: nur zuletzt geöffnete Kunden, keiner passt'
          : text.trim().length < 2
            ? 'Bitte mindestens 2 Zeichen eingeben'
            : 'Kein Kunde gefunden'
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Kunde"
          required
          helperText={offline ? 'Ohne Verbindung: Kunden, die Sie zuletzt geöffnet haben' : undefined}
        />
      )}
    />
  );
}

import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetIdentity, useGetList } from 'react-admin';
import { useOnline } from '../../offline/online';
import { customersMatching as matching } from './customersMatching';
import { recentlyOpened } from './recentlyOpened';

/** A customer as the search offers it. */
export interface CustomerOption {
  id: number;
  displayName: string | null;
  city?: string | null;
}

/**
 * The customers this device keeps for the person (their pages in the kept copy, the customers of Mein Tag's
 * Termine and todos) and the ones opened lately, read once the field is used without network.
 */
function useCustomersOnDevice(accountId: string | undefined, wanted: boolean): CustomerOption[] {
  const [kept, setKept] = useState<CustomerOption[]>([]);
  useEffect(() => {
    if (!accountId || !wanted) return;
    let current = true;
    import('../../offline/kept/keptStore')
      .then(({ keptCustomers }) => keptCustomers(accountId))
      .then(
        (customers) => current && setKept(customers),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [accountId, wanted]);
  if (!accountId || !wanted) return [];
  const opened = recentlyOpened(accountId)
    .filter((record) => record.kind === 'kunde' && !kept.some((customer) => customer.id === record.id))
    .map((record) => ({ id: record.id, displayName: record.title }));
  return [...kept, ...opened];
}

/**
 * "Kunde" of a form: the customer list's quick search, 10 at most, from two letters on. With `offlineRecent`
 * (a form that can be saved without a network, as "Besuch erfassen") it offers, offline, every customer this
 * device keeps (the kept copy's customers, Mein Tag's, the ones opened lately) and says so, instead of "Kein
 * Kunde gefunden" for a customer that exists.
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
  const onDevice = useCustomersOnDevice(
    identity?.id === undefined ? undefined : String(identity.id),
    offline,
  );
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
      options={offline ? matching(onDevice, text) : data}
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
          ? 'Ohne Verbindung: kein auf diesem Gerät gespeicherter Kunde passt'
          : text.trim().length < 2
            ? 'Bitte mindestens 2 Zeichen eingeben'
            : 'Kein Kunde gefunden'
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Kunde"
          required
          helperText={
            offline ? 'Ohne Verbindung: die Kunden, die auf diesem Gerät gespeichert sind' : undefined
          }
        />
      )}
    />
  );
}

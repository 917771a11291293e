import { MenuItem, TextField } from '@mui/material';
import { useEndpoint } from '../../api/useEndpoint';
import { useOnline } from '../../offline/online';
import { getVorgaengeForCustomer } from '../customers/customers.endpoints';

/**
 * "Vorgang (optional)": one of the chosen customer's Vorgänge, or none; empty and disabled until a customer is
 * chosen. Without a network the customer's Vorgänge come from the device; when they are not kept there, it says so.
 */
export function CustomerVorgangField(props: {
  customerId: number | null;
  value: number | '';
  onChange: (vorgangId: number | '') => void;
  disabled?: boolean;
}) {
  const online = useOnline();
  const vorgaenge = useEndpoint(
    getVorgaengeForCustomer,
    { params: { id: props.customerId ?? 0 } },
    { enabled: props.customerId !== null },
  );
  const missing = props.customerId !== null && !online && vorgaenge.isError;
  return (
    <TextField
      select
      label="Vorgang (optional)"
      value={props.value}
      disabled={props.disabled || props.customerId === null || !vorgaenge.data?.length}
      onChange={(event) => props.onChange(event.target.value === '' ? '' : Number(event.target.value))}
      helperText={
        missing
          ? 'Ohne Verbindung: die Vorgänge dieses Kunden sind auf diesem Gerät nicht gespeichert.'
          : undefined
      }
    >
      <MenuItem value="">Kein Vorgang</MenuItem>
      {(vorgaenge.data ?? []).map((vorgang) => (
        <MenuItem key={vorgang.id} value={vorgang.id}>
          {vorgang.vorgangNumber} · {vorgang.title}
        </MenuItem>
      ))}
    </TextField>
  );
}

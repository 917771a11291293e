import { MenuItem, Select } from '@mui/material';
import { useGetList } from 'react-admin';
import { useEndpointClient } from '../../../api/useEndpoint';
import { setSellerForVorgang } from '../vorgang.endpoints';
import type { VorgangDetail } from '../vorgangPageTypes';
import { useVorgangChange } from './useVorgangChange';

interface User {
  id: number;
  name: string;
  active?: boolean;
}

/**
 * The Verkäufer chosen in place among the active users (the current one stays shown even when inactive); the
 * change lands in the Vorgang's history (vorgang/setSellerForVorgang).
 */
export function SellerSelect({ vorgang, disabled = false }: { vorgang: VorgangDetail; disabled?: boolean }) {
  const api = useEndpointClient();
  const change = useVorgangChange();
  const { data: users = [] } = useGetList<User>('admin-benutzer/users', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' },
  });
  const options = users.filter((user) => user.active !== false || user.id === vorgang.sellerUserId);
  const current = vorgang.sellerUserId;
  const choose = (value: string) => {
    const sellerUserId = value ? Number(value) : null;
    const name = options.find((user) => user.id === sellerUserId)?.name ?? 'keiner';
    return change(
      () =>
        api.call(setSellerForVorgang, {
          body: { vorgangId: vorgang.id, version: vorgang.version, sellerUserId },
        }),
      `Verkäufer: ${name}.`,
    );
  };
  return (
    <Select
      variant="standard"
      disableUnderline
      displayEmpty
      disabled={disabled}
      value={current !== null && options.some((user) => user.id === current) ? String(current) : ''}
      onChange={(event) => void choose(event.target.value)}
      renderValue={(value) =>
        options.find((user) => String(user.id) === value)?.name ?? vorgang.seller ?? '–'
      }
      inputProps={{ 'aria-label': 'Verkäufer' }}
      sx={{ font: 'inherit', '& .MuiSelect-select': { py: 0 } }}
    >
      <MenuItem value="">Kein Verkäufer</MenuItem>
      {options.map((user) => (
        <MenuItem key={user.id} value={String(user.id)}>
          {user.name}
        </MenuItem>
      ))}
    </Select>
  );
}

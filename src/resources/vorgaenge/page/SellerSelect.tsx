import { MenuItem, Select } from '@mui/material';
import { useEndpoint, useEndpointClient } from '../../../api/useEndpoint';
import { getSellerOptions, setSellerForVorgang } from '../vorgang.endpoints';
import type { VorgangDetail } from '../vorgangPageTypes';
import { useVorgangChange } from './useVorgangChange';

/**
 * The Verkäufer chosen in place among the active people with customer access, those of the Vorgang's branch
 * first, the others with their branch's name (vorgang/sellerOptions; the server refuses anyone else); the
 * current one stays shown even when no longer offered. The change lands in the Vorgang's history (vorgang/setSellerForVorgang).
 */
export function SellerSelect({ vorgang, disabled = false }: { vorgang: VorgangDetail; disabled?: boolean }) {
  const api = useEndpointClient();
  const change = useVorgangChange();
  const { data: options = [] } = useEndpoint(
    getSellerOptions,
    { query: { vorgangId: vorgang.id } },
    { staleTime: 60_000 },
  );
  const ofBranch = options.filter((option) => option.sameBranch);
  const others = options.filter((option) => !option.sameBranch);
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
  const item = (option: (typeof options)[number], withBranch: boolean) => (
    <MenuItem key={option.id} value={String(option.id)}>
      {withBranch && option.branchName ? `${option.name} (${option.branchName})` : option.name}
    </MenuItem>
  );
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
      {/* No headings between them: this Select makes every child an option that sets its value. */}
      {ofBranch.map((option) => item(option, false))}
      {others.map((option) => item(option, true))}
    </Select>
  );
}

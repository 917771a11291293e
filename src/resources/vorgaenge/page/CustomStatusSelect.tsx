import { Box, MenuItem, TextField } from '@mui/material';
import { useGetList } from 'react-admin';
import { useEndpointClient } from '../../../api/useEndpoint';
import { setCustomStatusForVorgang } from '../vorgang.endpoints';
import type { VorgangDetail } from '../vorgangPageTypes';
import { useVorgangChange } from './useVorgangChange';

interface CustomStatus {
  id: number;
  name: string;
  color: string;
}

const Dot = ({ color }: { color: string }) => (
  <Box component="span" sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: color, flex: 'none' }} />
);

/** The Eigener Status chosen in place; moves the Vorgang to the end of that column of the board. */
export function CustomStatusSelect({
  vorgang,
  disabled = false,
}: {
  vorgang: VorgangDetail;
  disabled?: boolean;
}) {
  const api = useEndpointClient();
  const change = useVorgangChange();
  const { data: statuses = [] } = useGetList<CustomStatus>('admin/custom-statuses', {
    filter: { active: true },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'sortOrder', order: 'ASC' },
  });
  const current = vorgang.customStatus;
  // An inactive status still shows as the current one, but cannot be chosen again.
  const options = current && !statuses.some((s) => s.id === current.id) ? [current, ...statuses] : statuses;
  const choose = (value: string) => {
    const customStatusId = value ? Number(value) : null;
    const name = options.find((s) => s.id === customStatusId)?.name ?? 'Ohne Status';
    return change(
      () =>
        api.call(setCustomStatusForVorgang, {
          body: { vorgangId: vorgang.id, customStatusId, version: vorgang.version, via: 'page' },
        }),
      `Eigener Status: ${name}.`,
    );
  };
  return (
    <TextField
      select
      size="small"
      label="Eigener Status"
      value={current ? String(current.id) : ''}
      disabled={disabled}
      onChange={(event) => void choose(event.target.value)}
      sx={{ minWidth: 200 }}
      slotProps={{
        // "Ohne Status" is a shown value (displayEmpty), not an empty field: the label must sit above it.
        inputLabel: { shrink: true },
        select: {
          renderValue: (value) => {
            const status = options.find((s) => String(s.id) === value);
            return (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                {status && <Dot color={status.color} />}
                {status?.name ?? 'Ohne Status'}
              </Box>
            );
          },
          displayEmpty: true,
        },
      }}
    >
      <MenuItem value="">Ohne Status</MenuItem>
      {options.map((status) => (
        <MenuItem key={status.id} value={String(status.id)} sx={{ gap: 1 }}>
          <Dot color={status.color} />
          {status.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

import SearchIcon from '@mui/icons-material/Search';
import { Box, FormControlLabel, InputAdornment, Switch, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import { useDebounced } from '../../generic/useDebounced';
import { PickFilter } from '../VorgangFilters';
import type { KanbanFilter, KanbanFilterUpdate } from './useKanbanFilter';

const names = (data: { id: unknown; name?: unknown }[] | undefined) =>
  (data ?? []).map((row) => ({ id: Number(row.id), name: String(row.name ?? '') }));

/** Suche, "Nur meine", Verkäufer, Filiale and Label: the Vorgänge list's filters that make sense on the board. */
export function KanbanFilters({ filter, update }: { filter: KanbanFilter; update: KanbanFilterUpdate }) {
  const [text, setText] = useState(filter.q ?? '');
  const debounced = useDebounced(text, 350);
  useEffect(() => {
    if (debounced.trim() !== (filter.q ?? '')) update({ q: debounced.trim() });
    // Only typing changes the search; a filter change from elsewhere must not re-send an old text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const sort = { field: 'name', order: 'ASC' as const };
  const users = useGetList('admin-benutzer/users', { pagination: { page: 1, perPage: 500 }, sort });
  const branches = useGetList('admin-verkauf/branches', { pagination: { page: 1, perPage: 200 }, sort });
  const labels = useGetList('admin/labels', {
    pagination: { page: 1, perPage: 200 },
    sort,
    filter: { forVorgang: true },
  });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', flex: 1 }}>
      <TextField
        size="small"
        label="Suche"
        placeholder="Vorgangsnummer, Bezeichnung, Kunde"
        value={text}
        onChange={(event) => setText(event.target.value)}
        sx={{ flex: '2 1 220px', maxWidth: 340 }}
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
      <FormControlLabel
        control={<Switch checked={Boolean(filter.mine)} onChange={(_, on) => update({ mine: on })} />}
        label="Nur meine"
      />
      <PickFilter
        label="Verkäufer"
        options={names(users.data)}
        value={filter.sellerUserId}
        onChange={(id) => update({ sellerUserId: id })}
      />
      <PickFilter
        label="Filiale"
        options={names(branches.data)}
        value={filter.branchId}
        onChange={(id) => update({ branchId: id })}
      />
      <PickFilter
        label="Label"
        options={names(labels.data)}
        value={filter.labelId}
        onChange={(id) => update({ labelId: id })}
      />
    </Box>
  );
}

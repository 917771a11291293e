import { Box, Stack } from '@mui/material';
import { AfterFirstPaint } from '../../generic/AfterFirstPaint';
import { LazyFilterSheet } from '../../kit/LazyFilterSheet';
import { WhoseFilters } from '../WhoseFilters';
import { SearchFilterField } from '../SearchFilterField';
import { useFilterChoices } from '../useFilterChoices';
import { PickFilter } from '../VorgangFilterFields';
import { PickFiltersPlaceholder } from './PickFiltersPlaceholder';
import type { KanbanFilter, KanbanFilterUpdate } from './useKanbanFilter';

/** The filters besides the search: "Nur meine", Verkäufer, Filiale and Label. */
function PickFilters({ filter, update }: { filter: KanbanFilter; update: KanbanFilterUpdate }) {
  const { sellers, branches, labels } = useFilterChoices();
  return (
    <>
      <WhoseFilters filter={filter} update={update} sellers={sellers} branches={branches} />
      <PickFilter
        label="Label"
        options={labels}
        value={filter.labelId}
        onChange={(id) => update({ labelId: id })}
      />
    </>
  );
}

/**
 * Suche, "Nur meine", Verkäufer, Filiale and Label: the Vorgänge list's filters that make sense on the board. On a
 * phone the search stays and the others wait behind the "Filter" button, so the first column is on the first screen.
 */
export function KanbanFilters({
  filter,
  update,
  phone,
}: {
  filter: KanbanFilter;
  update: KanbanFilterUpdate;
  phone: boolean;
}) {
  if (phone) {
    const active = [filter.mine, filter.sellerUserId, filter.branchId, filter.labelId].filter(Boolean).length;
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', width: '100%' }}>
        <SearchFilterField
          value={filter.q}
          onSearch={(q) => update({ q })}
          placeholder="Nr., Bezeichnung, Kunde"
          sx={{ flex: 1, minWidth: 0 }}
        />
        <LazyFilterSheet active={active}>
          <Stack spacing={2} sx={{ pt: 1, '& .MuiAutocomplete-root': { maxWidth: 'none', flex: 'none' } }}>
            <PickFilters filter={filter} update={update} />
          </Stack>
        </LazyFilterSheet>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', flex: 1 }}>
      <SearchFilterField
        value={filter.q}
        onSearch={(q) => update({ q })}
        placeholder="Vorgangsnummer, Bezeichnung, Kunde"
        sx={{ flex: '2 1 220px', maxWidth: 340 }}
      />
      <AfterFirstPaint placeholder={<PickFiltersPlaceholder />}>
        <PickFilters filter={filter} update={update} />
      </AfterFirstPaint>
    </Box>
  );
}

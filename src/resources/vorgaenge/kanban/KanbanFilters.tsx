import { Box } from '@mui/material';
import { WhoseFilters } from '../WhoseFilters';
import { SearchFilterField } from '../SearchFilterField';
import { useFilterChoices } from '../useFilterChoices';
import { PickFilter } from '../VorgangFilters';
import type { KanbanFilter, KanbanFilterUpdate } from './useKanbanFilter';

/** Suche, "Nur meine", Verkäufer, Filiale and Label: the Vorgänge list's filters that make sense on the board. */
export function KanbanFilters({ filter, update }: { filter: KanbanFilter; update: KanbanFilterUpdate }) {
  const { sellers, branches, labels } = useFilterChoices();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', flex: 1 }}>
      <SearchFilterField
        value={filter.q}
        onSearch={(q) => update({ q })}
        placeholder="Vorgangsnummer, Bezeichnung, Kunde"
        sx={{ flex: '2 1 220px', maxWidth: 340 }}
      />
      <WhoseFilters filter={filter} update={update} sellers={sellers} branches={branches} />
      <PickFilter
        label="Label"
        options={labels}
        value={filter.labelId}
        onChange={(id) => update({ labelId: id })}
      />
    </Box>
  );
}

import { FormControlLabel, Switch } from '@mui/material';
import type { FilterChoice } from './useFilterChoices';
import { PickFilter } from './VorgangFilterFields';

/** "Nur meine", Verkäufer and Filiale: whose Vorgänge the list or the board shows. */
export function WhoseFilters({
  filter,
  update,
  sellers,
  branches,
}: {
  filter: { mine?: boolean; sellerUserId?: number; branchId?: number };
  update: (changes: { mine?: boolean; sellerUserId?: number; branchId?: number }) => void;
  sellers: FilterChoice[];
  branches: FilterChoice[];
}) {
  return (
    <>
      <FormControlLabel
        control={<Switch checked={Boolean(filter.mine)} onChange={(_, on) => update({ mine: on })} />}
        label="Nur meine"
      />
      <PickFilter
        label="Verkäufer"
        options={sellers}
        value={filter.sellerUserId}
        onChange={(id) => update({ sellerUserId: id as number | undefined })}
      />
      <PickFilter
        label="Filiale"
        options={branches}
        value={filter.branchId}
        onChange={(id) => update({ branchId: id as number | undefined })}
      />
    </>
  );
}

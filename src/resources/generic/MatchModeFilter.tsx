import { Stack } from '@mui/material';
import { SelectInput, TextInput } from 'react-admin';
import { MATCH_MODE_CHOICES } from '../../i18n/crmMessages';

/** A text column filter with the match modes of SPEC §1 (Beginnt mit, Beinhaltet, Gleich, Ungleich). */
export function MatchModeFilter({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  return (
    <Stack direction="row" spacing={1} alignItems="flex-start">
      <SelectInput
        source={`${source}.mode`}
        label="crm.filter.mode"
        choices={MATCH_MODE_CHOICES}
        helperText={false}
        sx={{ minWidth: 140 }}
      />
      <TextInput source={`${source}.value`} label={label} helperText={false} resettable />
    </Stack>
  );
}

import { FormControlLabel, Switch } from '@mui/material';
import { useStore } from 'react-admin';

/** "Änderungen anzeigen": shows or hides the Änderungsverlauf on a timeline (remembered per browser). */
export function useShowChanges() {
  return useStore<boolean>('timeline.showChanges', true);
}

export function ChangesSwitch({ value, onChange }: { value: boolean; onChange: (value: boolean) => void }) {
  return (
    <FormControlLabel
      sx={{ alignSelf: 'flex-start', ml: 0 }}
      control={<Switch size="small" checked={value} onChange={(event) => onChange(event.target.checked)} />}
      label="Änderungen anzeigen"
    />
  );
}

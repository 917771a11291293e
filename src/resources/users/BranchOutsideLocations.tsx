import { Alert } from '@mui/material';
import { useGetOne } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useDirectoryLocations } from './directory';

/**
 * Right below the Filiale: a warning while the chosen Filiale is none of the person's locations in the
 * directory ("Standorte laut Verzeichnis"). Saving stays possible (someone may help out elsewhere for a while),
 * but usually the choice is a slip.
 */
export function BranchOutsideLocations() {
  const azureId = useWatch<{ azureOid?: string }>({ name: 'azureOid' });
  const branchId = useWatch<{ branchId?: number | null }>({ name: 'branchId' });
  const chosen = typeof branchId === 'number' ? branchId : null;
  const { data: locations = [] } = useDirectoryLocations(azureId || undefined);
  const { data: branch } = useGetOne<{ id: number; name: string }>(
    'admin-verkauf/branches',
    { id: chosen! },
    { enabled: chosen !== null },
  );
  if (chosen === null || locations.length === 0 || branch?.id !== chosen) return null;
  if (locations.some((location) => location.branchId === chosen)) return null;
  const names = locations.map((location) => location.name).join(', ');
  return (
    <Alert severity="warning" role="status" sx={{ mb: 1 }}>
      Die Filiale {branch.name} gehört nicht zu den Standorten laut Verzeichnis ({names}). Bitte prüfen Sie
      die Filiale, bevor Sie speichern.
    </Alert>
  );
}

import { Alert, Chip, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useDirectoryLocations } from './directory';

/**
 * The person's APP_STANDORT groups from the directory; with `suggestBranch`, an empty Filiale is
 * filled with the branch of the first location.
 */
export function DirectoryLocations({ suggestBranch = false }: { suggestBranch?: boolean }) {
  const azureId = useWatch<{ azureOid?: string }>({ name: 'azureOid' });
  const { data: locations = [], isPending } = useDirectoryLocations(azureId || undefined);
  const { getValues, setValue } = useFormContext();

  useEffect(() => {
    const branchId = locations.find((location) => location.branchId !== null)?.branchId;
    if (suggestBranch && branchId && !getValues('branchId'))
      setValue('branchId', branchId, { shouldDirty: true });
  }, [locations, suggestBranch, getValues, setValue]);

  if (!azureId || isPending) return null;
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
      <Typography variant="body2" color="text.secondary">
        Standorte laut Verzeichnis:
      </Typography>
      {locations.length === 0 ? (
        <Alert severity="info" sx={{ py: 0 }}>
          Keine Standortgruppe (APP_STANDORT_…) zugeordnet.
        </Alert>
      ) : (
        locations.map((location) => (
          <Chip
            key={location.group}
            label={location.name}
            title={location.group}
            size="small"
            color={location.branchId ? 'primary' : 'default'}
            variant="outlined"
          />
        ))
      )}
    </Stack>
  );
}

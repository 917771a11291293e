import { Box, Typography } from '@mui/material';
import { endpointKey } from '../../api/endpoint';
import { useEndpointClient } from '../../api/useEndpoint';
import { FilesPanel } from './FilesPanel';
import { getFilesForActivity, uploadActivityFile } from '../files/files.endpoints';

/** The files of one activity in its dialog: the shared files panel on the activity's endpoints. */
export function ActivityFiles({ activityId }: { activityId: number }) {
  const api = useEndpointClient();
  return (
    <Box component="section" aria-labelledby="activity-files-title" sx={{ px: 3, pb: 2 }}>
      <Typography
        id="activity-files-title"
        variant="subtitle1"
        component="h2"
        sx={{ fontWeight: 600, mb: 1 }}
      >
        Dateien zur Aktivität
      </Typography>
      <FilesPanel
        queryKey={[...endpointKey(getFilesForActivity), activityId]}
        load={() => api.call(getFilesForActivity, { params: { id: activityId } })}
        upload={(file, onProgress) =>
          api.upload(uploadActivityFile, { params: { id: activityId } }, file, onProgress)
        }
      />
    </Box>
  );
}

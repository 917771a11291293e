import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { getFilesForActivity } from '../files/files.endpoints';
import { timelineKey } from '../customers/timeline/timelineTypes';
import { PhotoPicker, photosCount, type PickedPhoto } from './PhotoPicker';
import { sendActivityPhotos } from './sendActivityPhotos';

/** The dialog behind "Fotos hinzufügen": pick, make small, send; what failed stays with its reason. */
export default function AddPhotosDialog({
  activityId,
  customerId,
  onClose,
}: {
  activityId: number;
  customerId: number;
  onClose: () => void;
}) {
  const api = useEndpointClient();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [photos, setPhotos] = useState<readonly PickedPhoto[]>([]);
  const [progress, setProgress] = useState<string | null>(null);
  const pending = photos.filter((photo) => !photo.stored);
  const send = async () => {
    const sent = await sendActivityPhotos(api, activityId, photos, (index, of) =>
      setProgress(`Foto ${index} von ${of} wird gesendet …`),
    );
    setProgress(null);
    setPhotos(sent);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: timelineKey(customerId) }),
      queryClient.invalidateQueries({ queryKey: [getFilesForActivity.path] }),
    ]);
    if (sent.every((photo) => photo.stored)) {
      notify(`${photosCount(pending.length)} hinzugefügt.`, { type: 'success' });
      onClose();
    }
  };
  return (
    <Dialog
      open
      onClose={progress ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      aria-labelledby="fotos-titel"
    >
      <DialogTitle id="fotos-titel">Fotos hinzufügen</DialogTitle>
      <DialogContent>
        <PhotoPicker photos={photos} onChange={(update) => setPhotos(update)} disabled={progress !== null} />
        {progress && (
          <>
            <LinearProgress sx={{ mt: 2 }} />
            <Typography variant="body2">{progress}</Typography>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ p: 2, gap: 1 }}>
        <Button onClick={onClose} disabled={progress !== null} size="large">
          Schließen
        </Button>
        <Button
          variant="contained"
          size="large"
          disabled={!pending.length || progress !== null}
          onClick={() => void send()}
          sx={{ flex: 1 }}
        >
          Hinzufügen
        </Button>
      </DialogActions>
    </Dialog>
  );
}

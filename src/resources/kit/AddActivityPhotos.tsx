import AddPhotoIcon from '@mui/icons-material/AddAPhoto';
import { Chip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';

// The dialog (photo picker, scaling, sending) loads when it is opened: the chip is on every Besuch of a timeline,
// and the customer page's first screen need not carry it.
const AddPhotosDialog = lazy(() => import('./AddActivityPhotosDialog'));

/**
 * "Fotos hinzufügen" on an activity's timeline entry: photos for a Besuch that was stored without them (a photo
 * refused or not sent), or taken later. Made small on the device and sent each under its own key, as the capture
 * form does; what failed stays in the dialog with its reason.
 */
export function AddActivityPhotos({ activityId, customerId }: { activityId: number; customerId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Chip
        size="small"
        icon={<AddPhotoIcon />}
        label="Fotos hinzufügen"
        onClick={() => setOpen(true)}
        sx={{ mt: 0.5, ml: 0.5 }}
      />
      {open && (
        <Suspense fallback={null}>
          <AddPhotosDialog activityId={activityId} customerId={customerId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

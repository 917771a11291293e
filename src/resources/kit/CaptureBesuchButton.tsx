import AddAPhotoIcon from '@mui/icons-material/AddAPhotoOutlined';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { loadBesuchDialog, type BesuchTarget } from '../dashboard';

// Loaded when it is tapped: the page's first paint does not wait for the capture form.
const BesuchDialog = lazy(loadBesuchDialog);

/** "Besuch erfassen" for a record page's customer (and Vorgang): the capture form with photos opens for it. */
export function CaptureBesuchButton({ target }: { target: BesuchTarget }) {
  const [capturing, setCapturing] = useState(false);
  return (
    <>
      <Button variant="contained" startIcon={<AddAPhotoIcon />} onClick={() => setCapturing(true)}>
        Besuch erfassen
      </Button>
      {capturing && (
        <Suspense fallback={null}>
          <BesuchDialog target={target} onClose={() => setCapturing(false)} />
        </Suspense>
      )}
    </>
  );
}

import CloseIcon from '@mui/icons-material/Close';
import {
  CircularProgress,
  Dialog,
  DialogContent,
  IconButton,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { lazy, Suspense } from 'react';

const VorgangPage = lazy(() => import('../page/VorgangPage'));

/** The opened card: the Vorgang's own page over the board (full screen on a phone); closing goes back. */
export function VorgangDialog({ vorgangId, onClose }: { vorgangId: number; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="lg"
      aria-label="Vorgang"
      slotProps={{ paper: { sx: { bgcolor: 'background.default' } } }}
    >
      <IconButton
        aria-label="Schließen"
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8, zIndex: 1 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ p: 0, pt: { xs: 5, sm: 1 } }}>
        <Suspense fallback={<CircularProgress sx={{ m: 4 }} />}>
          <VorgangPage vorgangId={vorgangId} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { DownloadItem } from './downloads.endpoints';
import { useFileActions } from './useFileActions';

/** Shows a PDF or an image in the page, with a download button. */
export function FilePreviewDialog({ item, onClose }: { item: DownloadItem | null; onClose: () => void }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { fetchBlob, download } = useFileActions();
  const blob = useQuery({
    queryKey: ['download', 'preview', item?.id],
    queryFn: () => fetchBlob(item!),
    enabled: Boolean(item),
    gcTime: 0,
  });
  // The server sends the bytes as an attachment; the page shows them from a local copy of its own type.
  const url = useMemo(
    () =>
      blob.data && item ? URL.createObjectURL(new Blob([blob.data], { type: item.mimeType ?? '' })) : null,
    [blob.data, item],
  );
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const problem = blob.error ? blob.error.message : null;

  return (
    <Dialog open={Boolean(item)} onClose={onClose} fullScreen={phone} maxWidth="lg" fullWidth>
      <DialogTitle sx={{ pr: 6, overflowWrap: 'anywhere' }}>
        {item?.name}
        <IconButton
          aria-label="Vorschau schließen"
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, height: phone ? undefined : '75vh', display: 'flex' }}>
        {problem && (
          <Alert severity="error" sx={{ m: 2 }}>
            {problem}
          </Alert>
        )}
        {!problem && !url && (
          <Box sx={{ m: 'auto', p: 4 }}>
            <CircularProgress aria-label="Vorschau wird geladen" />
          </Box>
        )}
        {url && item?.mimeType === 'application/pdf' && (
          <Box
            component="iframe"
            title={`Vorschau ${item.name}`}
            src={url}
            sx={{ border: 0, width: '100%', flex: 1, minHeight: '60vh' }}
          />
        )}
        {url && item?.mimeType?.startsWith('image/') && (
          <Box
            component="img"
            alt={`Vorschau ${item.name}`}
            src={url}
            sx={{ m: 'auto', maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Schließen</Button>
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => item && download(item)}>
          Herunterladen
        </Button>
      </DialogActions>
    </Dialog>
  );
}

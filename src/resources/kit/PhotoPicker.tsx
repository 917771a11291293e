import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { Alert, Box, Button, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { newKey } from '../../api/useIdempotencyKey';
import { countOf, formatNumber } from '../../i18n/format';
import { preparePhoto } from './scalePhoto';

/** A photo picked for a Besuch: made small on the device, with the key that makes its upload happen once. */
export interface PickedPhoto {
  file: File;
  key: string;
  /** Stored on the server (sent with the Besuch, or added afterwards): shown as such, no longer removable. */
  stored?: boolean;
  /** Why its last send failed (the server's German message). */
  problem?: string;
}

const kilobytes = (bytes: number) => `${formatNumber(Math.round(bytes / 1024))} kB`;

/** "1 Foto", "3 Fotos", "1.200 Fotos". */
export const photosCount = (count: number) => countOf(count, 'Foto', 'Fotos');

function Thumbnail({ file }: { file: File }) {
  const image = useRef<HTMLImageElement>(null);
  // The picture's address lives as long as its thumbnail: made and given back with it.
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <Box
      component="img"
      ref={image}
      alt=""
      sx={{
        width: 64,
        height: 64,
        objectFit: 'cover',
        borderRadius: 1,
        bgcolor: 'action.hover',
        flex: 'none',
      }}
    />
  );
}

/**
 * "Foto aufnehmen" (the camera, or the gallery) with the photos picked so far: each with its thumbnail, its size
 * and a button to remove it. A file that is no photo this device can open, or one too large even after scaling,
 * is refused at once with the reason and never joins the list.
 */
export function PhotoPicker({
  photos,
  onChange,
  disabled = false,
}: {
  photos: readonly PickedPhoto[];
  onChange: (update: (current: readonly PickedPhoto[]) => PickedPhoto[]) => void;
  disabled?: boolean;
}) {
  const [scaling, setScaling] = useState(false);
  const [refused, setRefused] = useState<string[]>([]);
  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    setScaling(true);
    try {
      const prepared = await Promise.all(picked.map((file) => preparePhoto(file)));
      setRefused(prepared.flatMap((photo) => (photo.problem ? [photo.problem] : [])));
      const accepted = prepared.flatMap((photo) => (photo.file ? [{ file: photo.file, key: newKey() }] : []));
      if (accepted.length) onChange((current) => [...current, ...accepted]);
    } finally {
      setScaling(false);
    }
  };
  return (
    <Stack spacing={1}>
      <Button
        component="label"
        variant="outlined"
        size="large"
        startIcon={<PhotoCameraIcon />}
        disabled={disabled || scaling}
      >
        Foto aufnehmen
        <input
          hidden
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          aria-label="Fotos"
          onChange={(event) => void add(event)}
        />
      </Button>
      {scaling && <LinearProgress aria-label="Fotos werden verkleinert" />}
      {refused.map((problem) => (
        <Alert
          key={problem}
          severity="warning"
          onClose={() => setRefused((all) => all.filter((p) => p !== problem))}
        >
          Nicht übernommen: {problem}
        </Alert>
      ))}
      {photos.length > 0 && (
        <Box
          component="ul"
          aria-label="Gewählte Fotos"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
        >
          {photos.map((photo) => (
            <Box
              component="li"
              key={photo.key}
              sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}
              aria-label={photo.file.name}
            >
              <Thumbnail file={photo.file} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {photo.file.name}
                </Typography>
                <Typography variant="caption" color={photo.problem ? 'error' : 'text.secondary'}>
                  {photo.problem ?? (photo.stored ? 'gespeichert' : kilobytes(photo.file.size))}
                </Typography>
              </Box>
              {photo.stored ? (
                <CheckCircleIcon color="success" aria-label="gespeichert" sx={{ mx: 1.25 }} />
              ) : (
                <IconButton
                  aria-label={`Foto ${photo.file.name} entfernen`}
                  disabled={disabled}
                  onClick={() => onChange((current) => current.filter((other) => other.key !== photo.key))}
                  sx={{ width: 44, height: 44 }}
                >
                  <CloseIcon />
                </IconButton>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}

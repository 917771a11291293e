import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { forwardRef } from 'react';
import { ALLOWED_FILE_TYPES } from '../files/allowedFiles.rules';
import type { UploadProgress } from './useFileUpload';

const ACCEPT = Object.keys(ALLOWED_FILE_TYPES)
  .map((extension) => `.${extension}`)
  .join(',');

/** The hidden file chooser of an upload (the allowed types only); a button clicks it. */
export const FileChooser = forwardRef<HTMLInputElement, { label: string; onFiles: (files: File[]) => void }>(
  function FileChooser({ label, onFiles }, ref) {
    return (
      <input
        ref={ref}
        type="file"
        multiple
        hidden
        accept={ACCEPT}
        aria-label={label}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    );
  },
);

/** The progress of the file being uploaded (nothing between uploads). */
export function UploadProgressBar({
  progress,
  spacing = 1,
}: {
  progress: UploadProgress | null;
  /** The space above it (theme units). */
  spacing?: number;
}) {
  if (!progress) return null;
  return (
    <Box sx={{ mt: spacing }} role="status">
      <Typography variant="body2">
        {progress.name}: {Math.round(progress.share * 100)} %
      </Typography>
      <LinearProgress variant="determinate" value={progress.share * 100} />
    </Box>
  );
}

/** The files the last upload refused, each with the reason; closing one clears them. */
export function UploadRefusals({ refused, onClose }: { refused: string[]; onClose: () => void }) {
  return refused.map((problem) => (
    <Alert key={problem} severity="error" sx={{ mt: 1 }} onClose={onClose}>
      {problem}
    </Alert>
  ));
}

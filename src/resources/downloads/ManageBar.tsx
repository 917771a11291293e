import CreateFolderIcon from '@mui/icons-material/CreateNewFolderOutlined';
import UploadIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useRef } from 'react';
import { ALLOWED_FILE_TYPES } from '../files/allowedFiles.rules';
import type { useUpload } from './useUpload';

const ACCEPT = Object.keys(ALLOWED_FILE_TYPES)
  .map((extension) => `.${extension}`)
  .join(',');

/** The admin's tools above a folder: upload (or drop files on the list), new folder, progress, refusals. */
export function ManageBar({
  uploads,
  folderId,
  onFiles,
  onNewFolder,
}: {
  uploads: ReturnType<typeof useUpload>;
  /** The folder shown: only its own refusals stand above it. */
  folderId: number;
  onFiles: (files: File[]) => void;
  onNewFolder: () => void;
}) {
  const picker = useRef<HTMLInputElement>(null);
  const { progress, clearRefused } = uploads;
  const refused = uploads.refusedIn(folderId);
  return (
    <Box sx={{ mb: 1 }}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <Button
          variant="contained"
          startIcon={<UploadIcon />}
          onClick={() => picker.current?.click()}
          disabled={Boolean(progress)}
        >
          Hochladen
        </Button>
        <Button variant="outlined" startIcon={<CreateFolderIcon />} onClick={onNewFolder}>
          Neuer Ordner
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
          oder Dateien auf die Liste ziehen
        </Typography>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          aria-label="Dateien zum Hochladen auswählen"
          onChange={(event) => {
            onFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </Stack>
      {progress && (
        <Box sx={{ mt: 1 }} role="status">
          <Typography variant="body2">
            {progress.name}: {Math.round(progress.share * 100)} %
          </Typography>
          <LinearProgress variant="determinate" value={progress.share * 100} />
        </Box>
      )}
      {refused.map((problem) => (
        <Alert key={problem} severity="error" sx={{ mt: 1 }} onClose={clearRefused}>
          {problem}
        </Alert>
      ))}
    </Box>
  );
}

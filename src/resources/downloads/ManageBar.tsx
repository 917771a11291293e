import CreateFolderIcon from '@mui/icons-material/CreateNewFolderOutlined';
import UploadIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useRef } from 'react';
import { FileChooser, UploadProgressBar, UploadRefusals } from '../kit/UploadParts';
import type { FileUpload } from '../kit/useFileUpload';

/** The admin's tools above a folder: upload (or drop files on the list), new folder, progress, refusals. */
export function ManageBar({
  uploads,
  folderId,
  onFiles,
  onNewFolder,
}: {
  uploads: FileUpload<number>;
  /** The folder shown: only its own refusals stand above it. */
  folderId: number;
  onFiles: (files: File[]) => void;
  onNewFolder: () => void;
}) {
  const picker = useRef<HTMLInputElement>(null);
  const { progress, clearRefused } = uploads;
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
        <FileChooser ref={picker} label="Dateien zum Hochladen auswählen" onFiles={onFiles} />
      </Stack>
      <UploadProgressBar progress={progress} />
      <UploadRefusals refused={uploads.refusedIn(folderId)} onClose={clearRefused} />
    </Box>
  );
}

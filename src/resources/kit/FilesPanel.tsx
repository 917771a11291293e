import DeleteIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { useNotify } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { useCompanyDateTime } from '../../config/useCompanyZone';
import { deleteFile, downloadFile, type StoredFile } from '../files/files.endpoints';
import { saveBlob } from './saveBlob';
import { FileChooser, UploadProgressBar, UploadRefusals } from './UploadParts';
import { useFileUpload } from './useFileUpload';

const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('de-DE')} kB`
    : `${(bytes / 1024 / 1024).toLocaleString('de-DE', { maximumFractionDigits: 1 })} MB`;

/**
 * The files of a record (a customer, a Vorgang): drop files (or choose them) to upload with progress,
 * download with the original name, remove. `load` and `upload` call the owner's endpoints.
 */
export function FilesPanel({
  queryKey,
  load,
  upload: uploadOne,
}: {
  queryKey: readonly unknown[];
  load: () => Promise<StoredFile[]>;
  upload: (file: File, onProgress: (share: number) => void) => Promise<unknown>;
}) {
  const api = useEndpointClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const formatDateTime = useCompanyDateTime();
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const key = [...queryKey];
  const { data: files = [], isPending, error } = useQuery({ queryKey: key, queryFn: load });
  // One place: the record's files.
  const uploads = useFileUpload<null>(
    (_record, file, onProgress) => uploadOne(file, onProgress),
    () => queryClient.invalidateQueries({ queryKey: key }),
  );
  const { progress } = uploads;
  const upload = async (chosen: File[]) => {
    if ((await uploads.upload(null, chosen)) > 0) notify('Hochgeladen.', { type: 'info' });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void upload([...event.dataTransfer.files]);
  };
  const download = async (file: StoredFile) => {
    try {
      saveBlob(await api.download(downloadFile, { params: { id: file.id } }), file.name);
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  const remove = async (file: StoredFile) => {
    if (!window.confirm(`„${file.name}“ wirklich entfernen?`)) return;
    await api.call(deleteFile, { params: { id: file.id } });
    await queryClient.invalidateQueries({ queryKey: key });
  };

  return (
    <Box>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 1,
          p: 3,
          textAlign: 'center',
          bgcolor: dragging ? 'action.hover' : undefined,
        }}
      >
        <Typography>Dateien hierher ziehen oder</Typography>
        <Button
          startIcon={<UploadIcon />}
          onClick={() => picker.current?.click()}
          disabled={Boolean(progress)}
        >
          Dateien auswählen
        </Button>
        <FileChooser ref={picker} label="Dateien auswählen" onFiles={(chosen) => void upload(chosen)} />
        <Typography variant="caption" component="div" color="text.secondary">
          Erlaubt: PDF, Bilder, Office-Dokumente, Pläne (DWG/DXF), E-Mails
        </Typography>
        <UploadProgressBar progress={progress} spacing={2} />
      </Box>
      <UploadRefusals refused={uploads.refusedIn(null)} onClose={uploads.clearRefused} />
      {/* Until the first answer: the list is not known yet, so it must not say there is none. */}
      {isPending && <LinearProgress aria-label="Dateien werden geladen" sx={{ mt: 2 }} />}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error.message}
        </Alert>
      )}
      {!isPending && !error && !files.length && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          Noch keine Dateien.
        </Typography>
      )}
      <List aria-label="Dateien">
        {files.map((file) => (
          <ListItem
            key={file.id}
            divider
            secondaryAction={
              <>
                <IconButton aria-label={`${file.name} herunterladen`} onClick={() => download(file)}>
                  <DownloadIcon />
                </IconButton>
                <IconButton aria-label={`${file.name} entfernen`} onClick={() => remove(file)}>
                  <DeleteIcon />
                </IconButton>
              </>
            }
          >
            <ListItemText
              primary={file.name}
              secondary={`${size(file.size)} · ${formatDateTime(file.uploadedAt)}${file.uploadedBy ? ` · ${file.uploadedBy}` : ''}${file.activityId ? ' · zu einer Aktivität' : ''}`}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

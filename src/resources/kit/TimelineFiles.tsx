import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Box, Button } from '@mui/material';
import { useNotify } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { downloadFile } from '../files/files.endpoints';
import { saveBlob } from './saveBlob';

/** A file hung on a timeline entry (an activity's), as the timeline lists it. */
export interface TimelineFile {
  id: number;
  name: string;
}

/** The files of a timeline entry, each a button that downloads it under its own name. */
export function TimelineFiles({ files }: { files: TimelineFile[] }) {
  const api = useEndpointClient();
  const notify = useNotify();
  const download = async (file: TimelineFile) => {
    try {
      saveBlob(await api.download(downloadFile, { params: { id: file.id } }), file.name);
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    }
  };
  return (
    <Box
      component="ul"
      aria-label="Dateien"
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
    >
      {files.map((file) => (
        <li key={file.id}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<AttachFileIcon />}
            onClick={() => void download(file)}
            aria-label={`${file.name} herunterladen`}
            sx={{ textTransform: 'none', maxWidth: '100%', overflowWrap: 'anywhere', textAlign: 'left' }}
          >
            {file.name}
          </Button>
        </li>
      ))}
    </Box>
  );
}

import DownloadIcon from '@mui/icons-material/Download';
import {
  Button,
  CircularProgress,
  ListItemIcon,
  ListItemText,
  MenuItem,
  type ButtonProps,
} from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useMoreActionsMenu } from './MoreActionsMenu';
import { saveBlob } from './saveBlob';

interface ExcelExportButtonProps {
  /** Fetches the file (the server streams it). */
  download: () => Promise<Blob>;
  /** The file's name, e.g. `Kunden_2026-11-23.xlsx`. */
  fileName: string;
  /** What the button says while the export runs, e.g. "Export läuft (1.234 Kunden) …". */
  runningLabel?: string;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  sx?: ButtonProps['sx'];
}

/**
 * "Excel-Export": downloads the file with a running indicator, hands it to the save dialog, says why it failed.
 * In a phone's "Weitere Aktionen" menu it is one of its items, and the menu stays open until the file is here.
 */
export function ExcelExportButton({
  download,
  fileName,
  runningLabel = 'Export läuft …',
  disabled,
  variant,
  sx,
}: ExcelExportButtonProps) {
  const notify = useNotify();
  const closeMenu = useMoreActionsMenu();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      saveBlob(await download(), fileName);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Der Export ist fehlgeschlagen.', { type: 'error' });
    } finally {
      setRunning(false);
      closeMenu?.();
    }
  };
  const icon = running ? <CircularProgress size={16} /> : <DownloadIcon fontSize="small" />;
  const label = running ? runningLabel : 'Excel-Export';
  if (closeMenu) {
    return (
      <MenuItem onClick={() => void run()} disabled={running || disabled}>
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText>{label}</ListItemText>
      </MenuItem>
    );
  }
  return (
    <Button
      size="small"
      variant={variant}
      sx={sx}
      startIcon={running ? <CircularProgress size={16} /> : <DownloadIcon />}
      onClick={() => void run()}
      disabled={running || disabled}
    >
      {label}
    </Button>
  );
}

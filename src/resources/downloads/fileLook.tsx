import FolderIcon from '@mui/icons-material/Folder';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import SheetIcon from '@mui/icons-material/TableChartOutlined';
import TextIcon from '@mui/icons-material/DescriptionOutlined';
import MailIcon from '@mui/icons-material/MailOutline';
import type { DownloadItem } from './downloads.endpoints';

/** Whether the page can show the file itself (PDFs and the images browsers display). */
export const canPreview = (item: Pick<DownloadItem, 'mimeType'>) =>
  item.mimeType === 'application/pdf' ||
  ['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(item.mimeType ?? '');

/** The icon of a folder or of a file by its type, in the type's usual colour. */
export function FileLookIcon({ item }: { item: Pick<DownloadItem, 'isFolder' | 'mimeType'> }) {
  const type = item.mimeType ?? '';
  if (item.isFolder) return <FolderIcon sx={{ color: '#e0a526' }} />;
  if (type === 'application/pdf') return <PdfIcon sx={{ color: '#c62828' }} />;
  if (type.startsWith('image/')) return <ImageIcon sx={{ color: '#6a1b9a' }} />;
  if (/spreadsheet|excel|csv/.test(type)) return <SheetIcon sx={{ color: '#2e7d32' }} />;
  if (/word|text|opendocument/.test(type)) return <TextIcon sx={{ color: '#1565c0' }} />;
  if (/rfc822|outlook/.test(type)) return <MailIcon sx={{ color: '#455a64' }} />;
  return <FileIcon color="action" />;
}

/** A file size in German: "830 kB", "2,4 MB". */
export const formatFileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('de-DE')} kB`
    : `${(bytes / 1024 / 1024).toLocaleString('de-DE', { maximumFractionDigits: 1 })} MB`;

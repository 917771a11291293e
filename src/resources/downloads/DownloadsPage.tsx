import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Breadcrumbs,
  Card,
  CardContent,
  InputAdornment,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type DragEvent } from 'react';
import { Confirm, Loading, Title, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useEndpointClient } from '../../api/useEndpoint';
import { useIdempotencyKey } from '../../api/useIdempotencyKey';
import { DownloadList, type ListedItem } from './DownloadList';
import {
  createDownloadFolder,
  deleteDownloadItem,
  getSubItemsOfFolder,
  renameDownloadItem,
  rootContent,
  searchDownloads,
} from './downloads.endpoints';
import { canPreview } from './fileLook';
import { FilePreviewDialog } from './FilePreviewDialog';
import { ManageBar } from './ManageBar';
import { NameDialog } from './NameDialog';
import { useFileActions } from './useFileActions';
import { useUpload } from './useUpload';

const KEY = 'download';
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Dateien (/crm/download, APP_DATEIEN, checked by the route: index.ts): the company's documents to browse, search, preview and download. */
export default function DownloadsPage() {
  return (
    <>
      <Title title="Dateien" />
      <DownloadsBrowser />
    </>
  );
}

/** The text typed into the search, settled for a moment, so every keystroke is not a request. */
function useSettled(text: string, ms = 300) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

function DownloadsBrowser() {
  const api = useEndpointClient();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const folderId = Number(params.get('ordner')) || null;
  const [text, setText] = useState('');
  const q = useSettled(text.trim());
  const searching = q.length >= 2;
  const { download } = useFileActions();
  const [preview, setPreview] = useState<ListedItem | null>(null);
  const [naming, setNaming] = useState<{ item: ListedItem | null } | null>(null);
  // One key per opening of "Neuer Ordner": a double click makes one folder.
  const { key: folderKey } = useIdempotencyKey(naming !== null && naming.item === null);
  const [removing, setRemoving] = useState<ListedItem | null>(null);
  const [dragging, setDragging] = useState(false);

  const folder = useQuery({
    queryKey: [KEY, 'folder', folderId],
    queryFn: () =>
      folderId ? api.call(getSubItemsOfFolder, { params: { id: folderId } }) : api.call(rootContent),
    placeholderData: keepPreviousData,
  });
  const hits = useQuery({
    queryKey: [KEY, 'search', q],
    queryFn: () => api.call(searchDownloads, { query: { q } }),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [KEY] });
  const uploads = useUpload(refresh);
  const content = folder.data;
  const canManage = Boolean(content?.canManage);

  // The refusals of an upload stand until the next action (or their close button): not over a renamed or
  // deleted file, a new folder, another folder or a search.
  const next = uploads.clearRefused;
  const openFolder = (id: number | null) => {
    next();
    setText('');
    setParams(id && id !== content?.breadcrumbs[0]?.id ? { ordner: String(id) } : {});
  };
  const open = (item: ListedItem) => {
    next();
    if (item.isFolder) openFolder(item.id);
    else if (canPreview(item)) setPreview(item);
    else void download(item);
  };
  const upload = async (files: File[]) => {
    if (!content || !files.length) return;
    const saved = await uploads.upload(content.folder.id, files);
    if (saved) notify(saved === 1 ? 'Datei hochgeladen.' : `${saved} Dateien hochgeladen.`, { type: 'info' });
  };
  const saveName = async (name: string) => {
    try {
      if (naming?.item)
        await api.call(renameDownloadItem, { params: { id: naming.item.id }, body: { name } });
      else
        await api.call(createDownloadFolder, {
          params: { id: content!.folder.id },
          body: { name },
          idempotencyKey: folderKey,
        });
      await refresh();
      return null;
    } catch (error) {
      return messageOf(error);
    }
  };
  const remove = async () => {
    const item = removing!;
    setRemoving(null);
    try {
      await api.call(deleteDownloadItem, { params: { id: item.id } });
      notify(`„${item.name}“ gelöscht.`, { type: 'info' });
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    }
    await refresh();
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canManage) void upload([...event.dataTransfer.files]);
  };
  const actions = {
    open,
    download: (item: ListedItem) => {
      next();
      void download(item);
    },
    ...(canManage && !searching
      ? {
          rename: (item: ListedItem) => {
            next();
            setNaming({ item });
          },
          remove: (item: ListedItem) => {
            next();
            setRemoving(item);
          },
        }
      : {}),
  };
  const items: ListedItem[] = searching ? (hits.data ?? []) : (content?.items ?? []);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Breadcrumbs aria-label="Ordnerpfad" sx={{ minWidth: 0 }}>
          {(content?.breadcrumbs ?? []).map((crumb, index, all) =>
            index === all.length - 1 && !searching ? (
              <Typography key={crumb.id} color="text.primary" sx={{ fontWeight: 600 }}>
                {crumb.name}
              </Typography>
            ) : (
              <Link
                key={crumb.id}
                component="button"
                underline="hover"
                color="inherit"
                onClick={() => openFolder(index === 0 ? null : crumb.id)}
              >
                {crumb.name}
              </Link>
            ),
          )}
        </Breadcrumbs>
        <TextField
          size="small"
          placeholder="In allen Ordnern suchen"
          value={text}
          onChange={(event) => {
            next();
            setText(event.target.value);
          }}
          slotProps={{
            htmlInput: { 'aria-label': 'Dateien suchen' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ width: { xs: '100%', sm: 300 } }}
        />
      </Stack>
      {canManage && !searching && (
        <ManageBar
          uploads={uploads}
          folderId={content?.folder.id ?? 0}
          onFiles={(files) => void upload(files)}
          onNewFolder={() => {
            next();
            setNaming({ item: null });
          }}
        />
      )}
      <Card
        variant="outlined"
        onDragOver={(event) => {
          if (!canManage || searching) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          borderColor: dragging ? 'primary.main' : undefined,
          bgcolor: dragging ? 'action.hover' : undefined,
        }}
      >
        {folder.error && <Alert severity="error">{messageOf(folder.error)}</Alert>}
        {searching && hits.error && <Alert severity="error">{messageOf(hits.error)}</Alert>}
        {(folder.isPending || (searching && hits.isPending)) && <Loading />}
        {searching && hits.data && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
            {hits.data.length === 1 ? '1 Treffer' : `${hits.data.length} Treffer`} für „{q}“
          </Typography>
        )}
        <DownloadList items={items} label={searching ? 'Suchergebnisse' : 'Ordnerinhalt'} actions={actions} />
        {!items.length && !folder.isPending && !(searching && hits.isPending) && (
          <CardContent>
            <Typography color="text.secondary">
              {searching ? 'Keine Datei und kein Ordner passt zu Ihrer Suche.' : 'Dieser Ordner ist leer.'}
            </Typography>
          </CardContent>
        )}
      </Card>
      <FilePreviewDialog item={preview} onClose={() => setPreview(null)} />
      <NameDialog
        key={naming ? `name-${naming.item?.id ?? 'neu'}` : 'name-zu'}
        open={Boolean(naming)}
        title={naming?.item ? 'Umbenennen' : 'Neuer Ordner'}
        initial={naming?.item?.name ?? ''}
        submitLabel={naming?.item ? 'Umbenennen' : 'Anlegen'}
        onSubmit={saveName}
        onClose={() => setNaming(null)}
      />
      <Confirm
        isOpen={Boolean(removing)}
        title={removing?.isFolder ? 'Ordner löschen?' : 'Datei löschen?'}
        content={
          removing?.isFolder
            ? `„${removing.name}“ und alles darin wird endgültig gelöscht.`
            : `„${removing?.name ?? ''}“ wird endgültig gelöscht.`
        }
        confirm="Löschen"
        cancel="Abbrechen"
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}

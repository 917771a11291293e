import { useNotify } from 'react-admin';
import { useEndpointClient } from '../../api/useEndpoint';
import { trackFileDownload } from '../analytics/analytics.endpoints';
import { saveBlob } from '../kit/saveBlob';
import { downloadItemFile, type DownloadItem } from './downloads.endpoints';

/** Fetching a file of the area: its bytes for a preview, or a download under its name that is counted. */
export function useFileActions() {
  const api = useEndpointClient();
  const notify = useNotify();
  const fetchBlob = (item: DownloadItem) => api.download(downloadItemFile, { params: { id: item.id } });
  const download = async (item: DownloadItem) => {
    try {
      saveBlob(await fetchBlob(item), item.name);
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
      return;
    }
    // The count is for Admin → Nutzung; a failed count must not spoil the download.
    if (item.fileId)
      await api.call(trackFileDownload, { params: { id: item.fileId } }).catch(() => undefined);
  };
  return { fetchBlob, download };
}

import { useEndpointClient } from '../../api/useEndpoint';
import { useFileUpload } from '../kit/useFileUpload';
import { uploadDownloadFile } from './downloads.endpoints';

/**
 * Uploads files into a folder of the Downloads (the kit's upload: progress, and refusals that belong to the
 * folder they were made in).
 */
export function useUpload(onDone: () => Promise<void>) {
  const api = useEndpointClient();
  return useFileUpload<number>(
    (folderId, file, onProgress) =>
      api.upload(uploadDownloadFile, { params: { id: folderId } }, file, onProgress),
    onDone,
  );
}

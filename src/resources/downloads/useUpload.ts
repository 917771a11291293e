import { useState } from 'react';
import { useEndpointClient } from '../../api/useEndpoint';
import { uploadDownloadFile } from './downloads.endpoints';

/**
 * Uploads files one after another into a folder, with the progress of the current one and the refusals of the
 * last upload: they belong to that folder (`refusedIn`) and go with the next action (`clearRefused`), so that
 * "boese.exe: … nicht erlaubt" does not stand over a renamed file or another folder.
 */
export function useUpload(onDone: () => Promise<void>) {
  const api = useEndpointClient();
  const [progress, setProgress] = useState<{ name: string; share: number } | null>(null);
  const [refused, setRefused] = useState<{ folderId: number; problems: string[] } | null>(null);

  const upload = async (folderId: number, files: File[]) => {
    const problems: string[] = [];
    for (const file of files) {
      setProgress({ name: file.name, share: 0 });
      try {
        await api.upload(uploadDownloadFile, { params: { id: folderId } }, file, (share) =>
          setProgress({ name: file.name, share }),
        );
      } catch (error) {
        problems.push(`${file.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    setProgress(null);
    setRefused(problems.length ? { folderId, problems } : null);
    await onDone();
    return files.length - problems.length;
  };
  return {
    upload,
    progress,
    refusedIn: (folderId: number) => (refused && refused.folderId === folderId ? refused.problems : []),
    clearRefused: () => setRefused(null),
  };
}

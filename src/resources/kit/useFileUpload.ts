import { useState } from 'react';

/** The file being uploaded and how much of it has left (0–1). */
export interface UploadProgress {
  name: string;
  share: number;
}

/**
 * Uploads files one after another to a place (`scope`: a folder, a record), with the progress of the current
 * one and the refusals of the last upload ("boese.exe: … nicht erlaubt"). The refusals belong to that place
 * (`refusedIn`) and go with the next action (`clearRefused`), so they never stand over another folder.
 * `send` uploads one file; `upload` answers how many arrived, after `onDone`.
 */
export function useFileUpload<Scope>(
  send: (scope: Scope, file: File, onProgress: (share: number) => void) => Promise<unknown>,
  onDone: () => Promise<void>,
) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [refused, setRefused] = useState<{ scope: Scope; problems: string[] } | null>(null);

  const upload = async (scope: Scope, files: File[]) => {
    const problems: string[] = [];
    for (const file of files) {
      setProgress({ name: file.name, share: 0 });
      try {
        await send(scope, file, (share) => setProgress({ name: file.name, share }));
      } catch (error) {
        problems.push(`${file.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    setProgress(null);
    setRefused(problems.length ? { scope, problems } : null);
    await onDone();
    return files.length - problems.length;
  };
  return {
    upload,
    progress,
    refusedIn: (scope: Scope) => (refused && refused.scope === scope ? refused.problems : []),
    clearRefused: () => setRefused(null),
  };
}

/** What `useFileUpload` answers: handed to `UploadStatus` and the picker's owner. */
export type FileUpload<Scope> = ReturnType<typeof useFileUpload<Scope>>;

/** A data sync run as etl/sync/status reports it. */
export interface SyncRun {
  id: number;
  state: 'laeuft' | 'fertig' | 'fehler';
  processed: number;
  total: number;
  currentFile: string | null;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  startedBy: string | null;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
}

/** etl/sync/status: the import folder, the files found in it and the latest run. */
export interface SyncStatus {
  folder: string;
  files: { file: string; label: string; size: number; modifiedAt: string }[];
  run: SyncRun | null;
}

export interface SyncLogEntry {
  id: number;
  level: 'info' | 'warnung' | 'fehler';
  file: string | null;
  line: number | null;
  message: string;
  loggedAt: string;
}

export const SYNC_STATUS_KEY = ['etl/sync/status'];

import { endpointKey } from '../../api/endpoint';
import { getSyncStatus } from './dataSync.endpoints';

export type { SyncRun, SyncStatus } from './dataSync.endpoints';

export const SYNC_STATUS_KEY = endpointKey(getSyncStatus);

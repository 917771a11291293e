import { endpointKey } from '../../api/endpoint';
import { getSyncStatus } from './sync.endpoints';

export type { SyncRun, SyncStatus } from './sync.endpoints';

export const SYNC_STATUS_KEY = endpointKey(getSyncStatus);

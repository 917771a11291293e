import type { ResultOf } from '../../api/endpoint';
import type { getConnectionStatus } from './microsoft365.endpoints';

/** A Microsoft 365 connection's state, as the server reports it. */
export type ConnectionState = ResultOf<typeof getConnectionStatus>['state'];

/** The state's words on its chip. */
export const STATE_LABEL: Record<ConnectionState, string> = {
  nicht_verbunden: 'Nicht verbunden',
  verbunden: 'Verbunden',
  erneuern: 'Verbindung erneuern',
};
/** The state's chip colour. */
export const STATE_COLOR: Record<ConnectionState, 'default' | 'success' | 'error'> = {
  nicht_verbunden: 'default',
  verbunden: 'success',
  erneuern: 'error',
};

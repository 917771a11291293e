import { endpointKey } from '../../../api/endpoint';
import { getVorgaengeForCustomer } from '../customers.endpoints';
/** A Vorgang of the customer as kunde/getVorgaengeForCustomer sends it (server and web app). */
export interface CustomerVorgang {
  id: number;
  version: number;
  vorgangNumber: string;
  title: string;
  systemStatus: string;
  customStatus: string | null;
  customStatusColor: string | null;
  netTotalCents: number;
  seller: string | null;
  endCustomer: { id: number; name: string; city: string | null } | null;
  belege: Beleg[];
}

export interface Beleg {
  id: number;
  belegNumber: string;
  belegType: string;
  belegDate: string;
  netCents: number;
  positions: Position[];
}

export interface Position {
  id: number;
  version: number;
  posNr: number;
  articleNumber: string | null;
  description: string;
  customDescription: string | null;
  quantity: number;
  unit: string;
  unitPriceCents: number;
  totalCents: number;
}

export const vorgaengeKey = (customerId: unknown) => [
  ...endpointKey(getVorgaengeForCustomer),
  String(customerId),
];

import { endpointKey } from '../../../api/endpoint';
import type { Static } from 'typebox';
import {
  getVorgaengeForCustomer,
  type BelegSchema,
  type CustomerVorgangSchema,
  type PositionSchema,
} from '../customers.endpoints';
// The schemas live beside the endpoint (customers.endpoints.ts imports nothing from here, so no cycle).
/** A Vorgang of the customer as kunde/getVorgaengeForCustomer sends it (server and web app). */
export type CustomerVorgang = Static<typeof CustomerVorgangSchema>;
export type Beleg = Static<typeof BelegSchema>;
export type Position = Static<typeof PositionSchema>;

export const vorgaengeKey = (customerId: unknown) => [
  ...endpointKey(getVorgaengeForCustomer),
  String(customerId),
];

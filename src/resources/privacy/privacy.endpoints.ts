import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { IdParams, Timestamp, Version } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

// Only the administration answers data-protection requests: both reveal or destroy everything about a person.
const access = { groups: [GROUPS.admin] };
const tags = ['Datenschutz (DSGVO)'];

/** The reason an erasure is made, as the administration records it (e.g. "Antrag per Brief vom 20.11."). */
export const ERASURE_REASON = { minLength: 5, maxLength: 500 } as const;

/** Art. 15: every personal datum held about a customer, as one PDF; the request is recorded. */
export const getCustomerDataReport = defineEndpoint({
  method: 'GET',
  path: 'dsgvo/auskunft/:id',
  access,
  tags,
  summary: 'Auskunft nach Art. 15 DSGVO: alle personenbezogenen Daten eines Kunden als PDF',
  kind: 'file',
  params: IdParams,
});

/** Art. 17: removes or anonymises a customer's personal data, keeping the Belege; refused while a Vorgang is open. */
export const eraseCustomerData = defineEndpoint({
  method: 'POST',
  path: 'dsgvo/loeschen/:id',
  access,
  tags,
  summary:
    'Löschung nach Art. 17 DSGVO: personenbezogene Daten eines Kunden löschen bzw. anonymisieren (Belege bleiben)',
  // A repeated request whose answer was lost gets the first answer, not a confusing 409.
  idempotent: true,
  params: IdParams,
  body: Type.Object({
    reason: Type.String({ ...ERASURE_REASON, description: 'Anlass der Löschung, z. B. Antrag vom …' }),
    version: Version(),
  }),
  response: Type.Object({
    id: Type.Integer(),
    erasedAt: Timestamp(),
    keptBelege: Type.Integer({ description: 'Belege, die wegen der Aufbewahrungspflicht bleiben' }),
    removedFiles: Type.Integer(),
  }),
});

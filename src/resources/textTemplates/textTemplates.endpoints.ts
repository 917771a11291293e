import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { NullableObject, NullableString } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';
import { MailPurposeSchema } from '../consent/consent.endpoints';

const tags = ['Textvorlagen'];

/** The active templates the caller may see (all, their groups, or them personally). */
export const getTextTemplatesForUser = defineEndpoint({
  method: 'GET',
  path: 'adminExtended/getTextTemplatesForUser',
  access: { groups: [GROUPS.kunde, GROUPS.adminVerkauf] },
  tags,
  summary: 'Die aktiven Vorlagen, die der Aufrufer sehen darf (alle, seine Gruppen oder er persönlich)',
  response: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      subject: Type.String(),
      body: Type.String(),
      purpose: MailPurposeSchema({
        description: 'service (Service/Vertrag) oder werbung (nur an Kunden mit Einwilligung)',
      }),
    }),
  ),
});

/** Subject and text filled with a real customer's data (search by name, number, Ort …; empty: the latest active). */
export const previewTextTemplate = defineEndpoint({
  method: 'POST',
  path: 'adminExtended/previewTextTemplate',
  access: { groups: [GROUPS.adminVerkauf] },
  tags,
  summary:
    'Vorschau: Betreff und Text mit den Daten eines echten Kunden (Suche nach Name, Nummer, Ort …; leer: zuletzt aktiver)',
  body: Type.Object({
    subject: Type.String({ maxLength: 200 }),
    body: Type.String({ maxLength: 10000 }),
    customerQuery: Type.Optional(Type.String({ maxLength: 100 })),
    purpose: Type.Optional(MailPurposeSchema({ description: 'werbung: mit den Zeilen zum Abmelden' })),
  }),
  response: Type.Object({
    subject: Type.String(),
    body: Type.String(),
    unknown: Type.Array(Type.String()),
    customer: NullableObject(
      Type.Object({ id: Type.Integer(), name: Type.String(), number: NullableString() }),
    ),
  }),
});

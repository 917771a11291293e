import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { IdParams } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const tags = ['Nutzungsstatistik'];
const recorded = Type.Object({ recorded: Type.Boolean() });

/** Records a sign-in (every signed-in person with at least one group). */
export const trackLogin = defineEndpoint({
  method: 'POST',
  path: 'analytics/trackLogin',
  access: { signedIn: true },
  tags,
  summary: 'Anmeldung protokollieren',
  response: recorded,
});

/** Records a file download. */
export const trackFileDownload = defineEndpoint({
  method: 'POST',
  path: 'analytics/trackFileDownload/:id',
  access: { signedIn: true },
  tags,
  summary: 'Download einer Datei protokollieren',
  params: IdParams,
  response: recorded,
});

/** The usage report of a period: sign-ins per day, active people, top downloads. */
export const usageReport = defineEndpoint({
  method: 'GET',
  path: 'analytics/report',
  access: { groups: [GROUPS.admin] },
  tags,
  summary: 'Nutzungsbericht: Anmeldungen pro Tag, aktive Personen, meistgeladene Dateien',
  query: Type.Object({
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, default: 30 })),
    from: Type.Optional(Type.String({ format: 'date' })),
    to: Type.Optional(Type.String({ format: 'date' })),
  }),
  response: Type.Object({
    from: Type.String(),
    to: Type.String(),
    days: Type.Integer(),
    loginsPerDay: Type.Array(
      Type.Object({ day: Type.String(), logins: Type.Integer(), users: Type.Integer() }),
    ),
    activeUsers: Type.Object({ last7: Type.Integer(), last30: Type.Integer(), period: Type.Integer() }),
    topDownloads: Type.Array(
      Type.Object({
        fileId: Type.Integer(),
        name: Type.String(),
        downloads: Type.Integer(),
        users: Type.Integer(),
      }),
    ),
  }),
});

import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { IdParams } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const tags = ['Nutzungsstatistik'];

/**
 * A new session begins with a load of the CRM after this long without one by the same person (the report
 * counts sessions, not loads; server/analytics/analyticsQueries.ts says why).
 */
export const SESSION_GAP_MINUTES = 30;
const recorded = Type.Object({ recorded: Type.Boolean() });

/** Records a sign-in (every signed-in person with at least one group). */
export const trackLogin = defineEndpoint({
  method: 'POST',
  path: 'analytics/trackLogin',
  access: { signedIn: true },
  tags,
  summary: 'Aufruf des CRM protokollieren (der Nutzungsbericht fasst Aufrufe zu Sitzungen zusammen)',
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

/** The usage report of a period: sessions per day (loads without a 30-minute pause), active people, top downloads. */
export const usageReport = defineEndpoint({
  method: 'GET',
  path: 'analytics/report',
  access: { groups: [GROUPS.admin] },
  tags,
  summary: 'Nutzungsbericht: Sitzungen pro Tag, aktive Personen, meistgeladene Dateien',
  query: Type.Object({
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, default: 30 })),
    from: Type.Optional(Type.String({ format: 'date' })),
    to: Type.Optional(Type.String({ format: 'date' })),
  }),
  response: Type.Object({
    from: Type.String(),
    to: Type.String(),
    days: Type.Integer(),
    sessionsPerDay: Type.Array(
      Type.Object({
        day: Type.String(),
        sessions: Type.Integer({
          description: `Sitzungen, die an diesem Tag begannen: Aufrufe einer Person ohne mehr als ${SESSION_GAP_MINUTES} Minuten Pause`,
        }),
        users: Type.Integer(),
      }),
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

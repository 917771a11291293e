import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { forbidden } from '../http/apiError';
import { wrapped } from '../http/wrapped';

/** analytics/trackLogin: records an entry into /crm by a person with at least one group (SPEC §4). */
export function registerAnalyticsRoutes(app: FastifyInstance, db: Database) {
  app.post(
    '/api/analytics/trackLogin',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['Nutzungsstatistik'],
        summary: 'Anmeldung protokollieren',
        response: { 200: wrapped({ type: 'object', properties: { recorded: { type: 'boolean' } } }) },
      },
    },
    async (request) => {
      const caller = request.caller!;
      if (caller.groups.length === 0) throw forbidden('Ihnen sind keine AD-Gruppen zugeordnet.');
      await sql`INSERT INTO analytics_event (kind, user_oid, user_name) VALUES ('login', ${caller.oid}, ${caller.name})`.execute(
        db,
      );
      return { recorded: true };
    },
  );
}

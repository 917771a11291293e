import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { columnOf } from '../../src/resources/entity';
import { GLOBAL_SETTINGS } from '../../src/resources/globalSettings/globalSettings.form';
import type { Database } from '../platform/db/database';
import { validateInput } from '../platform/entities/validateInput';
import { badRequest, conflict } from '../platform/http/apiError';
import { errorResponse, wrapped } from '../platform/http/wrapped';

const access = { access: { groups: [GLOBAL_SETTINGS.group] } };
const tags = ['Einstellungen'];
const settingsSchema = wrapped({
  type: 'object',
  properties: {
    version: { type: 'integer' },
    updatedAt: { type: 'string' },
    updatedBy: { type: ['string', 'null'] },
    ...Object.fromEntries(
      GLOBAL_SETTINGS.fields.map((f) => [
        f.source,
        { type: [f.type === 'integer' ? 'integer' : f.type === 'boolean' ? 'boolean' : 'string', 'null'] },
      ]),
    ),
  },
});
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse };

async function readSettings(db: Database) {
  // The single row exists from the first read on, with the defaults of the table.
  await sql`INSERT INTO global_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING`.execute(db);
  const columns = GLOBAL_SETTINGS.fields.map((f) => sql`${sql.ref(columnOf(f))} AS ${sql.ref(f.source)}`);
  const result = await sql<Record<string, unknown>>`
    SELECT ${sql.join(columns)}, version, updated_at AS "updatedAt", updated_by AS "updatedBy"
    FROM global_settings WHERE id = 1`.execute(db);
  return result.rows[0]!;
}

/** The tenant's global settings as one form (SPEC §7 globalSettings), APP_ADMIN only. */
export function registerGlobalSettingsRoutes(app: FastifyInstance) {
  const { db } = app;
  app.get(
    '/api/globalSettings/getGlobalSettings',
    {
      config: access,
      schema: { tags, summary: 'Globale Einstellungen lesen', response: { 200: settingsSchema, ...errors } },
    },
    async () => readSettings(db),
  );

  app.put<{ Body: { version?: unknown } }>(
    '/api/globalSettings/putGlobalSettings',
    {
      config: access,
      attachValidation: true,
      schema: {
        tags,
        summary: 'Globale Einstellungen speichern (nur mit aktueller Version, sonst 409)',
        body: { type: 'object', properties: { version: { type: 'integer' } }, required: ['version'] },
        response: { 200: settingsSchema, ...errors },
      },
    },
    async (request) => {
      const version = Number(request.body?.version);
      if (!Number.isInteger(version)) throw badRequest('Die Version der Einstellungen fehlt.');
      const values = await validateInput(GLOBAL_SETTINGS, request.body);
      const assignments = GLOBAL_SETTINGS.fields
        .filter((f) => f.source in values)
        .map((f) => sql`${sql.ref(columnOf(f))} = ${values[f.source]}`);
      const result = await sql`
        UPDATE global_settings SET ${sql.join(assignments)}, version = version + 1, updated_at = now(),
          updated_by = ${request.caller!.name}
        WHERE id = 1 AND version = ${version}`.execute(db);
      if (!result.numAffectedRows) {
        throw conflict(
          'Die Einstellungen wurden inzwischen von jemand anderem geändert. Bitte laden Sie sie neu und wiederholen Sie Ihre Änderung.',
        );
      }
      return readSettings(db);
    },
  );
}

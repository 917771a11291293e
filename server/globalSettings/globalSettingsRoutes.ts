import type { FastifyInstance } from 'fastify';
import { GLOBAL_SETTINGS } from '../../src/resources/globalSettings/globalSettings.form';
import { validateInput } from '../platform/entities/validateInput';
import { badRequest, conflict } from '../platform/http/apiError';
import { errorResponse, wrapped } from '../platform/http/wrapped';
import { readSettings, saveSettings } from './globalSettingsQueries';

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
      const saved = await saveSettings(db, values, version, request.caller!.name);
      if (!saved) {
        throw conflict(
          'Die Einstellungen wurden inzwischen von jemand anderem geändert. Bitte laden Sie sie neu und wiederholen Sie Ihre Änderung.',
        );
      }
      return readSettings(db);
    },
  );
}

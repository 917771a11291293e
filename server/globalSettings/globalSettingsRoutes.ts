import type { FastifyInstance } from 'fastify';
import { GLOBAL_SETTINGS } from '../../src/resources/globalSettings/globalSettings.form';
import { validateInput } from '../platform/entities/validateInput';
import { badRequest, conflict } from '../platform/http/apiError';
import { readSettings, saveSettings } from './globalSettingsQueries';
import {
  getGlobalSettings,
  putGlobalSettings,
} from '../../src/resources/globalSettings/globalSettings.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';

/** The tenant's global settings as one form (the client's globalSettings/… paths), APP_ADMIN only. */
export function registerGlobalSettingsRoutes(app: FastifyInstance) {
  const { db } = app;
  endpointRoute(app, getGlobalSettings, async () => readSettings(db));

  endpointRoute(
    app,
    putGlobalSettings,
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
    { attachValidation: true },
  );
}

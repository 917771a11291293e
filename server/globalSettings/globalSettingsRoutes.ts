import type { FastifyInstance } from 'fastify';
import { GLOBAL_SETTINGS } from '../../src/resources/globalSettings/globalSettings.form';
import { validateInput } from '../platform/entities/validateInput';
import { badRequest, RELOAD_HER, staleEdit } from '../platform/http/apiError';
import { lastChangedBy } from '../platform/changes/changedBy';
import { readSettings, saveSettings } from './globalSettingsQueries';
import {
  getGlobalSettings,
  putGlobalSettings,
} from '../../src/resources/globalSettings/globalSettings.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { withChangeRecord } from '../platform/changes/recordChange';
import type { Database } from '../platform/db/database';
import { TENANT_COUNTRY } from '../../src/resources/country.rules';

/** Area key of the global settings (one record, id 1) in the Änderungsverlauf. */
export const SETTINGS_AREA = 'einstellungen';

class StaleSettings extends Error {}
const staleSettings = () => new StaleSettings();

/** The tenant's global settings as one form (the client's globalSettings/… paths), APP_ADMIN only. */
export function registerGlobalSettingsRoutes(app: FastifyInstance) {
  const { db } = app;
  const country = TENANT_COUNTRY[app.tenantId];
  endpointRoute(app, getGlobalSettings, async () => readSettings(db, country));

  endpointRoute(
    app,
    putGlobalSettings,
    async (request) => {
      const version = Number(request.body?.version);
      if (!Number.isInteger(version)) throw badRequest('Die Version der Einstellungen fehlt.');
      const values = await validateInput(GLOBAL_SETTINGS, request.body, { homeCountry: country });
      // A change of the settings is itself part of the Änderungsverlauf (e.g. how long it keeps its rows).
      const subject = {
        actor: request.caller!,
        area: SETTINGS_AREA,
        recordId: 1,
        fields: GLOBAL_SETTINGS.fields.map((f) => f.source),
        read: (trx: Database) => readSettings(trx, country),
      };
      const saved = await db
        .transaction()
        .execute((trx) =>
          withChangeRecord(trx, subject, async () => {
            const done = await saveSettings(trx, values, version, request.caller!.name);
            if (!done) throw staleSettings();
            return done;
          }),
        )
        .catch((error: unknown) => {
          if (error instanceof StaleSettings) return false;
          throw error;
        });
      if (!saved) {
        const by = await lastChangedBy(db, 'global_settings', 1);
        throw staleEdit(by, { subject: 'Die Einstellungen', retry: RELOAD_HER, plural: true });
      }
      return readSettings(db, country);
    },
    { attachValidation: true },
  );
}

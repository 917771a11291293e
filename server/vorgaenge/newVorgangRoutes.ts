import type { FastifyInstance } from 'fastify';
import { newVorgangForm } from '../../src/resources/vorgaenge/newVorgang.form';
import { newVorgangDefaults, saveNewVorgang } from '../../src/resources/vorgaenge/newVorgang.endpoints';
import { validateInput } from '../platform/entities/validateInput';
import { endpointRoute } from '../platform/http/endpointRoute';
import { maySell } from '../platform/auth/customerAccess';
import { createVorgang, newVorgangDefaultsFor, type NewVorgangValues } from './newVorgang';

/** New Vorgang (Anfrage) from the list or a customer page, and the form's defaults. */
export function registerNewVorgangRoutes(app: FastifyInstance) {
  endpointRoute(app, saveNewVorgang, async (request, _reply, db) => {
    const values = (await validateInput(newVorgangForm, request.body)) as unknown as NewVorgangValues;
    return createVorgang(db, values, request.caller!, (userId) =>
      maySell(db, app.directory, request.credentials!, userId),
    );
  });
  endpointRoute(app, newVorgangDefaults, async (request) => newVorgangDefaultsFor(app.db, request.caller!));
}

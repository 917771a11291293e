import type { FastifyInstance } from 'fastify';
import {
  addNoteToBelegInteraction,
  caluclatePlanDBForVorgang,
  changeLabelOfVorgang,
  getLostReasons,
  getSellerOptions,
  getStatusHistoryForVorgang,
  getTimelineForVorgang,
  getVorgang,
  setCustomStatusForVorgang,
  setExpectedValueForVorgang,
  setLostForVorgang,
  setSellerForVorgang,
} from '../../src/resources/vorgaenge/vorgang.endpoints';
import { badRequest, notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { moveOnBoard } from './boardMove';
import { planDbOfVorgang } from './planDbQueries';
import { registerVorgangFileRoutes } from './vorgangFiles';
import { changeVorgangLabel } from './vorgangLabels';
import { setExpectedValue } from './vorgangExpectedValue';
import { setVorgangLost } from './vorgangLost';
import { setVorgangSeller } from './vorgangSeller';
import { sellerOptions } from './sellerOptions';
import { assertSeller } from '../platform/auth/customerAccess';
import { addBelegNote, lostReasons, statusHistory, vorgangDetail, vorgangExists } from './vorgangQueries';
import { vorgangTimelinePage } from './vorgangTimelineQueries';

/** One Vorgang (its page): detail, Eigener Status and board place, labels, Beleg notes, Plan-DB, Verloren, Verkäufer, files. */
export async function registerVorgangRoutes(app: FastifyInstance) {
  const { db } = app;
  const existing = async (id: number) => {
    if (!(await vorgangExists(db, id))) throw notFound('Der Vorgang wurde nicht gefunden.');
  };

  endpointRoute(app, getVorgang, async (request) => vorgangDetail(db, request.params.id));

  endpointRoute(app, setCustomStatusForVorgang, async (request) =>
    moveOnBoard(db, request.body, request.caller!),
  );

  endpointRoute(app, changeLabelOfVorgang, async (request, _reply, trx) =>
    changeVorgangLabel(trx, request.body, request.caller!, app.timeZone),
  );

  endpointRoute(app, addNoteToBelegInteraction, async (request, _reply, trx) => {
    const text = request.body.text.trim();
    if (!text)
      throw badRequest('Bitte geben Sie eine Notiz ein.', { text: 'Bitte geben Sie eine Notiz ein.' });
    return addBelegNote(trx, request.body.belegId, text, request.caller!);
  });

  endpointRoute(app, caluclatePlanDBForVorgang, async (request) => planDbOfVorgang(db, request.params.id));

  endpointRoute(app, setLostForVorgang, async (request) => setVorgangLost(db, request.body, request.caller!));

  endpointRoute(app, setExpectedValueForVorgang, async (request) =>
    setExpectedValue(db, request.body, request.caller!),
  );

  endpointRoute(app, setSellerForVorgang, async (request) => {
    await assertSeller(db, app.directory, request.credentials!, request.body.sellerUserId);
    return setVorgangSeller(db, request.body, request.caller!);
  });

  endpointRoute(app, getSellerOptions, async (request) =>
    sellerOptions(db, app.directory, request.caller!, request.credentials!, request.query.vorgangId),
  );

  endpointRoute(app, getLostReasons, async () => lostReasons(db));

  endpointRoute(app, getTimelineForVorgang, async (request) => {
    await existing(request.params.id);
    return vorgangTimelinePage(db, request.params.id, request.query.after);
  });

  endpointRoute(app, getStatusHistoryForVorgang, async (request) => {
    await existing(request.params.id);
    return statusHistory(db, request.params.id);
  });

  await registerVorgangFileRoutes(app);
}

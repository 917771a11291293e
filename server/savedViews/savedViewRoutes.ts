import type { FastifyInstance } from 'fastify';
import {
  createSavedView,
  deleteSavedView,
  getSavedViews,
  setDefaultSavedView,
  updateSavedView,
} from '../../src/resources/savedViews/savedViews.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { createView, deleteView, listViews, setDefaultView, updateView } from './savedViewQueries';

/** Gespeicherte Ansichten: list, save, change, delete, and the person's default per list. */
export function registerSavedViewRoutes(app: FastifyInstance) {
  endpointRoute(app, getSavedViews, async (request) =>
    listViews(app.db, request.caller!, request.query.listKey),
  );
  endpointRoute(app, createSavedView, async (request, _reply, db) => {
    const { listKey, ...input } = request.body;
    return createView(db, request.caller!, listKey, input);
  });
  endpointRoute(app, updateSavedView, async (request) =>
    updateView(app.db, request.caller!, request.params.id, request.body),
  );
  endpointRoute(app, deleteSavedView, async (request) =>
    deleteView(app.db, request.caller!, request.params.id, request.query.version),
  );
  endpointRoute(app, setDefaultSavedView, async (request) =>
    setDefaultView(app.db, request.caller!, request.body.listKey, request.body.viewId),
  );
}

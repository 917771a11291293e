import type { FastifyInstance } from 'fastify';
import { GROUPS } from '../../src/auth/groups';
import customerEntity from '../../src/resources/customers/customer.entity';
import { touchCustomer } from './customerQueries';
import { timelinePage } from './timeline';
import {
  addTimelineNote,
  findPersonalNote,
  findTimelineNote,
  savePersonalNote,
  updateTimelineNote,
} from './timelineQueries';
import { getRecord } from '../platform/entities/entityRepository';
import { conflict, forbidden, notFound } from '../platform/http/apiError';
import { apiErrors, idParams } from '../platform/http/routeSchemas';
import { wrapped } from '../platform/http/wrapped';

const tags = ['Kunden: Timeline und Notizen'];
const config = { access: { groups: [GROUPS.kunde] } };
const errors = apiErrors;
const noteText = { type: 'string', minLength: 1, maxLength: 5000, pattern: '\\S' };
const note = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    text: { type: 'string' },
    version: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
  },
};

/** The customer's timeline with its notes, and each user's private notes on a customer (SPEC §7 kunde/…). */
export function registerTimelineRoutes(app: FastifyInstance) {
  const { db } = app;
  app.get<{ Params: { id: number }; Querystring: { after?: string } }>(
    '/api/kunde/getTimelineForCustomer/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Eine Seite der Timeline, neueste zuerst; die nächste mit after = next',
        params: idParams,
        querystring: { type: 'object', properties: { after: { type: 'string', maxLength: 100 } } },
        response: errors,
      },
    },
    async (request) => {
      await getRecord(db, customerEntity, request.params.id);
      return timelinePage(db, request.params.id, request.caller!.oid, request.query.after);
    },
  );

  app.post<{ Body: { customerId: number; text: string } }>(
    '/api/kunde/postNoteToTimeline',
    {
      config,
      schema: {
        tags,
        summary: 'Notiz auf die Timeline schreiben',
        body: {
          type: 'object',
          properties: { customerId: { type: 'integer', minimum: 1 }, text: noteText },
          required: ['customerId', 'text'],
        },
        response: { 200: wrapped(note), ...errors },
      },
    },
    async (request) => {
      const { customerId, text } = request.body;
      await getRecord(db, customerEntity, customerId);
      const caller = request.caller!;
      const added = await addTimelineNote(db, customerId, text.trim(), caller);
      await touchCustomer(db, customerId);
      return added;
    },
  );

  app.put<{ Params: { id: number }; Body: { text: string; version: number } }>(
    '/api/kunde/updateNoteFromTimeline/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Eigene Notiz ändern (nur mit aktueller Version)',
        params: idParams,
        body: {
          type: 'object',
          properties: { text: noteText, version: { type: 'integer' } },
          required: ['text', 'version'],
        },
        response: { 200: wrapped(note), ...errors },
      },
    },
    async (request) => {
      const current = await findTimelineNote(db, request.params.id);
      if (!current) throw notFound('Die Notiz wurde nicht gefunden.');
      if (current.authorOid !== request.caller!.oid)
        throw forbidden('Sie können nur Ihre eigenen Notizen ändern.');
      const updated = await updateTimelineNote(
        db,
        request.params.id,
        request.body.text.trim(),
        request.body.version,
      );
      if (!updated) throw conflict();
      return updated;
    },
  );

  const personal = {
    type: 'object',
    properties: { text: { type: 'string' }, version: { type: 'integer' } },
  };

  app.get<{ Params: { id: number } }>(
    '/api/kunde/getPersonalNotes/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Die persönliche Notiz des Aufrufers zu diesem Kunden (Version 0: noch keine)',
        params: idParams,
        response: { 200: wrapped(personal), ...errors },
      },
    },
    async (request) => {
      await getRecord(db, customerEntity, request.params.id);
      return (await findPersonalNote(db, request.params.id, request.caller!.oid)) ?? { text: '', version: 0 };
    },
  );

  app.put<{ Params: { id: number }; Body: { text: string; version: number } }>(
    '/api/kunde/updatePersonalNotes/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Persönliche Notiz speichern (nur für den Aufrufer sichtbar; Version wie gelesen)',
        params: idParams,
        body: {
          type: 'object',
          properties: {
            text: { type: 'string', maxLength: 20000 },
            version: { type: 'integer', minimum: 0 },
          },
          required: ['text', 'version'],
        },
        response: { 200: wrapped(personal), ...errors },
      },
    },
    async (request) => {
      const customerId = request.params.id;
      await getRecord(db, customerEntity, customerId);
      const oid = request.caller!.oid;
      const { text, version } = request.body;
      const saved = await savePersonalNote(db, customerId, oid, text, version);
      if (!saved) {
        throw conflict(
          'Ihre persönliche Notiz wurde inzwischen in einem anderen Fenster geändert. Bitte laden Sie sie neu.',
        );
      }
      return saved;
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { GROUPS } from '../../src/auth/groups';
import customerEntity from '../../src/resources/customers/customer.entity';
import { timelinePage } from './timeline';
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
      const { rows } = await sql`
        INSERT INTO timeline_note (customer_id, text, author_oid, author_name)
        VALUES (${customerId}, ${text.trim()}, ${caller.oid}, ${caller.name})
        RETURNING id, text, version, created_at AS "createdAt"`.execute(db);
      await sql`UPDATE customer SET last_activity_at = greatest(last_activity_at, now()) WHERE id = ${customerId}`.execute(
        db,
      );
      return rows[0];
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
      const { rows: found } = await sql<{ authorOid: string; version: number }>`
        SELECT author_oid AS "authorOid", version FROM timeline_note WHERE id = ${request.params.id}`.execute(
        db,
      );
      const current = found[0];
      if (!current) throw notFound('Die Notiz wurde nicht gefunden.');
      if (current.authorOid !== request.caller!.oid)
        throw forbidden('Sie können nur Ihre eigenen Notizen ändern.');
      const { rows } = await sql`
        UPDATE timeline_note SET text = ${request.body.text.trim()}, version = version + 1, updated_at = now()
        WHERE id = ${request.params.id} AND version = ${request.body.version}
        RETURNING id, text, version, created_at AS "createdAt"`.execute(db);
      if (!rows[0]) throw conflict();
      return rows[0];
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
      const { rows } = await sql<{ text: string; version: number }>`
        SELECT text, version FROM personal_note
        WHERE customer_id = ${request.params.id} AND user_oid = ${request.caller!.oid}`.execute(db);
      return rows[0] ?? { text: '', version: 0 };
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
      // Version 0 creates the note; two tabs of the same user cannot overwrite each other either.
      const { rows } =
        version === 0
          ? await sql<{ text: string; version: number }>`
              INSERT INTO personal_note (customer_id, user_oid, text) VALUES (${customerId}, ${oid}, ${text})
              ON CONFLICT DO NOTHING RETURNING text, version`.execute(db)
          : await sql<{ text: string; version: number }>`
              UPDATE personal_note SET text = ${text}, version = version + 1, updated_at = now()
              WHERE customer_id = ${customerId} AND user_oid = ${oid} AND version = ${version}
              RETURNING text, version`.execute(db);
      if (!rows[0]) {
        throw conflict(
          'Ihre persönliche Notiz wurde inzwischen in einem anderen Fenster geändert. Bitte laden Sie sie neu.',
        );
      }
      return rows[0];
    },
  );
}

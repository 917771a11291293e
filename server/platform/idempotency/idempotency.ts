import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEEP_DAYS } from '../../../src/api/idempotency.rules';
import type { Database } from '../db/database';
import { ApiError, badRequest } from '../http/apiError';

/**
 * Creation made idempotent on the server: a client sends an `Idempotency-Key` (a UUID per form
 * opening, or per entry of an offline outbox); the first request with it stores its answer in the same
 * transaction as the record it creates, and every repeat by the same person gets that answer unchanged
 * instead of a second record. One mechanism for every create route: `endpointRoute` applies it to endpoints
 * declared `idempotent: true`, the entity routes to their creates. Without the header nothing changes.
 */

const HEADER = IDEMPOTENCY_HEADER.toLowerCase();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The header in a route's schema, so that the OpenAPI document shows it. */
export const idempotencyHeaders = {
  type: 'object',
  properties: {
    [HEADER]: {
      type: 'string',
      description:
        'Optional: eine UUID je geöffnetem Formular (oder Eintrag des Offline-Ausgangs). Dieselbe Kennung noch einmal ' +
        'legt nichts neu an, sondern bekommt die erste Antwort (7 Tage lang); mit anderen Daten: 422.',
    },
  },
} as const;

/** The same key with other data: the caller's form was sent before with something else. */
export const keyReusedMessage =
  'Diese Eingabe wurde mit anderen Daten bereits gesendet. Bitte öffnen Sie das Formular neu, um einen weiteren Datensatz anzulegen.';

function keyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[HEADER];
  if (raw === undefined) return undefined;
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (!UUID.test(value)) throw badRequest(`${IDEMPOTENCY_HEADER}: Bitte senden Sie eine UUID.`);
  return value.toLowerCase();
}

// JSON with the keys of every object sorted: the same data in another key order is the same request.
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// What makes two requests "the same": method, route, path parameters, query and body. An upload's file
// is a stream read by the handler and is not part of it (its target is).
function requestHash(request: FastifyRequest): string {
  const described = stableJson({
    method: request.method,
    route: request.routeOptions.url,
    params: request.params ?? null,
    query: request.query ?? null,
    body: request.body ?? null,
  });
  return createHash('sha256').update(described).digest('hex');
}

interface StoredAnswer {
  request_hash: string;
  response_status: number;
  response_body: unknown;
}

// Keys live in idempotency_claim (partitioned by month; only the months a kept key can be in are read) and,
// until the contract release drops it, also in idempotency_key, where instances of the previous release look.
async function storedAnswer(db: Database, oid: string, key: string): Promise<StoredAnswer | undefined> {
  const { rows } = await sql<StoredAnswer>`
    (SELECT request_hash, response_status, response_body FROM idempotency_claim
     WHERE caller_oid = ${oid} AND key = ${key}::uuid
       AND created_at > now() - make_interval(days => ${IDEMPOTENCY_KEEP_DAYS + 1}))
    UNION ALL
    (SELECT request_hash, response_status, response_body FROM idempotency_key
     WHERE caller_oid = ${oid} AND key = ${key}::uuid)
    LIMIT 1`.execute(db);
  return rows[0];
}

// The first answer again, or a 422 when the key came with other data.
function replay(request: FastifyRequest, reply: FastifyReply, stored: StoredAnswer): unknown {
  if (stored.request_hash !== requestHash(request)) throw new ApiError(422, keyReusedMessage);
  reply.code(stored.response_status).header('Idempotent-Replayed', 'true');
  return stored.response_body;
}

/**
 * A route's `preValidation`: a key whose first request is done answers its stored answer at once, before
 * the body is validated again or a transaction is opened (a retry of a finished create costs one read).
 */
export async function replayFinished(db: Database, request: FastifyRequest, reply: FastifyReply) {
  const key = keyOf(request);
  if (!key || !request.caller) return;
  const stored = await storedAnswer(db, request.caller.oid, key);
  if (stored) return reply.send(replay(request, reply, stored));
}

/**
 * Runs a create under the request's Idempotency-Key. The key is claimed first in the create's transaction:
 * a concurrent duplicate waits on its lock until the first commits, then finds the stored answer and returns it; if the first rolled back (a 400, a 409), the duplicate proceeds as the first. Keys are
 * per caller (directory oid), so another person's equal key never collides. Without a key, `work` gets `db`.
 */
export async function idempotent<T>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (trx: Database) => Promise<T>,
): Promise<T | unknown> {
  const key = keyOf(request);
  if (!key || !request.caller) return work(db);
  const oid = request.caller.oid;
  return db.transaction().execute(async (trx) => {
    // A partitioned table checks its primary key per month only: the lock on caller and key makes a concurrent
    // duplicate wait until the first commits (or rolls back), then it finds the stored answer (or goes first).
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${oid} ${key}`}, 0))`.execute(trx);
    const earlier = await storedAnswer(trx, oid, key);
    if (earlier) return replay(request, reply, earlier);
    // The previous release claims in idempotency_key (during a rolling update): claim there too, so neither
    // release misses a key the other stored.
    const claimed = await sql`
      INSERT INTO idempotency_key (caller_oid, key, request_hash)
      VALUES (${oid}, ${key}::uuid, ${requestHash(request)})
      ON CONFLICT DO NOTHING RETURNING key`.execute(trx);
    if (!claimed.rows.length) return replay(request, reply, (await storedAnswer(trx, oid, key))!);
    const result = await work(trx);
    if (reply.sent) {
      // The handler answered itself (a mail the server could not send: 502), so there is no answer to keep:
      // the key is given up and the same key may try again; what the handler recorded stays.
      await sql`DELETE FROM idempotency_key WHERE caller_oid = ${oid} AND key = ${key}::uuid`.execute(trx);
      return result;
    }
    const answer = JSON.stringify(result ?? null);
    await sql`
      INSERT INTO idempotency_claim (caller_oid, key, request_hash, response_status, response_body)
      VALUES (${oid}, ${key}::uuid, ${requestHash(request)}, ${reply.statusCode}, ${answer}::json)`.execute(
      trx,
    );
    await sql`
      UPDATE idempotency_key SET response_status = ${reply.statusCode}, response_body = ${answer}::json
      WHERE caller_oid = ${oid} AND key = ${key}::uuid`.execute(trx);
    return result;
  });
}

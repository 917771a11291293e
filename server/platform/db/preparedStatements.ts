import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Starts a statement's SQL text that is to be prepared once per connection and reused: PostgreSQL parses and
 * plans it on the connection's first use and afterwards only binds the values. For statements that run with
 * nearly every write (the Änderungsverlauf's INSERT, an UPDATE that returns the old row), whose text is the same
 * for the same shape (values as parameters, never in the text).
 */
export const PREPARED = '/* prepared */';

/**
 * At most this many different texts are prepared (per process, so per connection too); further ones run
 * unprepared. A statement whose text is built from the fields a caller sends has a shape per set of fields,
 * and each prepared one holds memory on every connection until it closes.
 */
const MOST_TEXTS = 300;
const names = new Map<string, string>();

const nameOf = (text: string): string | null => {
  if (!text.startsWith(PREPARED)) return null;
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MOST_TEXTS) return null;
    name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
};

type Query = PostgresPoolClient['query'];

/**
 * The pool as Kysely sees it, sending statements marked PREPARED as named prepared statements (unless `prepare`
 * is false: through PgBouncer in transaction mode, whose Debian 12 version 1.18 cannot keep them), every other one
 * as before. One wrapper per pooled client, so Kysely keeps one connection object per client.
 */
export function preparingPool(pool: pg.Pool, prepare = true): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = ((textOrCursor: unknown, values?: ReadonlyArray<unknown>) => {
      if (typeof textOrCursor === 'string') {
        const name = prepare ? nameOf(textOrCursor) : null;
        const params = [...(values ?? [])];
        return name
          ? client.query({ name, text: textOrCursor, values: params })
          : client.query(textOrCursor, params);
      }
      return client.query(textOrCursor as pg.Submittable);
    }) as unknown as Query;
    return { query, release: () => client.release() };
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let own = wrapped.get(client);
      if (!own) {
        own = wrap(client);
        wrapped.set(client, own);
      }
      return own;
    },
    end: () => pool.end(),
  };
}

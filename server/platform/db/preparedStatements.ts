import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

// A statement that starts with this comment is sent as a named prepared statement (the name follows, then " */").
const MARK = '/* prepared ';

/**
 * Marks a statement's SQL text to be prepared once per connection and reused: PostgreSQL parses and plans it on
 * the connection's first use and afterwards only binds the values. For statements that run with nearly every
 * write and always have the same text (values as parameters); a statement whose text varies must not use it.
 * The name must be a plain word, unique per text: the driver refuses a name reused for another text.
 */
export const preparedName = (name: string) => `${MARK}${name} */`;

const nameOf = (text: string): string | null => {
  if (!text.startsWith(MARK)) return null;
  const end = text.indexOf(' */', MARK.length);
  return end > MARK.length ? text.slice(MARK.length, end) : null;
};

type Query = PostgresPoolClient['query'];

/**
 * The pool as Kysely sees it, sending marked statements (`preparedName`) with their name, every other one as
 * before. One wrapper per pooled client, so Kysely keeps one connection object per client.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = ((textOrCursor: unknown, values?: ReadonlyArray<unknown>) => {
      if (typeof textOrCursor === 'string') {
        const name = nameOf(textOrCursor);
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

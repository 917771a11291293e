import { createHash } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpMethod } from '../../../src/api/endpoint';
import { GROUPS } from '../../../src/auth/groups';
import { updateCustomerField } from '../../../src/resources/customers/customers.endpoints';
import { connectionStringOf } from '../../../server/platform/db/database';
import { loadEntities } from '../../../server/platform/entities/loadEntities';
import { createTestApp, type TestApp } from '../../support/testApp';

// How many generated requests one run sends (CI: FUZZ_RUNS unset; by hand e.g. FUZZ_RUNS=10000).
const RUNS = Number(process.env.FUZZ_RUNS ?? 800);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

// A person who may call every route: all groups and a branch, so refusals are about input, not rights.
const EVERYONE = [...Object.values(GROUPS), 'APP_STANDORT_S_KLAGENFURT', 'APP_STANDORT_S_VILLACH'];

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  format?: string;
}
interface Operation {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface Route {
  method: HttpMethod;
  path: string;
  params: string[];
  query: Record<string, Schema>;
  body?: Schema;
}

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies HttpMethod[];
const isMethod = (method: string): method is HttpMethod => METHODS.includes(method);

/** Every API route from the OpenAPI document the server builds from its route table. */
function routeTable(t: TestApp): Route[] {
  const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      // An event stream that accepts a request stays open; its refusals are tested with the board (kanban.test).
      if (operation.responses?.['200']?.content?.['text/event-stream']) continue;
      const parameters = operation.parameters ?? [];
      const upper = method.toUpperCase();
      if (!isMethod(upper)) throw new Error(`${path}: unbekannte Methode ${method}`);
      routes.push({
        method: upper,
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(
          parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
        ),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

// The values that broke the server before and their neighbours.
const nasty = fc.constantFrom<unknown>(
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '2023-02-30',
  '0000-00-00',
  '1900-01-01T25:61:00Z',
  '2024-13-01',
  '99999-01-01',
  'abc',
  '%',
  '_',
  '\\',
  "'; DROP TABLE customer; --",
  '😀',
  'x'.repeat(5000),
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2,
  1e20,
  -1,
  0,
  1.5,
  Number.MAX_VALUE,
  true,
  false,
  null,
  [],
  {},
  [1, 2],
  ['a'],
  { mode: 'contains', value: 'a' },
  { mode: 'equals', value: 'abc' },
  { mode: 'bogus', value: 1 },
  { a: { b: [] } },
);
/**
 * A value nested `depth` deep, sent as written: JSON.stringify itself overflows the stack on 10,000 levels,
 * so the body carries a marker that `toJson` swaps for the text.
 */
class DeepNesting {
  constructor(
    readonly depth: number,
    readonly as: 'array' | 'object',
  ) {}
  text(): string {
    return this.as === 'array'
      ? '['.repeat(this.depth) + ']'.repeat(this.depth)
      : '{"a":'.repeat(this.depth) + '1' + '}'.repeat(this.depth);
  }
}

/** The request body as JSON, with every DeepNesting written out. */
function toJson(value: unknown): string {
  const deep: DeepNesting[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof DeepNesting)) return item;
    deep.push(item);
    return `\u0001deep${deep.length - 1}\u0001`;
  });
  return text.replace(/"\\u0001deep(\d+)\\u0001"/g, (_match, index: string) => deep[Number(index)]!.text());
}

// An own key named __proto__, as only a parser makes it (an object literal would set the prototype instead).
const PROTO_KEY: unknown = JSON.parse('{"__proto__": {"admin": true}}');

// Shapes where a scalar belongs: arrays, objects, query-operator look-alikes and nesting deep enough to
// overflow a recursive walk.
const wrongShape = fc.oneof(
  fc.constantFrom<unknown>(
    [],
    ['v'],
    [null],
    {},
    { $gt: '' },
    { $ne: null },
    { $where: '1' },
    PROTO_KEY,
    { constructor: { prototype: {} } },
    { a: { b: { c: { d: 'e' } } } },
    [[['x']]],
  ),
  fc
    .constantFrom(10_000, 40, 33, 31)
    .chain((depth) => fc.constantFrom(new DeepNesting(depth, 'array'), new DeepNesting(depth, 'object'))),
);

const anyValue = fc.oneof(
  { weight: 3, arbitrary: nasty },
  { weight: 2, arbitrary: wrongShape },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer() },
);

// Something a schema would accept, so that requests also get past validation into the handlers.
function plausible(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (schema?.enum) return fc.constantFrom(...schema.enum);
  if (schema?.format === 'date') return fc.constantFrom('2024-02-29', '2023-02-30', '2025-01-01');
  switch (type) {
    case 'integer':
      return fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom(2024, 2147483647, 2147483648));
    case 'number':
      return fc.double({ noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(schema?.items), { maxLength: 3 });
    case 'object':
      return bodyOf(schema);
    default:
      return fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('2024-05-01', 'a\u0000', 'x@example.com'),
      );
  }
}

function bodyOf(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema?.properties ?? {});
  const field = (s: Schema) =>
    fc.oneof({ weight: 2, arbitrary: plausible(s) }, { weight: 1, arbitrary: anyValue });
  return fc.oneof(
    {
      weight: 7,
      arbitrary: fc.record(Object.fromEntries(properties.map(([k, s]) => [k, field(s)])), {
        requiredKeys: [],
      }),
    },
    { weight: 1, arbitrary: anyValue },
  );
}

const pathValue = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '2147483647',
    '2147483648',
    '99999999999999999999',
    '-1',
    '0',
    '1.5',
    'abc',
    '1%00',
    '%00',
    '1e3',
    '%25',
    'null',
  ),
  fc.integer({ min: 1, max: 50 }).map(String),
);

const filterKeys = (fieldNames: string[]) => fc.constantFrom('q', 'id', 'mine', 'unknown', ...fieldNames);

interface Sent {
  route: Route;
  url: string;
  payload: unknown;
}

function requestFor(route: Route, fieldNames: string[]): fc.Arbitrary<Sent> {
  const filter = fc.oneof(
    fc.dictionary(filterKeys(fieldNames), anyValue, { maxKeys: 3 }).map((f) => toJson(f)),
    fc.constantFrom('{', '[]', 'null', '"x"', '1'),
  );
  const query = fc.record(
    Object.fromEntries(
      Object.entries(route.query).map(([name, schema]) => [
        name,
        name === 'filter'
          ? filter
          : fc.oneof(
              plausible(schema).map(String),
              anyValue.map((v) => (typeof v === 'string' ? v : toJson(v))),
            ),
      ]),
    ),
    { requiredKeys: [] },
  );
  const params = fc.tuple(...route.params.map(() => pathValue));
  return fc.record({ query, params, body: bodyOf(route.body) }).map(({ query, params, body }) => {
    let url = route.path;
    route.params.forEach((name, i) => (url = url.replace(`{${name}}`, params[i]!)));
    const search = new URLSearchParams(
      Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, value]])),
    ).toString();
    return {
      route,
      url: search ? `${url}?${search}` : url,
      payload: route.method === 'GET' ? undefined : body,
    };
  });
}

/** The message of a JSON refusal (`{ statusCode, result: { message } }`), whatever the body holds. */
function messageOf(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('result' in body)) return undefined;
  const { result } = body;
  return typeof result === 'object' && result !== null && 'message' in result ? result.message : undefined;
}

describe('malformed requests to every route (property-based)', () => {
  let t: TestApp;
  let routes: Route[];
  let fieldNames: string[];
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    routes = routeTable(t);
    fieldNames = [...new Set((await loadEntities()).flatMap((e) => e.fields.map((f) => f.source)))];
    token = await t.tokenFor(EVERYONE);
    fingerprints = new pg.Client({ connectionString: connectionStringOf(t.db) });
    await fingerprints.connect();
  });
  afterAll(async () => {
    await fingerprints?.end();
    await t.close();
  });

  // Rows per table and the newest row version: a committed insert, update or delete moves it. Queues
  // that background jobs work through, the usage log and the rate limits' counters (which count a refused
  // request too, by design) change on their own and are left out, with their monthly or hourly partitions.
  // The tables are listed anew each time; the query over all of them is a prepared statement on a connection
  // of its own, planned once per list of tables instead of once per call (a union of ~100 tables).
  let fingerprints: pg.Client;
  async function fingerprint(): Promise<string> {
    const tables = await fingerprints.query<{ name: string }>({
      name: 'fingerprint_tables',
      text: `SELECT quote_ident(tablename) AS name FROM pg_tables
        WHERE schemaname = 'public'
          AND tablename NOT IN ('kysely_migration', 'kysely_migration_lock', 'usage_log', 'article_mapping_cache_job', 'rate_limit_hit')
          AND tablename !~ '^(analytics_event|rate_limit_window)(_p[0-9]+|_default)?$'
        ORDER BY 1`,
    });
    const parts = tables.rows.map(
      (r) => `SELECT '${r.name}' AS t, count(*) AS n, max(xmin::text::bigint) AS x FROM ${r.name}`,
    );
    const text = parts.join(' UNION ALL ');
    const name = `fingerprint_${createHash('sha1').update(text).digest('hex')}`;
    const result = await fingerprints.query<{ t: string; n: string; x: string }>({ name, text });
    return JSON.stringify(result.rows.sort((a, b) => a.t.localeCompare(b.t)));
  }

  it('refuses a body nested 10,000 deep with a German 400 at its field', async () => {
    for (const as of ['array', 'object'] as const) {
      // Written out by hand: no typed body can be this deep.
      const refused = await t.callAs(EVERYONE, {
        method: updateCustomerField.method,
        url: `/api/${updateCustomerField.path}`,
        headers: { 'content-type': 'application/json' },
        payload: toJson({ id: 1, version: 1, field: 'city', value: new DeepNesting(10_000, as) }),
      });
      expect(refused.status).toBe(400);
      expect(refused.message).toMatch(/zu tief verschachtelt/);
      expect(refused.errors).toHaveProperty('value');
    }
  });

  it(
    'never answers 5xx, refuses with a German message, and a refused write changes nothing',
    async () => {
      expect(routes.length).toBeGreaterThan(50);
      const covered = new Set<string>();
      const statuses: Record<number, number> = {};
      const arbitrary = fc.constantFrom(...routes).chain((route) => requestFor(route, fieldNames));
      // The data as the last refused write left it, if nothing was sent since: the next write's "before".
      let unchangedSince: string | undefined;
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ route, url, payload }) => {
          const write = route.method !== 'GET';
          const before = write ? (unchangedSince ?? (await fingerprint())) : '';
          unchangedSince = undefined;
          const response = await t.app.inject({
            method: route.method,
            url,
            headers: { authorization: `Bearer ${token}` },
            ...(payload === undefined
              ? {}
              : {
                  payload: toJson(payload),
                  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                }),
          });
          covered.add(`${route.method} ${route.path}`);
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
          const where = `${route.method} ${url.slice(0, 300)} ${payload === undefined ? '' : toJson(payload).slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          if (response.statusCode >= 400 && response.headers['content-type']?.includes('json')) {
            const message = messageOf(response.json());
            expect(typeof message, where).toBe('string');
            expect(String(message), where).not.toMatch(/must|should|is not|Unexpected|Cannot/);
          }
          if (write && response.statusCode >= 400) {
            const after = await fingerprint();
            expect(after, `${where}: änderte Daten`).toBe(before);
            unchangedSince = after;
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      console.log(
        `${RUNS} Anfragen an ${covered.size} von ${routes.length} Routen; Status: ${JSON.stringify(statuses)}`,
      );
    },
    Math.max(120_000, RUNS * 150),
  );
});

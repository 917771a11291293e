import type { FastifyInstance, InjectOptions } from 'fastify';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, inject } from 'vitest';
import type { ClientConfig } from '../../src/config/clientConfig';
import { requestOf, type InputArgs } from '../../src/api/callEndpoint';
import type { EndpointDeclaration, ResultOf } from '../../src/api/endpoint';
import { IDEMPOTENCY_HEADER } from '../../src/api/idempotency.rules';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/platform/config/env';
import type { AuthPluginOptions } from '../../server/platform/auth/authPlugin';
import { setUpDevAuth } from '../../server/dev/devIdp/devAuthSetup';
import { loadOrCreateDevIdpKeys, type DevIdpKeys } from '../../server/dev/devIdp/devIdpKeys';
import { openDatabase, type Database } from '../../server/platform/db/database';
import { loadEntities } from '../../server/platform/entities/loadEntities';
import type { Directory } from '../../server/platform/auth/directory';
import type { EntityDeclaration } from '../../src/resources/entity';
import { createDemoDirectory } from '../../server/dev/demoDirectory';
import { loadDemoUsers, type DemoUser } from '../../server/dev/devIdp/demoUsers';
import { adminQuery } from './adminQuery';
import { signAccessToken } from './tokens';
import { createFolderSource } from '../../server/downloads/folderSource';
import type { DownloadSource } from '../../server/downloads/downloadSource';
import type { AzureBlobConfig } from '../../server/platform/files/azureBlobObjects';
import type { NetworkAccessConfig } from '../../server/platform/config/networkAccess';
import type { Microsoft365Options } from '../../server/microsoft365/microsoft365Options';
import type { JobOptions } from '../../server/platform/jobs/jobsPlugin';

export const PUBLIC_URL = 'http://localhost:3000';
export const ISSUER = `${PUBLIC_URL}/oidc`;

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** A valid token of a person with these groups. */
  tokenFor: (groups: readonly string[]) => Promise<string>;
  /** The (initially missing) folder the data sync reads. */
  importDir: string;
  /** Where uploads are stored (1 MB limit in tests). */
  filesDir: string;
  /** The Dateien area's folder (empty at first) when no other source is given. */
  downloadsDir: string;
  signingKey: Awaited<ReturnType<typeof loadOrCreateDevIdpKeys>>['signingKey'];
  /** Calls the API as a person with these groups and returns status and parsed body. */
  call: (
    groups: readonly string[] | null,
    options: InjectOptions,
  ) => Promise<{
    status: number;
    body: { statusCode: number; result: Record<string, unknown> & { message?: string } };
  }>;
  /**
   * Calls the API as `caller` (a `TestCaller`: groups, nobody, a token, an address) and unwraps the answer: `result` when
   * `status` is 200, else `message` and `errors` say why. `callEndpoint` and `entityCalls` type what it answers.
   */
  callAs: (caller: TestCaller, options: InjectOptions) => Promise<CallAnswer<unknown>>;
  /**
   * Calls a declared endpoint as `caller` (a `TestCaller`), its path, query and body typed by the declaration:
   * `result` is the declared result when `status` is 200, else `message` and `errors` say why.
   */
  callEndpoint: <E extends EndpointDeclaration>(
    caller: TestCaller,
    endpoint: E,
    ...input: InputArgs<E>
  ) => Promise<EndpointAnswer<E>>;
  close: () => Promise<void>;
}

/**
 * Who calls: the test person with these groups, nobody (null), another person by a token of theirs, a person of the
 * directory by oid and groups (a token is signed for them), or nobody from this network address (a customer on a
 * public link, whose limits count per address).
 */
export type TestCaller =
  | readonly string[]
  | null
  | { token: string }
  | { oid: string; groups: readonly string[] }
  | { from: string };

/** What a call answered in a test: the status, the result, or the German refusal. */
export interface CallAnswer<R> {
  status: number;
  /** The wrapper's own `statusCode` (`{ statusCode, result }`), which must match the HTTP status. */
  statusCode: number;
  result: R;
  message?: string;
  errors?: Record<string, string>;
}

/** What a declared endpoint answered in a test: the status, the typed result, or the German refusal. */
export type EndpointAnswer<E extends EndpointDeclaration> = CallAnswer<ResultOf<E>>;

/** The result of a call (of an endpoint or an entity route) that must succeed; a refusal fails the test with its status and message. */
export async function resultOf<R>(call: Promise<CallAnswer<R>>): Promise<R> {
  const answer = await call;
  expect(answer.status, JSON.stringify({ message: answer.message, errors: answer.errors })).toBe(200);
  return answer.result;
}

/**
 * A declared endpoint's call as an injection: method, URL and query from the declaration, the idempotency key as
 * its header. The body is left to the caller, which sends it as JSON or as a multipart upload.
 */
export function injectionOf(
  endpoint: EndpointDeclaration,
  input: unknown,
): {
  method: EndpointDeclaration['method'];
  url: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
} {
  const { path: url, options } = requestOf(endpoint, input);
  return {
    method: endpoint.method,
    url: `/api/${url}`,
    query: Object.fromEntries(
      Object.entries(options.query ?? {}).flatMap(([key, value]) =>
        value === undefined ? [] : [[key, String(value)]],
      ),
    ),
    headers: options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : {},
    body: options.body,
  };
}

let counter = 0;

// Made once per worker and shared by its apps (each app has its own database, so none signs in at another):
// an RSA key pair costs 55–75 ms CPU, the entities' folder walk and the demo users' file ~30 ms more per app.
let workerKeys: Promise<DevIdpKeys> | undefined;
let workerEntities: Promise<EntityDeclaration[]> | undefined;
let workerDemoUsers: DemoUser[] | undefined;

/** The development provider's keys in this new folder: the worker's, made by its first app. */
async function devIdpKeysIn(dataDir: string): Promise<void> {
  if (!workerKeys) {
    workerKeys = loadOrCreateDevIdpKeys(dataDir);
    await workerKeys;
    return;
  }
  // Where loadOrCreateDevIdpKeys looks first.
  await writeFile(path.join(dataDir, 'dev-idp-keys.json'), JSON.stringify(await workerKeys), { mode: 0o600 });
}

/** The oid of the test person, whose tokens `call` and `tokenFor` sign (tests/support/tokens.ts). */
export const TEST_PERSON_OID = '11111111-2222-3333-4444-555555555555';

/**
 * The directory of a test app: the demo users, the test person with customer access (APP_KUNDE, as most tests
 * call), and the test's own people. Who may be a Verkäufer is decided by it (platform/auth/customerAccess.ts).
 */
function testDirectory(people: Pick<DemoUser, 'oid' | 'name' | 'groups'>[]): Directory {
  const person = ({ oid, name, groups }: Pick<DemoUser, 'oid' | 'name' | 'groups'>): DemoUser => ({
    oid,
    name,
    groups,
    username: oid,
    email: `${oid}@example.at`,
  });
  return createDemoDirectory([
    ...(workerDemoUsers ??= loadDemoUsers(path.resolve('server/dev/devIdp/demo-users.json'))),
    person({ oid: TEST_PERSON_OID, name: 'Test Person', groups: ['APP_KUNDE'] }),
    ...people.map(person),
  ]);
}

/**
 * The real API (same plugins, auth and routes as production) on a fresh copy of the migrated database;
 * signed in through the development provider unless another sign-in is given.
 */
export async function createTestApp(signIn?: {
  auth?: AuthPluginOptions;
  clientAuth?: ClientConfig['auth'];
  directory?: Directory;
  smtpUrl?: string;
  downloads?: DownloadSource;
  /** A second server instance over another test app's database (its `connectionStringOf(db)`). */
  databaseUrl?: string;
  /** Uploaded files in this blob container (FILE_STORE=azure) instead of the app's own folder. */
  azureBlob?: AzureBlobConfig;
  /** The product's address (https turns on HSTS). */
  publicUrl?: string;
  /** Trusted proxies and who may read /metrics. */
  network?: NetworkAccessConfig;
  /** Receives the server's JSON log lines (at level info) instead of silence. */
  logStream?: { write(line: string): void };
  /** Microsoft 365 per person, against the Graph stand-in (tests/support/graphStandIn.ts). */
  microsoft365?: Microsoft365Options;
  /** The tenant the app serves (Strussnig unless told): its country, zone and branding. */
  tenant?: ClientConfig['tenant'];
  /** The built web app it serves (dist/ unless told). */
  webRoot?: string;
  /** People the directory knows besides the demo users and the test person (oid and groups count). */
  directoryPeople?: Pick<DemoUser, 'oid' | 'name' | 'groups'>[];
  /** The job library's settings (a fast periodic check). */
  jobs?: JobOptions;
  /** The instance's name on its database connections (pg_stat_activity's application_name). */
  instanceName?: string;
}): Promise<TestApp> {
  const serverUrl = inject('postgresServerUrl');
  const name = `test_${process.pid}_${Date.now()}_${counter++}`;
  if (!signIn?.databaseUrl) await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE fenster_template`);
  const db = openDatabase(signIn?.databaseUrl ?? `${serverUrl}/${name}`, 4, signIn?.instanceName);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-keys-'));
  await devIdpKeysIn(dataDir);
  const devAuth = await setUpDevAuth({
    publicUrl: PUBLIC_URL,
    dataDir,
    usersFile: path.resolve('server/dev/devIdp/demo-users.json'),
  });
  const { signingKey } = await loadOrCreateDevIdpKeys(dataDir);
  const downloadsDir = path.join(dataDir, 'downloads');
  const maxBytes = 1024 * 1024;
  const app = await buildApp({
    db,
    entities: await (workerEntities ??= loadEntities()),
    importDir: path.join(dataDir, 'import'),
    files: signIn?.azureBlob
      ? { azure: signIn.azureBlob, maxBytes }
      : { dir: path.join(dataDir, 'files'), maxBytes },
    downloads: signIn?.downloads ?? (await createFolderSource(downloadsDir, maxBytes)),
    smtpUrl: signIn?.smtpUrl,
    auth: signIn?.auth ?? devAuth.auth,
    directory: signIn?.directory ?? testDirectory(signIn?.directoryPeople ?? []),
    clientConfig: {
      tenant: signIn?.tenant ?? 'strussnig',
      demo: true,
      production: false,
      ui: readConfig({ TENANT: signIn?.tenant ?? 'strussnig' }).ui,
      auth: signIn?.clientAuth ?? devAuth.clientAuth,
    },
    publicUrl: signIn?.publicUrl ?? PUBLIC_URL,
    logLevel: signIn?.logStream ? 'info' : 'silent',
    logStream: signIn?.logStream,
    network: signIn?.network,
    microsoft365: signIn?.microsoft365,
    webRoot: signIn?.webRoot,
    jobs: signIn?.jobs,
  });
  await app.ready();
  const tokenFor = (groups: readonly string[]) => signAccessToken(signingKey, ISSUER, groups);
  // `call` signs a person's token once a minute, not per request (an RSA signature each, thousands per run);
  // a token is valid for ten minutes.
  const recentTokens = new Map<string, { token: string; signedAt: number }>();
  const recentTokenFor = async (groups: readonly string[]) => {
    const key = JSON.stringify(groups);
    const recent = recentTokens.get(key);
    // A test that sets the clock back gets a token of its own time, too.
    const age = recent ? Date.now() - recent.signedAt : -1;
    if (recent && age >= 0 && age < 60_000) return recent.token;
    const token = await tokenFor(groups);
    recentTokens.set(key, { token, signedAt: Date.now() });
    return token;
  };
  const call: TestApp['call'] = async (groups, options) => {
    const headers = { ...(options.headers ?? {}) } as Record<string, string>;
    if (groups) headers.authorization = `Bearer ${await recentTokenFor(groups)}`;
    const response = await app.inject({ ...options, headers });
    return { status: response.statusCode, body: response.json() };
  };
  const callAs: TestApp['callAs'] = async (caller, options) => {
    const token =
      caller !== null && 'token' in caller
        ? caller.token
        : caller !== null && 'oid' in caller
          ? await signAccessToken(signingKey, ISSUER, caller.groups, { oid: caller.oid })
          : undefined;
    const from = caller !== null && 'from' in caller ? caller.from : undefined;
    const groups =
      caller === null || 'token' in caller || 'oid' in caller || 'from' in caller ? null : caller;
    const { status, body } = await call(groups, {
      ...options,
      ...(from ? { remoteAddress: from } : {}),
      headers: {
        ...(options.headers ?? {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    const refusal = body.result as { message?: string; errors?: Record<string, string> } | null;
    return {
      status,
      statusCode: body.statusCode,
      result: body.result,
      message: status === 200 ? undefined : refusal?.message,
      errors: status === 200 ? undefined : refusal?.errors,
    };
  };
  return {
    app,
    db,
    tokenFor,
    importDir: path.join(dataDir, 'import'),
    filesDir: path.join(dataDir, 'files'),
    downloadsDir,
    signingKey,
    call,
    callAs,
    callEndpoint: async (caller, endpoint, ...[input]) => {
      const { body, ...request } = injectionOf(endpoint, input);
      const answer = await callAs(caller, {
        ...request,
        ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
      });
      return answer as EndpointAnswer<typeof endpoint>;
    },
    close: async () => {
      await app.close();
      await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

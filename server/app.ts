import fastifyCompress from '@fastify/compress';
import { hostname } from 'node:os';
import path from 'node:path';
import { COMPONENT_THEMES } from '../src/config/appearance';
import { TENANT_ICON_FILES } from '../src/config/tenantIcons.rules';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppOptions } from './platform/areas/appOptions';
import { loadServerAreas } from './platform/areas/loadServerAreas';
import { authPlugin } from './platform/auth/authPlugin';
import { directoryPlugin } from './platform/auth/directoryPlugin';
import { databasePlugin } from './platform/db/databasePlugin';
import { companyTimePlugin } from './platform/config/companyTimePlugin';
import { entitiesPlugin } from './platform/entities/entitiesPlugin';
import { fileStorePlugin } from './platform/files/fileStorePlugin';
import { envelopePlugin, routerRefusal } from './platform/http/envelopePlugin';
import { inputGuardPlugin } from './platform/http/inputGuardPlugin';
import { openApiPlugin } from './platform/http/openApiPlugin';
import { FAILED_SIGN_INS_PER_MINUTE, rateLimitPlugin } from './platform/http/rateLimits';
import { failedSignInLimiter } from './platform/auth/failedSignIns';
import { securityHeadersPlugin } from './platform/http/securityHeadersPlugin';
import { sharedSchemaCompilers } from './platform/http/sharedSchemaCompilers';
import { webAppPlugin } from './platform/http/webAppPlugin';
import { addressMatcher } from './platform/http/addressList';
import { requestIdOf, requestIdPlugin } from './platform/http/requestIds';
import { metricsPlugin } from './platform/metrics/metricsPlugin';
import { REDACTED_LOG_PATHS, requestForLog } from './platform/http/requestLog';
import { idempotencyPlugin } from './platform/idempotency/idempotencyPlugin';
import { jobsPlugin } from './platform/jobs/jobsPlugin';
import { makePartitionsAhead } from './platform/db/partitionJob';
import { lifecyclePlugin } from './platform/lifecycle/lifecyclePlugin';
import { mailerPlugin } from './platform/mail/mailerPlugin';

export type { AppOptions } from './platform/areas/appOptions';

// Where MSAL signs in and the browser reads the profile picture when people sign in with Microsoft Entra ID.
const MICROSOFT_ORIGINS = ['https://login.microsoftonline.com', 'https://graph.microsoft.com'];

/** Origins besides our own that the browser must reach: Microsoft in Entra mode, an API hosted elsewhere. */
function browserOrigins(options: AppOptions) {
  const own = new URL(options.publicUrl).origin;
  const originOf = (url: string) => new URL(url, options.publicUrl).origin;
  const signIn = options.devIdp
    ? []
    : [originOf(options.clientConfig.auth.authority), 'https://login.microsoftonline.com'];
  const connect = [
    ...signIn,
    ...(options.devIdp ? [] : MICROSOFT_ORIGINS),
    originOf(options.clientConfig.ui.apiBaseUrl),
  ];
  const unique = (list: string[]) => [...new Set(list)].filter((origin) => origin !== own);
  return { connectOrigins: unique(connect), frameOrigins: unique(signIn) };
}

/** Builds the API server: platform plugins, then every area's plugin; every API route is access-checked. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const trustProxy = options.network?.trustProxy ?? [];
  const instance = options.instanceName ?? hostname();
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      // Every line names its instance: logs shipped together from several instances stay apart.
      base: { pid: process.pid, hostname: hostname(), instance },
      serializers: { req: requestForLog },
      redact: { paths: REDACTED_LOG_PATHS, censor: '[entfernt]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Client address and scheme come from X-Forwarded-For/-Proto only when the configured proxy sends them.
    trustProxy: trustProxy.length ? [...trustProxy] : false,
    genReqId: requestIdOf(addressMatcher(trustProxy)),
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false } },
    // Compiled schemas are shared with the other apps of this process (the API tests build one per file).
    schemaController: { compilersFactory: sharedSchemaCompilers },
    // Slow or stalled clients do not hold sockets for ever: the whole request (headers and body) must
    // arrive within 60 s, an idle keep-alive socket closes after 10 s, and headers within 20 s.
    requestTimeout: 60_000,
    connectionTimeout: 120_000,
    keepAliveTimeout: 10_000,
    http: { headersTimeout: 20_000 },
    // While an instance drains for a restart, a request that already reached it is answered, not refused with
    // a bare 503: nginx would not retry that for a POST, and the write would fail.
    return503OnClosing: false,
    // A path parameter longer than the router's default 100 characters (a personal link a mail program ran
    // together with the next words) reaches its route, which answers it as any unknown id, instead of falling
    // through to the web app's files.
    // Under routerOptions: Fastify 5 warns (FSTDEP022) at every start when router options sit at the top.
    routerOptions: { maxParamLength: 500 },
    frameworkErrors: routerRefusal,
  });

  // API answers above 1 kB go out compressed (brotli or gzip, as the client accepts); the web app's
  // files are compressed at build time and skipped here (they already carry their encoding).
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(requestIdPlugin, { instance });
  await app.register(metricsPlugin, options.network?.metrics ?? { allow: [] });
  await app.register(securityHeadersPlugin, { publicUrl: options.publicUrl, ...browserOrigins(options) });
  // Early, so that a draining instance refuses a request it may pass on before any other work on it.
  await app.register(lifecyclePlugin);
  await app.register(openApiPlugin);
  await app.register(envelopePlugin);
  await app.register(authPlugin, {
    ...options.auth,
    refused: failedSignInLimiter(options.db, FAILED_SIGN_INS_PER_MINUTE),
  });
  await app.register(inputGuardPlugin);
  await app.register(databasePlugin, { db: options.db, replica: options.replica });
  await app.register(companyTimePlugin, { tenant: options.clientConfig.tenant });
  await app.register(jobsPlugin, options.jobs ?? {});
  // The coming months' partitions of the tables that grow without bound.
  app.jobs.register(makePartitionsAhead);
  // After the jobs: it registers the pruning of its counters.
  await app.register(rateLimitPlugin, { db: options.db });
  await app.register(idempotencyPlugin);
  await app.register(mailerPlugin, { smtpUrl: options.smtpUrl, publicUrl: options.publicUrl });
  await app.register(fileStorePlugin, options.files);
  await app.register(directoryPlugin, { directory: options.directory });

  // Each folder server/<area>/ is an area: found by its folder, registered as its own encapsulated plugin.
  const areas = await loadServerAreas();
  for (const { area } of areas) await app.register(async (scope) => area.plugin(scope, options));
  // Entity hooks live in their area; the generic entity plugin receives them instead of importing areas.
  const hooks = Object.fromEntries(
    areas
      .flatMap(({ area }) => area.entityHooks?.(app.timeZone) ?? [])
      .map(({ entity, hooks }) => [entity.name, hooks] as const),
  );
  await app.register(entitiesPlugin, { entities: options.entities, hooks });

  if (options.devIdp) await app.register(options.devIdp);
  await app.register(webAppPlugin, {
    webRoot: path.resolve(options.webRoot ?? 'dist'),
    publicUrl: options.publicUrl,
    favicon: options.clientConfig.ui.favicon,
    head: {
      title: options.clientConfig.ui.loginTitle,
      favicon: options.clientConfig.ui.favicon,
      themeColor: COMPONENT_THEMES[options.clientConfig.ui.theme].main,
      appleTouchIcon: `/tenants/${options.clientConfig.tenant}/${TENANT_ICON_FILES.appleTouch}`,
    },
  });
  return app;
}

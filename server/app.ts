import fastifyCompress from '@fastify/compress';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { EntityDeclaration } from '../src/resources/entity';
import type { ClientConfig } from '../src/config/clientConfig';
import { analyticsArea } from './analytics';
import { articleMappingArea } from './articleMapping';
import { customersArea } from './customers';
import { downloadsArea } from './downloads';
import type { DownloadSource } from './downloads/downloadSource';
import { customerEntityHooks } from './customers/customerEntityHooks';
import { filesArea } from './files';
import { globalSettingsArea } from './globalSettings';
import { labelsArea } from './labels';
import { mailArea } from './mail';
import { npsArea } from './nps';
import { offerPdfArea } from './offerPdf';
import { authPlugin, type AuthPluginOptions } from './platform/auth/authPlugin';
import type { Directory } from './platform/auth/directory';
import { directoryPlugin } from './platform/auth/directoryPlugin';
import type { Database } from './platform/db/database';
import { databasePlugin } from './platform/db/databasePlugin';
import { companyTimePlugin } from './platform/config/companyTimePlugin';
import { entitiesPlugin } from './platform/entities/entitiesPlugin';
import { fileStorePlugin } from './platform/files/fileStorePlugin';
import { envelopePlugin } from './platform/http/envelopePlugin';
import { inputGuardPlugin } from './platform/http/inputGuardPlugin';
import { openApiPlugin } from './platform/http/openApiPlugin';
import { rateLimitPlugin } from './platform/http/rateLimits';
import { securityHeadersPlugin } from './platform/http/securityHeadersPlugin';
import { webAppPlugin } from './platform/http/webAppPlugin';
import { idempotencyPlugin } from './platform/idempotency/idempotencyPlugin';
import { jobsPlugin } from './platform/jobs/jobsPlugin';
import { mailerPlugin } from './platform/mail/mailerPlugin';
import { salesPlanningArea } from './salesPlanning';
import { savedViewsArea } from './savedViews';
import { searchArea } from './search';
import { shellArea } from './shell';
import { statusesArea } from './statuses';
import { syncArea } from './sync';
import { textTemplatesArea } from './textTemplates';
import { usersArea } from './users';
import { vorgaengeArea } from './vorgaenge';
import { dueItemsArea } from './todos';
import { dashboardArea } from './dashboard';
import { activitiesArea } from './activities';

export interface AppOptions {
  db: Database;
  entities: readonly EntityDeclaration[];
  auth: AuthPluginOptions;
  /** Where Admin-Benutzer finds people: Graph in production, the demo user file in development. */
  directory: Directory;
  clientConfig: ClientConfig;
  /** The bundled identity provider's pages (development only; built by server/dev). */
  devIdp?: FastifyPluginAsync;
  /** Folder of the ERP export the data sync reads. */
  importDir: string;
  /** Where the Dateien area's files come from (server folder or SharePoint). */
  downloads: DownloadSource;
  /** Uploaded files and the largest upload accepted. */
  files: { dir: string; maxBytes: number };
  /** SMTP server for mails to customers; absent: the built-in mail catcher keeps them. */
  smtpUrl?: string;
  /** The built web app; when it is missing the API still answers and pages say to build it. */
  webRoot?: string;
  publicUrl: string;
  logLevel?: string;
}

// Areas that need nothing but the services decorated on the app; each is its own encapsulated plugin.
const AREAS: readonly FastifyPluginAsync[] = [
  usersArea,
  analyticsArea,
  articleMappingArea,
  globalSettingsArea,
  textTemplatesArea,
  salesPlanningArea,
  labelsArea,
  statusesArea,
  customersArea,
  filesArea,
  mailArea,
  vorgaengeArea,
  offerPdfArea,
  dueItemsArea,
  dashboardArea,
  activitiesArea,
  searchArea,
  savedViewsArea,
];

// Where MSAL signs in and the browser reads the profile picture, in Entra mode (SPEC: Microsoft Entra ID).
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

// Entity hooks live in their area; the generic entity plugin receives them instead of importing areas.
// They get the tenant's time zone (a new activity's default due day is a company day).
const entityHooks = (timeZone: string) => ({ ...customerEntityHooks(timeZone) });

/** Builds the API server: platform plugins, then one plugin per area; every API route is access-checked. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false } },
    // Slow or stalled clients do not hold sockets for ever: the whole request (headers and body) must
    // arrive within 60 s, an idle keep-alive socket closes after 10 s, and headers within 20 s.
    requestTimeout: 60_000,
    connectionTimeout: 120_000,
    keepAliveTimeout: 10_000,
    http: { headersTimeout: 20_000 },
  });

  // API answers above 1 kB go out compressed (brotli or gzip, as the client accepts); the web app's
  // files are compressed at build time and skipped here (they already carry their encoding).
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(securityHeadersPlugin, { publicUrl: options.publicUrl, ...browserOrigins(options) });
  await app.register(openApiPlugin);
  await app.register(envelopePlugin);
  await app.register(authPlugin, options.auth);
  await app.register(inputGuardPlugin);
  await app.register(rateLimitPlugin);
  await app.register(databasePlugin, { db: options.db });
  await app.register(companyTimePlugin, { tenant: options.clientConfig.tenant });
  await app.register(jobsPlugin);
  await app.register(idempotencyPlugin);
  await app.register(mailerPlugin, { smtpUrl: options.smtpUrl });
  await app.register(fileStorePlugin, options.files);
  await app.register(directoryPlugin, { directory: options.directory });

  await app.register(shellArea, { clientConfig: options.clientConfig });
  await app.register(syncArea, { importDir: options.importDir });
  await app.register(downloadsArea, { source: options.downloads });
  for (const area of AREAS) await app.register(area);
  await app.register(npsArea, { publicUrl: options.publicUrl });
  await app.register(entitiesPlugin, { entities: options.entities, hooks: entityHooks(app.timeZone) });

  if (options.devIdp) await app.register(options.devIdp);
  await app.register(webAppPlugin, {
    webRoot: path.resolve(options.webRoot ?? 'dist'),
    publicUrl: options.publicUrl,
    favicon: options.clientConfig.ui.favicon,
  });
  return app;
}

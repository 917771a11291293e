import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config/env';
import { setUpDevAuth } from './auth/devIdp/devAuthSetup';
import { openDatabase, type Database } from './db/database';
import { startEmbeddedPostgres } from './db/embeddedPostgres';
import { migrateToLatest } from './db/migrate';
import { loadEntities } from './entities/loadEntities';
import { buildApp } from './app';
import { seedDemoDataIfEmpty } from './seed/seedDemoData';

export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  url: string;
  stop: () => Promise<void>;
}

/** Starts database (embedded unless DATABASE_URL), migrations, demo data, sign-in and the API. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
  const db = openDatabase(config.databaseUrl ?? embedded!.url);
  try {
    await migrateToLatest(db);
    if (config.seedDemoData)
      await seedDemoDataIfEmpty(db, { tenant: config.tenant, customers: config.seedCustomers });
    const entities = await loadEntities();
    const devAuth = await setUpDevAuth({
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
      usersFile: config.auth.devUsersFile,
    });
    const app = await buildApp({
      db,
      entities,
      auth: devAuth.auth,
      devIdp: devAuth.devIdp,
      clientConfig: { tenant: config.tenant, demo: config.demo, auth: devAuth.clientAuth },
      webRoot: config.webRoot,
      publicUrl: config.publicUrl,
      logLevel: config.logLevel,
    });
    await app.listen({ port: config.port, host: config.host });
    return {
      app,
      db,
      url: config.publicUrl,
      stop: async () => {
        await app.close();
        await db.destroy();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await db.destroy();
    await embedded?.stop();
    throw error;
  }
}

import { ConfigError, readConfig } from './platform/config/env';
import { startServer } from './start';

// Entry point of `npm start` / `npm run serve`.
try {
  const config = readConfig();
  const server = await startServer(config);
  server.app.log.info(`Fenster CRM läuft auf ${config.publicUrl} (Mandant ${config.tenant})`);
  // A restart (SIGTERM from the orchestrator or a rolling update) drains: no request in flight fails.
  const shutdown = async () => {
    await server.drain(config.shutdown);
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  console.error(error instanceof ConfigError ? `Konfigurationsfehler: ${error.message}` : error);
  process.exit(1);
}

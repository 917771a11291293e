import { nodeVersionProblem } from './platform/config/nodeVersion';

// Entry point of `npm start` / `npm run serve`.
// The Node.js version is checked before anything else is loaded: the rest (its libraries included) may not even
// load on an older Node, and would then fail without saying why.
const tooOld = nodeVersionProblem(process.versions.node);
if (tooOld) {
  console.error(tooOld);
  process.exit(1);
}
const { ConfigError, readConfig } = await import('./platform/config/env');
const { startServer } = await import('./start');
try {
  const config = readConfig();
  const server = await startServer(config);
  server.app.log.info(`Fenster CRM läuft auf ${config.publicUrl} (Mandant ${config.tenant})`);
  // A restart (SIGTERM from the orchestrator or a rolling update) drains: no request in flight fails.
  const shutdown = async () => {
    await server.drain(config.shutdown);
    server.app.log.info('Herunterfahren: beendet');
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  console.error(error instanceof ConfigError ? `Konfigurationsfehler: ${error.message}` : error);
  process.exit(1);
}

import { ConfigError, type ServerConfig } from './env';

/** Refuses to run in production with development settings; the German message names the setting. */
export function assertProductionReady(config: ServerConfig): void {
  if (!config.production) return;
  const { auth } = config;
  if (auth.mode === 'dev') {
    throw new ConfigError(
      'PRODUCTION=true, aber AUTH_MODE=dev: Der mitgelieferte Entwicklungs-Anmeldedienst darf in Produktion nicht laufen. Setzen Sie AUTH_MODE=entra.',
    );
  }
  if (auth.groupsFrom === 'claims') {
    throw new ConfigError(
      'PRODUCTION=true, aber ENTRA_GROUPS_FROM=claims: Gruppen aus dem Token sind nur für die Entwicklung. Verwenden Sie graph oder roles.',
    );
  }
  if (auth.allowedTenants === '*') {
    throw new ConfigError(
      'PRODUCTION=true, aber ENTRA_ALLOWED_TENANTS=*: In Produktion müssen die erlaubten Mandanten-IDs genannt werden.',
    );
  }
  if (config.demo) {
    throw new ConfigError(
      'PRODUCTION=true, aber DEMO=true: Eine Produktionsumgebung ist keine Demoumgebung.',
    );
  }
  if (!config.databaseUrl) {
    throw new ConfigError(
      'PRODUCTION=true ohne DATABASE_URL: In Produktion läuft die Datenbank auf einem eigenen Server.',
    );
  }
  // Azurite's well-known account is the emulator's: its key is public, and its blobs are on no real storage.
  if (
    config.azureBlob &&
    /UseDevelopmentStorage=true|AccountName=devstoreaccount1/i.test(config.azureBlob.connectionString)
  ) {
    throw new ConfigError(
      'PRODUCTION=true, aber AZURE_STORAGE_CONNECTION_STRING nennt das Entwicklungskonto des Emulators (devstoreaccount1): In Produktion liegen die Dateien in einem echten Speicherkonto.',
    );
  }
  if (config.seedDemoData) {
    throw new ConfigError(
      'PRODUCTION=true, aber SEED_DEMO_DATA ist nicht false: Produktion bekommt keine Demo-Daten.',
    );
  }
}

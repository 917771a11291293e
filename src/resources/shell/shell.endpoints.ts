import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { ClientConfigSchema } from '../../config/clientConfig';

const tags = ['System'];

/** Whether the server and its database answer (for load balancers; public). */
export const getHealth = defineEndpoint({
  method: 'GET',
  path: 'health',
  access: { public: true },
  tags,
  summary: 'Betriebszustand',
  response: Type.Object({ status: Type.String(), database: Type.String() }),
});

/**
 * Liveness: the process answers (no database call), so an orchestrator restarts only a hung process, not
 * every instance when the database is briefly away.
 */
export const getHealthLive = defineEndpoint({
  method: 'GET',
  path: 'health/live',
  access: { public: true },
  tags,
  summary: 'Lebenszeichen des Prozesses',
  response: Type.Object({ status: Type.String() }),
});

/**
 * Readiness: whether this instance should get requests: the database answers and has every migration this
 * code needs. 503 while the instance drains for a restart or when either is missing.
 */
export const getHealthReady = defineEndpoint({
  method: 'GET',
  path: 'health/ready',
  access: { public: true },
  tags,
  summary: 'Bereitschaft für Anfragen (Datenbank, Migrationen, Dateispeicher, kein Herunterfahren)',
  response: Type.Object({
    status: Type.String(),
    database: Type.String(),
    migrations: Type.String(),
    files: Type.String(),
  }),
});

/** What the web app needs before sign-in (public: it holds no secret). */
export const getClientConfig = defineEndpoint({
  method: 'GET',
  path: 'config',
  access: { public: true },
  tags,
  summary: 'Konfiguration der Web-App (Anmeldung, Mandant)',
  response: ClientConfigSchema,
});

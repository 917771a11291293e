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

/** What the web app needs before sign-in (public: it holds no secret). */
export const getClientConfig = defineEndpoint({
  method: 'GET',
  path: 'config',
  access: { public: true },
  tags,
  summary: 'Konfiguration der Web-App (Anmeldung, Mandant)',
  response: ClientConfigSchema,
});

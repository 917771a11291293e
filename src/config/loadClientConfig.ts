import { pathOf, type ResultOf } from '../api/endpoint';
import type { ClientConfig } from './clientConfig';
import { getClientConfig } from '../resources/shell/shell.endpoints';

/** Fetches the public start-up configuration from the server (GET /api/config). */
export async function loadClientConfig(): Promise<ClientConfig> {
  // Before sign-in, so without the API client (it needs a token); the path is the declared one.
  const response = await fetch(`/api/${pathOf(getClientConfig)}`);
  if (!response.ok)
    throw new Error(`Die Konfiguration konnte nicht geladen werden (HTTP ${response.status}).`);
  const body = (await response.json()) as { result: ResultOf<typeof getClientConfig> };
  return body.result;
}

import type { ClientConfig } from './clientConfig';

/** Fetches the public start-up configuration from the server (GET /api/config). */
export async function loadClientConfig(): Promise<ClientConfig> {
  const response = await fetch('/api/config');
  if (!response.ok)
    throw new Error(`Die Konfiguration konnte nicht geladen werden (HTTP ${response.status}).`);
  const body = (await response.json()) as { result: ClientConfig };
  return body.result;
}

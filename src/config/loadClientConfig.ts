import { pathOf, type ResultOf } from '../api/endpoint';
import type { ClientConfig } from './clientConfig';
import { getClientConfig } from '../resources/shell/shell.endpoints';

/**
 * The last configuration read, so that the installed app starts without network (on the kept copy). It is the
 * public start-up configuration every visitor of the sign-in page gets, nothing of a person, so sign-out keeps it.
 */
const LAST_CONFIG_KEY = 'fenster-crm.config';

/** Fetches the public start-up configuration from the server (GET /api/config); offline, the last one read. */
export async function loadClientConfig(): Promise<ClientConfig> {
  // Before sign-in, so without the API client (it needs a token); the path is the declared one.
  let response: Response;
  try {
    response = await fetch(`/api/${pathOf(getClientConfig)}`);
  } catch (error) {
    const kept = lastClientConfig();
    if (kept) return kept;
    throw error;
  }
  if (!response.ok)
    throw new Error(`Die Konfiguration konnte nicht geladen werden (HTTP ${response.status}).`);
  const body = (await response.json()) as { result: ResultOf<typeof getClientConfig> };
  try {
    localStorage.setItem(LAST_CONFIG_KEY, JSON.stringify(body.result));
  } catch {
    // Storage full or blocked: only an offline start is not possible.
  }
  return body.result;
}

/** The configuration read last on this browser (public, no person's data), or null. */
export function lastClientConfig(): ClientConfig | null {
  try {
    return JSON.parse(localStorage.getItem(LAST_CONFIG_KEY) ?? 'null') as ClientConfig | null;
  } catch {
    return null;
  }
}

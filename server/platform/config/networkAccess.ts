import { isAddressOrNetwork } from '../http/addressList';
import { ConfigError } from './envValues';

/** Who may speak for the client (a reverse proxy) and who may read the figures (/metrics). */
export interface NetworkAccessConfig {
  /** Proxies whose X-Forwarded-For/-Proto and X-Request-Id are believed (TRUST_PROXY); none by default. */
  trustProxy: readonly string[];
  metrics: {
    /** Client addresses (after the proxy) that may read /metrics without a token (METRICS_ALLOW). */
    allow: readonly string[];
    /** A bearer token that opens /metrics from anywhere (METRICS_TOKEN). */
    token?: string;
  };
}

function addressList(env: NodeJS.ProcessEnv, name: string): string[] {
  const entries = (env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrNetwork(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `Die Umgebungsvariable ${name} muss eine kommagetrennte Liste von Adressen oder Netzen sein, z. B. "127.0.0.1,10.0.0.0/8" (ungültig: "${bad}").`,
    );
  }
  return entries;
}

export function readNetworkAccess(env: NodeJS.ProcessEnv): NetworkAccessConfig {
  const token = env.METRICS_TOKEN?.trim() || undefined;
  if (token !== undefined && token.length < 16) {
    throw new ConfigError('Die Umgebungsvariable METRICS_TOKEN muss mindestens 16 Zeichen lang sein.');
  }
  return {
    trustProxy: addressList(env, 'TRUST_PROXY'),
    metrics: { allow: addressList(env, 'METRICS_ALLOW'), token },
  };
}

import { readFileSync } from 'node:fs';
import type { EntraAuthConfig } from '../platform/config/env';
import type { Microsoft365Config } from '../platform/config/microsoft365Config';
import type { Microsoft365Options } from './microsoft365Options';
import { createTokenEndpoint } from './tokenEndpoint';

/**
 * Microsoft 365 with the existing Entra app registration of the API: its client id and secret (or certificate)
 * for on-behalf-of and refresh, Graph at GRAPH_BASE_URL, notifications where PUBLIC_URL is https.
 */
export function entraMicrosoft365(
  auth: EntraAuthConfig,
  config: Microsoft365Config,
  publicUrl: string,
): Microsoft365Options {
  return {
    graphBaseUrl: auth.graphBaseUrl,
    tokens: createTokenEndpoint({
      loginBaseUrl: config.loginBaseUrl,
      clientId: auth.apiClientId,
      credential: auth.clientSecret
        ? { secret: auth.clientSecret }
        : {
            certificate: {
              privateKeyPem: readFileSync(auth.certificate!.privateKeyFile, 'utf8'),
              thumbprintSha256: auth.certificate!.thumbprintSha256,
            },
          },
    }),
    tokenKey: config.tokenKey,
    deltaIntervalMs: config.deltaMinutes * 60_000,
    notificationBaseUrl: publicUrl.startsWith('https://') ? publicUrl : undefined,
  };
}

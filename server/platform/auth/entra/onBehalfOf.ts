import { ConfidentialClientApplication, type INetworkModule } from '@azure/msal-node';
import { readFileSync } from 'node:fs';
import type { EntraAuthConfig } from '../../config/env';
import type { VerifiedToken } from '../verifyToken';

/**
 * Exchanges the caller's API token for a Microsoft Graph token (on-behalf-of flow), per tenant
 * of the caller; msal-node caches the result.
 */
export function createOnBehalfOf(config: EntraAuthConfig, networkClient?: INetworkModule) {
  const clients = new Map<string, ConfidentialClientApplication>();
  const loginHost = new URL(config.authority).origin;
  const clientOf = (tid: string) => {
    let client = clients.get(tid);
    if (!client) {
      client = new ConfidentialClientApplication({
        auth: {
          clientId: config.apiClientId,
          authority: `${loginHost}/${tid}`,
          clientSecret: config.clientSecret,
          clientCertificate: config.certificate
            ? {
                thumbprintSha256: config.certificate.thumbprintSha256,
                privateKey: readFileSync(config.certificate.privateKeyFile, 'utf8'),
              }
            : undefined,
        },
        system: networkClient ? { networkClient } : undefined,
      });
      clients.set(tid, client);
    }
    return client;
  };
  return async function graphTokenFor(token: VerifiedToken, rawToken: string): Promise<string> {
    const result = await clientOf(token.tid).acquireTokenOnBehalfOf({
      oboAssertion: rawToken,
      scopes: ['https://graph.microsoft.com/.default'],
    });
    if (!result?.accessToken) throw new Error('Kein Graph-Token erhalten');
    return result.accessToken;
  };
}

import { randomBytes } from 'node:crypto';
import type { Microsoft365Options } from '../../server/microsoft365/microsoft365Options';
import { createTokenEndpoint } from '../../server/microsoft365/tokenEndpoint';
import { startMicrosoftStandIn } from '../../server/dev/microsoftStandIn/microsoftStandIn';

export type GraphStandIn = Awaited<ReturnType<typeof startMicrosoftStandIn>>;

/**
 * Microsoft Entra's token endpoint and Microsoft Graph on a loopback port (server/dev/microsoftStandIn: the
 * documented shapes of exactly the calls the CRM makes, typed by @microsoft/microsoft-graph-types), and the
 * options that point the CRM's Microsoft 365 area at it; the area's code is the same as against Graph.
 */
export async function startGraphStandIn() {
  const standIn = await startMicrosoftStandIn();
  const options = (overrides: Partial<Microsoft365Options> = {}): Microsoft365Options => ({
    graphBaseUrl: standIn.baseUrl,
    tokens: createTokenEndpoint({
      loginBaseUrl: standIn.baseUrl,
      clientId: standIn.client.clientId,
      credential: { secret: standIn.client.clientSecret },
    }),
    tokenKey: randomBytes(32),
    deltaIntervalMs: 60_000,
    pushPollMs: 200,
    deltaPollMs: 200,
    ...overrides,
  });
  return { standIn, options };
}

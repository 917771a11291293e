import type { InputArgs } from './callEndpoint';
import { pathOf, type EndpointDeclaration, type ResultOf } from './endpoint';

/** A public endpoint's refusal, or no answer at all (`status` 0): the server's message and field errors. */
export class PublicCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's message per field (400), keyed like the request body. */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

type Envelope = { statusCode: number; result: { message?: string; errors?: Record<string, string> } };

/** The address of a declared endpoint below the API's base, e.g. for a link to a file. */
export function publicEndpointUrl(
  apiBaseUrl: string,
  endpoint: EndpointDeclaration,
  params?: Record<string, unknown>,
): string {
  return `${apiBaseUrl.replace(/\/$/, '')}/${pathOf(endpoint, params)}`;
}

/**
 * Calls a declared public endpoint from a page outside the signed-in app (no token, no react-admin) and answers
 * its unwrapped, typed result; a refusal throws PublicCallError with the server's message (`message` empty when
 * the answer had none), no answer throws it with status 0. Public endpoints take no query string.
 */
export async function callPublicEndpoint<E extends EndpointDeclaration & { query?: undefined }>(
  apiBaseUrl: string,
  endpoint: E,
  ...[input]: InputArgs<E>
): Promise<ResultOf<E>> {
  const { params, body } = (input ?? {}) as { params?: Record<string, unknown>; body?: unknown };
  const sendsBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  let response: Response;
  let answer: Envelope;
  try {
    response = await fetch(publicEndpointUrl(apiBaseUrl, endpoint, params), {
      method: endpoint.method,
      ...(sendsBody && {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      }),
    });
    answer = (await response.json()) as Envelope;
  } catch {
    throw new PublicCallError(0, '');
  }
  if (!response.ok) {
    throw new PublicCallError(response.status, answer.result?.message ?? '', answer.result?.errors ?? {});
  }
  return answer.result as ResultOf<E>;
}

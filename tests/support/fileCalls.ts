import type { LightMyRequestResponse } from 'fastify';
import { requestOf, type InputArgs } from '../../src/api/callEndpoint';
import type { EndpointDeclaration, EndpointInput } from '../../src/api/endpoint';
import { IDEMPOTENCY_HEADER } from '../../src/api/idempotency.rules';
import { multipartBody } from './multipartBody';
import type { EndpointAnswer, TestApp, TestCaller } from './testApp';

/**
 * Uploads one file to a declared upload endpoint as the web app does (multipart, one field "file"): the path
 * comes from the declaration, the answer is typed by its result.
 */
export async function uploadTo<E extends EndpointDeclaration & { kind: 'upload' }>(
  t: TestApp,
  caller: TestCaller,
  endpoint: E,
  input: EndpointInput<E>,
  file: { name: string; content: Buffer },
): Promise<EndpointAnswer<E>> {
  const { path, options } = requestOf(endpoint, input);
  const { payload, headers } = multipartBody(file.name, file.content);
  const answer = await t.callAs(caller, {
    method: endpoint.method,
    url: `/api/${path}`,
    payload,
    headers: {
      ...headers,
      ...(options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : {}),
    },
  });
  // The declaration's result is what the server's route answers (validated against the same schema there).
  return answer as EndpointAnswer<E>;
}

/**
 * Downloads from a declared file endpoint (a GET, or a POST with a JSON body such as an export of a selection)
 * as a person with these groups (or nobody): the raw answer, whose bytes are the file and whose body is the
 * JSON refusal otherwise.
 */
export async function downloadFrom<E extends EndpointDeclaration & { kind: 'file' }>(
  t: TestApp,
  groups: readonly string[] | null,
  endpoint: E,
  ...[input]: InputArgs<E>
): Promise<LightMyRequestResponse> {
  const { path, options } = requestOf(endpoint, input);
  const query = Object.fromEntries(
    Object.entries(options.query ?? {}).flatMap(([key, value]) =>
      value === undefined ? [] : [[key, String(value)]],
    ),
  );
  const body = options.body === undefined ? {} : { payload: JSON.stringify(options.body) };
  return t.app.inject({
    method: endpoint.method,
    url: `/api/${path}`,
    query,
    ...body,
    headers: {
      ...(groups ? { authorization: `Bearer ${await t.tokenFor(groups)}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
  });
}

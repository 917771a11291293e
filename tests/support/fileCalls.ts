import type { LightMyRequestResponse } from 'fastify';
import type { InputArgs } from '../../src/api/callEndpoint';
import type { EndpointDeclaration, EndpointInput } from '../../src/api/endpoint';
import { multipartBody } from './multipartBody';
import { injectionOf, type EndpointAnswer, type TestApp, type TestCaller } from './testApp';

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
  const { body: _none, ...request } = injectionOf(endpoint, input);
  const { payload, headers } = multipartBody(file.name, file.content);
  const answer = await t.callAs(caller, { ...request, payload, headers: { ...headers, ...request.headers } });
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
  const { body, ...request } = injectionOf(endpoint, input);
  return t.app.inject({
    ...request,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    headers: {
      ...request.headers,
      ...(groups ? { authorization: `Bearer ${await t.tokenFor(groups)}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
  });
}

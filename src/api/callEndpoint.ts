import type { ApiCallOptions, ApiClient, BlobClient, UploadClient } from '../dataProvider/httpClient';
import { pathOf, type EndpointDeclaration, type EndpointInput, type ResultOf } from './endpoint';

/** What calling a declared endpoint needs: the data provider's JSON, file and upload clients. */
export interface EndpointClient {
  call: ApiClient;
  blob: BlobClient;
  upload: UploadClient;
}

type QueryValue = string | number | undefined;

/** The input argument of a call: optional when the endpoint takes nothing required. */
export type InputArgs<E extends EndpointDeclaration> =
  Record<string, never> extends EndpointInput<E> ? [EndpointInput<E>?] : [EndpointInput<E>];

// A query string carries text: booleans as true/false, lists and objects as JSON.
function queryOf(query: unknown): Record<string, QueryValue> | undefined {
  if (!query) return undefined;
  return Object.fromEntries(
    Object.entries(query as Record<string, unknown>).map(([key, value]) => [
      key,
      value === undefined || value === null
        ? undefined
        : typeof value === 'string' || typeof value === 'number'
          ? value
          : typeof value === 'boolean'
            ? String(value)
            : JSON.stringify(value),
    ]),
  );
}

function optionsOf(endpoint: EndpointDeclaration, input: Record<string, unknown>): ApiCallOptions {
  return { method: endpoint.method, query: queryOf(input.query), body: input.body };
}

/** Calls a declared JSON endpoint and answers its unwrapped, typed result. */
export function callEndpoint<E extends EndpointDeclaration>(
  client: Pick<EndpointClient, 'call'>,
  endpoint: E,
  ...[input]: InputArgs<E>
): Promise<ResultOf<E>> {
  const parts = (input ?? {}) as Record<string, unknown>;
  const params = parts.params as Record<string, unknown> | undefined;
  return client.call<ResultOf<E>>(pathOf(endpoint, params), optionsOf(endpoint, parts));
}

/** Calls a declared file endpoint (download, export, picture) and answers the bytes. */
export function downloadFromEndpoint<E extends EndpointDeclaration & { kind: 'file' }>(
  client: Pick<EndpointClient, 'blob'>,
  endpoint: E,
  ...[input]: InputArgs<E>
): Promise<Blob> {
  const parts = (input ?? {}) as Record<string, unknown>;
  const params = parts.params as Record<string, unknown> | undefined;
  return client.blob(pathOf(endpoint, params), optionsOf(endpoint, parts));
}

/** Uploads one file to a declared upload endpoint, reporting progress from 0 to 1. */
export function uploadToEndpoint<E extends EndpointDeclaration & { kind: 'upload' }>(
  client: Pick<EndpointClient, 'upload'>,
  endpoint: E,
  input: EndpointInput<E>,
  file: File,
  onProgress?: (share: number) => void,
): Promise<ResultOf<E>> {
  const params = (input as Record<string, unknown>).params as Record<string, unknown> | undefined;
  return client.upload<ResultOf<E>>(pathOf(endpoint, params), file, onProgress);
}

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

/** The filled-in path and the request options of one call, shared by JSON, file and upload calls (and the API tests). */
export function requestOf(
  endpoint: EndpointDeclaration,
  input: unknown,
): { path: string; options: ApiCallOptions } {
  const parts = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: unknown;
    body?: unknown;
    idempotencyKey?: string;
  };
  return {
    path: pathOf(endpoint, parts.params),
    options: {
      method: endpoint.method,
      query: queryOf(parts.query),
      body: parts.body,
      // Only declared creates take a key (endpoint.idempotent); the types offer it only there.
      idempotencyKey: parts.idempotencyKey,
    },
  };
}

/** Calls a declared JSON endpoint and answers its unwrapped, typed result. */
export function callEndpoint<E extends EndpointDeclaration>(
  client: Pick<EndpointClient, 'call'>,
  endpoint: E,
  ...[input]: InputArgs<E>
): Promise<ResultOf<E>> {
  const { path, options } = requestOf(endpoint, input);
  return client.call<ResultOf<E>>(path, options);
}

/** Calls a declared file endpoint (download, export, picture) and answers the bytes. */
export function downloadFromEndpoint<E extends EndpointDeclaration & { kind: 'file' }>(
  client: Pick<EndpointClient, 'blob'>,
  endpoint: E,
  ...[input]: InputArgs<E>
): Promise<Blob> {
  const { path, options } = requestOf(endpoint, input);
  return client.blob(path, options);
}

/** Uploads one file to a declared upload endpoint, reporting progress from 0 to 1. */
export function uploadToEndpoint<E extends EndpointDeclaration & { kind: 'upload' }>(
  client: Pick<EndpointClient, 'upload'>,
  endpoint: E,
  input: EndpointInput<E>,
  file: File,
  onProgress?: (share: number) => void,
): Promise<ResultOf<E>> {
  const { path, options } = requestOf(endpoint, input);
  return client.upload<ResultOf<E>>(path, file, onProgress, options.idempotencyKey);
}

// From ra-core, not react-admin's index: the app's start (src/startApp.tsx) holds no MUI (build/chunkGroups.ts).
import { HttpError } from 'ra-core';
import { IDEMPOTENCY_HEADER } from '../api/idempotency.rules';
import type { Session } from '../authProvider/session';
import { throughKeptCopy } from '../offline/kept/throughKeptCopy';

export interface ApiEnvelope<T> {
  statusCode: number;
  result: T;
}

export interface ApiCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /**
   * A create's key for this form opening (`useIdempotencyKey`): sent as the Idempotency-Key header, so a
   * repeated send (double click, retry) creates once and answers the first answer.
   */
  idempotencyKey?: string;
}

type ErrorResult = { message?: string; errors?: Record<string, string> } | undefined;

const UNREACHABLE = 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.';

const toHttpError = (status: number, result: ErrorResult) =>
  new HttpError(result?.message ?? `Serverfehler (HTTP ${status})`, status, {
    // react-admin shows these at the form fields.
    ...(result?.errors ? { errors: result.errors } : {}),
  });

/** Calls `/api/<path>` with the session's token: `api` unwraps `{statusCode, result}`, `blob` returns bytes. */
export function createApiClient(session: Session, apiBaseUrl = '/api') {
  const queryOf = (options: ApiCallOptions) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) query.set(key, String(value));
    }
    return query;
  };

  async function send(path: string, options: ApiCallOptions, accept: string): Promise<Response> {
    const token = await session.accessToken().catch((error: unknown) => {
      // Offline, MSAL cannot renew an expired token: the call counts as not reaching the server (so that the
      // kept copy may answer), never as signed out.
      if (!navigator.onLine) throw new HttpError(UNREACHABLE, 0);
      throw error;
    });
    const query = queryOf(options);
    const url = `${apiBaseUrl}/${path}${query.size ? `?${query}` : ''}`;
    try {
      return await fetch(url, {
        method: options.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: accept,
          ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          ...(options.idempotencyKey ? { [IDEMPOTENCY_HEADER]: options.idempotencyKey } : {}),
        },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      });
    } catch {
      throw new HttpError(UNREACHABLE, 0);
    }
  }

  async function fetchJson<T>(path: string, options: ApiCallOptions): Promise<T> {
    const response = await send(path, options, 'application/json');
    const envelope = (await response.json().catch(() => null)) as ApiEnvelope<T & ErrorResult> | null;
    if (!response.ok || !envelope || envelope.statusCode >= 400) {
      throw toHttpError(response.status, envelope?.result);
    }
    return envelope.result;
  }

  /** A JSON call; a GET of what Mein Tag and the pages of a customer or Vorgang need reads through the kept copy. */
  function api<T>(path: string, options: ApiCallOptions = {}): Promise<T> {
    if ((options.method ?? 'GET') !== 'GET') return fetchJson<T>(path, options);
    const account = session.account?.homeAccountId ?? null;
    return throughKeptCopy(account, path, queryOf(options), () => fetchJson<T>(path, options));
  }

  /** Blob downloads: GET, or POST with a body; errors still arrive as the JSON envelope. */
  async function blob(path: string, options: ApiCallOptions = {}): Promise<Blob> {
    const response = await send(path, options, '*/*');
    if (!response.ok) {
      const envelope = (await response.json().catch(() => null)) as ApiEnvelope<ErrorResult> | null;
      throw toHttpError(response.status, envelope?.result);
    }
    return response.blob();
  }

  /**
   * Uploads one file as multipart field "file"; XMLHttpRequest because fetch cannot report upload progress. With
   * an idempotency key a repeated send (its answer lost) stores the file once.
   */
  async function upload<T>(
    path: string,
    file: File,
    onProgress?: (share: number) => void,
    idempotencyKey?: string,
  ): Promise<T> {
    const token = await session.accessToken();
    const body = new FormData();
    body.append('file', file);
    return new Promise<T>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', `${apiBaseUrl}/${path}`);
      request.setRequestHeader('Authorization', `Bearer ${token}`);
      if (idempotencyKey) request.setRequestHeader(IDEMPOTENCY_HEADER, idempotencyKey);
      request.responseType = 'json';
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress?.(event.loaded / event.total);
      };
      request.onload = () => {
        const envelope = request.response as ApiEnvelope<T & ErrorResult> | null;
        if (request.status >= 400 || !envelope || envelope.statusCode >= 400) {
          reject(toHttpError(request.status, envelope?.result));
        } else resolve(envelope.result);
      };
      request.onerror = () => reject(new HttpError(UNREACHABLE, 0));
      request.send(body);
    });
  }

  /**
   * Opens a long-lived stream (Server-Sent Events) with the bearer token, which EventSource cannot send;
   * answers the open response, whose body the caller reads. A refusal arrives as the JSON envelope.
   */
  async function stream(path: string, options: StreamOptions = {}): Promise<Response> {
    const token = await session.accessToken();
    let response: Response;
    try {
      response = await fetch(`${apiBaseUrl}/${path}`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', ...options.headers },
        cache: 'no-store',
        signal: options.signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new HttpError(UNREACHABLE, 0);
    }
    if (!response.ok || !response.body) {
      const envelope = (await response.json().catch(() => null)) as ApiEnvelope<ErrorResult> | null;
      throw toHttpError(response.status, envelope?.result);
    }
    return response;
  }

  /** Settles once a call may go out: every call waits only for the token before its request is sent. */
  const authorized = (): Promise<void> => session.accessToken().then(() => undefined);

  return { api, blob, upload, stream, authorized };
}

/** What opening a stream takes besides its path: extra headers (Last-Event-ID) and a way to end it. */
export interface StreamOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type ApiClient = ReturnType<typeof createApiClient>['api'];
/** The clients `createApiClient` makes: JSON calls, blob downloads, uploads, event streams. */
export type ApiClients = ReturnType<typeof createApiClient>;
export type BlobClient = ApiClients['blob'];
export type UploadClient = ApiClients['upload'];
export type StreamClient = ReturnType<typeof createApiClient>['stream'];

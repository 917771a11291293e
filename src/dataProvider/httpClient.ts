import { HttpError } from 'react-admin';
import type { Session } from '../authProvider/session';

export interface ApiEnvelope<T> {
  statusCode: number;
  result: T;
}

export interface ApiCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

type ErrorResult = { message?: string; errors?: Record<string, string> } | undefined;

const toHttpError = (status: number, result: ErrorResult) =>
  new HttpError(result?.message ?? `Serverfehler (HTTP ${status})`, status, {
    // react-admin shows these at the form fields.
    ...(result?.errors ? { errors: result.errors } : {}),
  });

/** Calls `/api/<path>` with the session's token: `api` unwraps `{statusCode, result}`, `blob` returns bytes. */
export function createApiClient(session: Session, apiBaseUrl = '/api') {
  async function send(path: string, options: ApiCallOptions, accept: string): Promise<Response> {
    const token = await session.accessToken();
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) query.set(key, String(value));
    }
    const url = `${apiBaseUrl}/${path}${query.size ? `?${query}` : ''}`;
    try {
      return await fetch(url, {
        method: options.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: accept,
          ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      });
    } catch {
      throw new HttpError('Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.', 0);
    }
  }

  async function api<T>(path: string, options: ApiCallOptions = {}): Promise<T> {
    const response = await send(path, options, 'application/json');
    const envelope = (await response.json().catch(() => null)) as ApiEnvelope<T & ErrorResult> | null;
    if (!response.ok || !envelope || envelope.statusCode >= 400) {
      throw toHttpError(response.status, envelope?.result);
    }
    return envelope.result;
  }

  /** Blob downloads (SPEC §7): GET, or POST with a body; errors still arrive as the JSON envelope. */
  async function blob(path: string, options: ApiCallOptions = {}): Promise<Blob> {
    const response = await send(path, options, '*/*');
    if (!response.ok) {
      const envelope = (await response.json().catch(() => null)) as ApiEnvelope<ErrorResult> | null;
      throw toHttpError(response.status, envelope?.result);
    }
    return response.blob();
  }

  return { api, blob };
}

export type ApiClient = ReturnType<typeof createApiClient>['api'];
export type BlobClient = ReturnType<typeof createApiClient>['blob'];

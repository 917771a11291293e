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

/** Calls `/api/<path>` with the session's token and unwraps `{statusCode, result}`; errors become HttpError. */
export function createApiClient(session: Session) {
  return async function api<T>(path: string, options: ApiCallOptions = {}): Promise<T> {
    const token = await session.accessToken();
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) query.set(key, String(value));
    }
    const url = `/api/${path}${query.size ? `?${query}` : ''}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: options.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      });
    } catch {
      throw new HttpError('Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.', 0);
    }
    const envelope = (await response.json().catch(() => null)) as ApiEnvelope<
      T & { message?: string; errors?: Record<string, string> }
    > | null;
    if (!response.ok || !envelope || envelope.statusCode >= 400) {
      const result = envelope?.result;
      throw new HttpError(result?.message ?? `Serverfehler (HTTP ${response.status})`, response.status, {
        // react-admin shows these at the form fields.
        ...(result?.errors ? { errors: result.errors } : {}),
      });
    }
    return envelope.result;
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

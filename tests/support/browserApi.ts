import type { Page } from 'playwright-core';
import { bearerOf } from './browserSession';

export interface BrowserApi {
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, body: unknown) => Promise<T>;
  put: <T>(path: string, body: unknown) => Promise<T>;
  delete: <T>(path: string) => Promise<T>;
}

/**
 * The API as the person signed in on `page` (their token), for preparing and restoring data where
 * doing it through the UI is not the point of the test. Paths are relative to /api/; answers are the
 * `result` of the `{statusCode, result}` envelope, anything but 2xx throws with the German message.
 */
export function apiOf(page: Page, baseUrl: string): BrowserApi {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/api/${path}`, {
      method,
      headers: {
        authorization: await bearerOf(page),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await response.json()) as { result: T & { message?: string } };
    if (!response.ok) {
      throw new Error(`${method} ${path}: ${response.status} ${envelope.result?.message ?? ''}`);
    }
    return envelope.result;
  };
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    put: (path, body) => call('PUT', path, body),
    delete: (path) => call('DELETE', path),
  };
}

import type { Static, TSchema } from 'typebox';
import type { AppGroup } from '../auth/groups';

/** HTTP methods of the legacy API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint: nobody needs a token (public), any signed-in person, or one of the groups. */
export type EndpointAccess = { public: true } | { signedIn: true } | { groups: readonly AppGroup[] };

/**
 * One non-CRUD endpoint, declared once: the server registers its route from it (validation, group check,
 * OpenAPI) and the web app calls it through `callEndpoint`/`useEndpoint`, so neither writes the path or
 * the types by hand. React-free, like every declaration the server imports.
 */
export interface EndpointDeclaration {
  method: HttpMethod;
  /** Path below `/api`, spelled as the client spells it (typos included); path parameters as `:name`. */
  path: string;
  access: EndpointAccess;
  /** OpenAPI grouping and one German line on what the call does. */
  tags: readonly string[];
  summary: string;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  /** The `result` of the `{statusCode, result}` wrapper; absent for file answers. */
  response?: TSchema;
  /**
   * `json` (default): the wrapped result. `file`: bytes (a download, an export, a picture); errors still
   * arrive as the JSON wrapper. `upload`: a multipart request with one field "file", a wrapped result.
   * `stream`: Server-Sent Events (text/event-stream, never compressed), read with fetch and the bearer
   * token; refusals before the stream starts arrive as the JSON wrapper.
   */
  kind?: 'json' | 'file' | 'upload' | 'stream';
  /**
   * The rate limit bucket (server/platform/http/rateLimits.ts): 'mail', 'sync', 'publicLink' (public pages
   * reached by a secret link: guessing must be slow); uploads, files and other public endpoints get theirs
   * from `kind` and `access` without saying so.
   */
  limit?: 'mail' | 'sync' | 'export' | 'upload' | 'publicLink';
  /**
   * The call creates something (a record, a sent mail, a file): it takes an `Idempotency-Key` header, and the
   * same key from the same person again answers the first answer instead of creating twice
   * (server/platform/idempotency). Callers pass `idempotencyKey` (`useIdempotencyKey`, one per form opening).
   */
  idempotent?: true;
}

/** Declares an endpoint; `const` keeps its literal types so callers and handlers get exact types. */
export const defineEndpoint = <const E extends EndpointDeclaration>(endpoint: E): E => endpoint;

type StaticOf<S> = S extends TSchema ? Static<S> : undefined;

/** The path parameters of an endpoint, as the caller passes them. */
export type ParamsOf<E extends EndpointDeclaration> = StaticOf<E['params']>;
/** The query string of an endpoint. */
export type QueryOf<E extends EndpointDeclaration> = StaticOf<E['query']>;
/** The request body of an endpoint. */
export type BodyOf<E extends EndpointDeclaration> = StaticOf<E['body']>;
/** What a JSON endpoint answers inside the wrapper (`unknown` where it declares nothing). */
export type ResultOf<E extends EndpointDeclaration> = E['response'] extends TSchema
  ? Static<E['response']>
  : unknown;

type Present<K extends string, V> = undefined extends V ? { [P in K]?: V } : { [P in K]: V };

/** What a call of an endpoint needs: exactly the parts it declares. */
export type EndpointInput<E extends EndpointDeclaration> = Present<'params', ParamsOf<E>> &
  Present<'query', QueryOf<E>> &
  Present<'body', BodyOf<E>> &
  (E['idempotent'] extends true ? { idempotencyKey?: string } : unknown);

/** The path of a call below `/api`, with its parameters filled in (URL-encoded). */
export function pathOf(endpoint: EndpointDeclaration, params?: Record<string, unknown>): string {
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) {
      throw new Error(`${endpoint.path}: Parameter "${name}" fehlt.`);
    }
    return encodeURIComponent(String(value));
  });
}

/** The query key of a call: its path and input, so invalidating `[endpoint.path]` refreshes every call of it. */
export const endpointKey = (endpoint: EndpointDeclaration, input?: unknown): unknown[] =>
  input === undefined ? [endpoint.path] : [endpoint.path, input];

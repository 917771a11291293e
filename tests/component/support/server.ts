import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { ENTITIES, type EntityDeclaration } from './app';
import { makeRow, type Row } from './rows';

/** How many rows every list answers with. */
export const ROWS_PER_LIST = 2;

/** The legacy envelope `{statusCode, result}` every answer travels in. */
export const envelope = (result: JsonBodyType, statusCode = 200) =>
  HttpResponse.json({ statusCode, result }, { status: statusCode });

/** An error as the server sends it: a German message and, for forms, messages per field. */
export const errorEnvelope = (statusCode: number, message: string, errors?: Record<string, string>) =>
  envelope({ message, ...(errors ? { errors } : {}) }, statusCode);

/** The URL pattern of a legacy path below `/api`, whatever origin the page runs on. */
export const apiPath = (path: string) => `*/api/${path}`;

const filterOf = (request: Request) =>
  JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as { id?: number[] };

/** The legacy endpoints of one declared entity, answering like `server/entities/entityRoutes.ts`. */
export function entityHandlers(entity: EntityDeclaration) {
  const { endpoints } = entity;
  const handlers = [
    http.get(apiPath(endpoints.list), ({ request }) => {
      // getMany asks for ids (reference fields); getList for a page.
      const ids = filterOf(request).id ?? Array.from({ length: ROWS_PER_LIST }, (_, i) => i + 1);
      return envelope({ data: ids.map((id) => makeRow(entity, Number(id))), total: ids.length });
    }),
    http.get(apiPath(`${endpoints.one ?? endpoints.list}/:id`), ({ params }) =>
      envelope(makeRow(entity, Number(params.id))),
    ),
  ];
  if (endpoints.write) {
    handlers.push(
      http.post(apiPath(endpoints.create ?? endpoints.write), async ({ request }) =>
        envelope({ ...((await request.json()) as object), id: 99, version: 1 }),
      ),
      http.put(apiPath(`${endpoints.write}/:id`), async ({ request, params }) => {
        const body = (await request.json()) as Row;
        return envelope({ ...body, id: Number(params.id), version: body.version + 1 });
      }),
    );
  }
  if (endpoints.remove) {
    handlers.push(
      http.delete(apiPath(`${endpoints.remove}/:id`), ({ params }) =>
        envelope({ data: makeRow(entity, Number(params.id)), deactivated: false, message: 'Gelöscht.' }),
      ),
    );
  }
  return handlers;
}

/** The fake API (started by setup.ts): every declared entity's legacy endpoints; tests add answers with `server.use`. */
export const server = setupServer(
  ...ENTITIES.flatMap(entityHandlers),
  // The lists' saved-view picker asks for the person's views; none saved here.
  http.get(apiPath('savedView/list'), () =>
    envelope({ views: [], defaultViewId: null, mayShare: false, branches: [] }),
  ),
);

/** Every request the page sent in the current test, as "METHOD /api/path". */
export const sentRequests: string[] = [];
const recordRequest = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  sentRequests.push(`${request.method} ${url.pathname}`);
};

/**
 * Starts the fake API and records what the page sends. Per test file: the component project shares modules
 * between files (isolate: false), and closing the server drops its listeners, so a listener added once when
 * this module loaded would go deaf after the first file of a worker.
 */
export function startFakeApi() {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', recordRequest);
}

/** Stops the fake API at the end of a test file. */
export function stopFakeApi() {
  server.events.removeListener('request:start', recordRequest);
  server.close();
}

/** Forgets the answers and requests of the test that ended. */
export function resetFakeApi() {
  server.resetHandlers();
  sentRequests.length = 0;
}

import type { DeclaredEntity, RecordOf } from '../../src/resources/entity';
import type { CallAnswer, TestApp, TestCaller } from './testApp';

/** A list read as the data provider asks for it: page, sort and the filter object (sent as JSON). */
export interface EntityListQuery {
  page?: number;
  perPage?: number;
  sort?: string;
  order?: 'ASC' | 'DESC';
  filter?: Record<string, unknown>;
}

/** A page of an entity's list, with the records its rows refer to by resource. */
export interface EntityPage<R> {
  data: R[];
  total: number;
  included?: Record<string, ({ id: number } & Record<string, unknown>)[]>;
}

/** What deleting a record answers: the record, and whether it was deactivated instead (still in use). */
export interface EntityRemoval<R> {
  data: R;
  deactivated: boolean;
  message: string;
}

/** Whether the type checker knows the entity's fields (not so for the generic tests over every entity). */
type FieldsKnown<E extends DeclaredEntity> = string extends keyof RecordOf<E> ? false : true;

/** A record as the API answers it: typed by the declaration, or any field where its fields are not known. */
export type EntityRecord<E extends DeclaredEntity> =
  FieldsKnown<E> extends true ? RecordOf<E> : RecordOf<E> & Record<string, unknown>;

/** What a create or update sends: the declared fields by source (any field where they are not known). */
export type EntityInput<E extends DeclaredEntity> =
  FieldsKnown<E> extends true
    ? Partial<Omit<RecordOf<E>, 'id' | 'version'>> & { version?: number }
    : Record<string, unknown>;

/** The typed calls of one entity's routes, as a person (groups), nobody (null) or a token calls them. */
export interface EntityCalls<E extends DeclaredEntity> {
  list: (caller: TestCaller, query?: EntityListQuery) => Promise<CallAnswer<EntityPage<EntityRecord<E>>>>;
  one: (caller: TestCaller, id: number) => Promise<CallAnswer<EntityRecord<E>>>;
  create: (caller: TestCaller, input: EntityInput<E>) => Promise<CallAnswer<EntityRecord<E>>>;
  update: (caller: TestCaller, id: number, input: EntityInput<E>) => Promise<CallAnswer<EntityRecord<E>>>;
  remove: (caller: TestCaller, id: number) => Promise<CallAnswer<EntityRemoval<EntityRecord<E>>>>;
}

/**
 * Calls an entity's routes by its declaration the way the web app's data provider does (list, read one, create,
 * update with its version, delete), so a test names the entity instead of its paths.
 */
export function entityCalls<E extends DeclaredEntity>(t: TestApp, entity: E): EntityCalls<E> {
  const { endpoints } = entity;
  const writePath = () => {
    if (!endpoints.write) throw new Error(`${entity.name} hat keinen Schreibpfad.`);
    return endpoints.write;
  };
  const request = async <R>(
    caller: TestCaller,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<CallAnswer<R>> =>
    (await t.callAs(caller, {
      method,
      url: `/api/${path}`,
      ...(query ? { query } : {}),
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    })) as CallAnswer<R>;
  return {
    list: (caller, { filter, ...paging } = {}) =>
      request(caller, 'GET', endpoints.list, undefined, {
        ...Object.fromEntries(Object.entries(paging).map(([key, value]) => [key, String(value)])),
        ...(filter ? { filter: JSON.stringify(filter) } : {}),
      }),
    one: (caller, id) => request(caller, 'GET', `${endpoints.one ?? endpoints.list}/${id}`),
    create: (caller, input) => request(caller, 'POST', endpoints.create ?? writePath(), input),
    update: (caller, id, input) => request(caller, 'PUT', `${writePath()}/${id}`, input),
    remove: (caller, id) => {
      if (!endpoints.remove) throw new Error(`${entity.name} hat keinen Löschpfad.`);
      return request(caller, 'DELETE', `${endpoints.remove}/${id}`);
    },
  };
}

import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import { entityByName } from '../resources/registry';
import type { EntityDeclaration } from '../resources/entity';
import type { ApiClient, BlobClient, StreamClient, UploadClient } from './httpClient';

interface ListResult<R> {
  data: R[];
  total: number;
  /** The records the rows refer to, by resource (the generated list shows their names at once). */
  included?: Record<string, RaRecord[]>;
}

interface RemoveResult<R> {
  data: R;
  deactivated: boolean;
  message: string;
}

const entityOf = (resource: string): EntityDeclaration => {
  const entity = entityByName(resource);
  if (!entity) throw new Error(`Unbekannte Ressource: ${resource}`);
  return entity;
};

const writeEndpointOf = (entity: EntityDeclaration): string => {
  if (!entity.endpoints.write) throw new Error(`${entity.label.many} können hier nicht geändert werden.`);
  return entity.endpoints.write;
};

// Server-managed fields never travel back: the server would ignore them anyway.
const inputOf = (entity: EntityDeclaration, data: Partial<RaRecord>) =>
  Object.fromEntries(entity.fields.filter((f) => f.source in data).map((f) => [f.source, data[f.source]]));

/** The data provider plus `call` and `blob`, for hand-made pages that use an endpoint of their own. */
export type CrmDataProvider = DataProvider & {
  call: ApiClient;
  blob: BlobClient;
  upload: UploadClient;
  /** Server-Sent Events with the token (the Kartenansicht's live moves). */
  stream?: StreamClient;
};

/**
 * Maps react-admin's calls onto each entity's legacy endpoints (the client's paths) and unwraps the results.
 */
export function createEntityDataProvider(
  api: ApiClient,
  blob: BlobClient,
  upload: UploadClient,
  stream?: StreamClient,
): CrmDataProvider {
  const list = <R>(entity: EntityDeclaration, query: Record<string, string | number | undefined>) =>
    api<ListResult<R>>(entity.endpoints.list, { query });

  return {
    call: api,
    blob,
    upload,
    stream,
    async getList<R extends RaRecord>(resource: string, params: GetListParams) {
      const entity = entityOf(resource);
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      const { data, total, included } = await list<R>(entity, {
        page,
        perPage,
        sort: params.sort?.field,
        order: params.sort?.order,
        filter: JSON.stringify(params.filter ?? {}),
      });
      return included ? { data, total, meta: { included } } : { data, total };
    },
    async getOne<R extends RaRecord>(resource: string, params: GetOneParams) {
      const entity = entityOf(resource);
      return { data: await api<R>(`${entity.endpoints.one ?? entity.endpoints.list}/${params.id}`) };
    },
    async getMany<R extends RaRecord>(resource: string, params: GetManyParams) {
      if (params.ids.length === 0) return { data: [] };
      const entity = entityOf(resource);
      const { data } = await list<R>(entity, {
        page: 1,
        perPage: params.ids.length,
        filter: JSON.stringify({ id: params.ids }),
      });
      return { data };
    },
    async getManyReference<R extends RaRecord>(resource: string, params: GetManyReferenceParams) {
      const entity = entityOf(resource);
      return list<R>(entity, {
        page: params.pagination.page,
        perPage: params.pagination.perPage,
        sort: params.sort.field,
        order: params.sort.order,
        filter: JSON.stringify({ ...params.filter, [params.target]: params.id }),
      });
    },
    async create<R extends RaRecord>(resource: string, params: CreateParams) {
      const entity = entityOf(resource);
      return {
        data: await api<R>(entity.endpoints.create ?? writeEndpointOf(entity), {
          method: 'POST',
          body: inputOf(entity, params.data),
          // The create form's key for this opening (EntityCreate: mutationOptions.meta).
          idempotencyKey: (params.meta as { idempotencyKey?: string } | undefined)?.idempotencyKey,
        }),
      };
    },
    async update<R extends RaRecord>(resource: string, params: UpdateParams) {
      const entity = entityOf(resource);
      // The version the user started editing: a colleague's newer save makes the server answer 409.
      const version = (params.previousData as RaRecord | undefined)?.version ?? params.data.version;
      const body = { ...inputOf(entity, { ...params.previousData, ...params.data }), version };
      return { data: await api<R>(`${writeEndpointOf(entity)}/${params.id}`, { method: 'PUT', body }) };
    },
    async updateMany(resource: string, params: UpdateManyParams) {
      const updated: Identifier[] = [];
      for (const id of params.ids) {
        const { data: current } = await this.getOne(resource, { id });
        await this.update(resource, { id, data: params.data, previousData: current });
        updated.push(id);
      }
      return { data: updated };
    },
    async delete<R extends RaRecord>(resource: string, params: DeleteParams) {
      const entity = entityOf(resource);
      if (!entity.endpoints.remove) throw new Error(`${entity.label.many} können nicht gelöscht werden.`);
      const result = await api<RemoveResult<R>>(`${entity.endpoints.remove}/${params.id}`, {
        method: 'DELETE',
      });
      return { data: { ...result.data, notice: result.message, deactivated: result.deactivated } };
    },
    async deleteMany(resource: string, params: DeleteManyParams) {
      for (const id of params.ids) await this.delete(resource, { id });
      return { data: params.ids };
    },
  };
}

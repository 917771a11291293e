// Both variants read their rows the same way, one fetch of a static file, so that the floor measures the client
// stack and not a server. Only getList is needed for a list screen.
import type { DataProvider, GetListParams, GetListResult, RaRecord } from 'ra-core';

export interface Kunde {
  id: number;
  name: string;
  strasse: string;
  plz: string;
  ort: string;
  telefon: string;
  email: string;
  betreuer: string;
  status: string;
  /** ISO date and time. */
  angelegtAm: string;
}

let loaded: Promise<Kunde[]> | undefined;
const all = () =>
  (loaded ??= fetch('/kunden.json').then((response) => {
    if (!response.ok) throw new Error(`/kunden.json: ${response.status}`);
    return response.json() as Promise<Kunde[]>;
  }));

const byField = (field: string, order: 'ASC' | 'DESC') => {
  const collator = new Intl.Collator('de-AT', { numeric: true });
  const sign = order === 'DESC' ? -1 : 1;
  return (a: Kunde, b: Kunde) =>
    sign * collator.compare(String(a[field as keyof Kunde] ?? ''), String(b[field as keyof Kunde] ?? ''));
};

const notNeeded = (method: string) => () =>
  Promise.reject(new Error(`${method}: der Boden-Benchmark zeigt nur eine Liste.`));

export const dataProvider: DataProvider = {
  async getList<RecordType extends RaRecord>(
    _resource: string,
    params: GetListParams,
  ): Promise<GetListResult<RecordType>> {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const { field = 'id', order = 'ASC' } = params.sort ?? {};
    const rows = [...(await all())].sort(byField(field, order));
    const data = rows.slice((page - 1) * perPage, page * perPage) as unknown as RecordType[];
    return { data, total: rows.length };
  },
  getOne: notNeeded('getOne'),
  getMany: notNeeded('getMany'),
  getManyReference: notNeeded('getManyReference'),
  create: notNeeded('create'),
  update: notNeeded('update'),
  updateMany: notNeeded('updateMany'),
  delete: notNeeded('delete'),
  deleteMany: notNeeded('deleteMany'),
};

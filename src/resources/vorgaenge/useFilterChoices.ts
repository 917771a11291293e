import { useGetList } from 'react-admin';

/** One choice of a pick-list filter: the id sent, the name shown. */
export interface FilterChoice {
  id: number | string;
  name: string;
}

const names = (data: { id: unknown; name?: unknown }[] | undefined): FilterChoice[] =>
  (data ?? []).map((row) => ({ id: Number(row.id), name: String(row.name ?? '') }));

const SORT = { field: 'name', order: 'ASC' as const };

/** The sellers, branches and Vorgang labels the Vorgänge list and the board filter by, by name. */
export function useFilterChoices() {
  const users = useGetList('admin-benutzer/users', { pagination: { page: 1, perPage: 500 }, sort: SORT });
  const branches = useGetList('admin-verkauf/branches', {
    pagination: { page: 1, perPage: 200 },
    sort: SORT,
  });
  const labels = useGetList('admin/labels', {
    pagination: { page: 1, perPage: 200 },
    sort: SORT,
    filter: { forVorgang: true },
  });
  return { sellers: names(users.data), branches: names(branches.data), labels: names(labels.data) };
}

/** The Eigene Status by name (the list's filter; the board has them as its columns). */
export function useStatusChoices() {
  const statuses = useGetList('admin/custom-statuses', { pagination: { page: 1, perPage: 200 } });
  return names(statuses.data);
}

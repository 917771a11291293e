import { useCallback, useMemo } from 'react';
import { useListContext, useStore } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { ViewState } from './savedViews.endpoints';

/** How a list's state is read and set: the same path the list itself uses (its address or react-admin's list). */
export interface ListState {
  current: ViewState;
  apply: (state: ViewState) => void;
  /** The list was opened bare (no filters in its address): the person's default view may be applied. */
  bare: boolean;
}

const PAGE_SIZES = [10, 25, 50, 100] as const;
const pageSize = (value: unknown) => PAGE_SIZES.find((size) => size === Number(value));

/**
 * A list that keeps its state in the address (Vorgänge, Kartenansicht, Fällige Labels, Todos): the view is
 * its query parameters, the page number aside; applying one writes them as the list's own filters would.
 */
export function useAddressListState(): ListState {
  const [params, setParams] = useSearchParams();
  const current = useMemo<ViewState>(() => {
    const filter: Record<string, string> = {};
    for (const [key, value] of params) {
      if (!['page', 'sort', 'order', 'perPage'].includes(key)) filter[key] = value;
    }
    const order = params.get('order');
    return {
      filter,
      ...(params.get('sort') ? { sort: params.get('sort')! } : {}),
      ...(order === 'ASC' || order === 'DESC' ? { order } : {}),
      ...(pageSize(params.get('perPage')) ? { perPage: pageSize(params.get('perPage')) } : {}),
    };
  }, [params]);
  const apply = useCallback(
    (state: ViewState) => {
      const next = new URLSearchParams();
      for (const [key, value] of Object.entries(state.filter)) {
        if (value !== undefined && value !== null && value !== '') next.set(key, String(value));
      }
      if (state.sort) next.set('sort', state.sort);
      if (state.order) next.set('order', state.order);
      if (state.perPage) next.set('perPage', String(state.perPage));
      setParams(next);
    },
    [setParams],
  );
  return { current, apply, bare: [...params.keys()].length === 0 };
}

/**
 * A react-admin list (Kunden): filters, sort and page size through the list's own setters (which write its
 * address and its store), hidden columns in the table's store key, as the "Spalten" button keeps them.
 */
export function useReactAdminListState(hiddenColumnsDefault: string[] = []): ListState {
  const list = useListContext();
  const [params] = useSearchParams();
  const [hidden, setHidden] = useStore<string[]>(`${list.resource}.datatable`, hiddenColumnsDefault);
  const { filterValues, sort, perPage, setFilters, setSort, setPerPage } = list;
  const current = useMemo<ViewState>(
    () => ({
      filter: filterValues as Record<string, unknown>,
      sort: sort.field,
      order: sort.order,
      ...(pageSize(perPage) ? { perPage: pageSize(perPage) } : {}),
      hiddenColumns: hidden,
    }),
    [filterValues, sort, perPage, hidden],
  );
  const apply = useCallback(
    (state: ViewState) => {
      setFilters(state.filter, Object.fromEntries(Object.keys(state.filter).map((key) => [key, true])));
      if (state.sort) setSort({ field: state.sort, order: state.order ?? 'ASC' });
      if (state.perPage) setPerPage(state.perPage);
      if (state.hiddenColumns) setHidden(state.hiddenColumns);
    },
    [setFilters, setSort, setPerPage, setHidden],
  );
  return { current, apply, bare: !params.has('filter') && !params.has('sort') };
}

import type { ReactElement } from 'react';
import { FilterContext, FilterForm, useListContext } from 'react-admin';
import { FilterSheet } from '../kit/FilterSheet';

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);

/**
 * A react-admin list's filters behind the phone's "Filter" button: the same filter inputs as the desk's bar,
 * drawn by react-admin's own filter form inside the sheet, so the values stay the list's (and the address's).
 * It stands among the list's filters itself (beside the quick search), hence the `source` it is given.
 */
export function ListFilterSheet({ filters }: { filters: ReactElement[] } & Record<string, unknown>) {
  const { filterValues } = useListContext();
  const active = filters.filter(
    (filter) => !isEmpty(filterValues?.[(filter.props as { source: string }).source]),
  ).length;
  return (
    <FilterSheet active={active}>
      <FilterContext.Provider value={filters}>
        <FilterForm />
      </FilterContext.Provider>
    </FilterSheet>
  );
}

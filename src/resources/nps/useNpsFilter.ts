import { companyToday } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';
import { useSearchParamsInOrder } from '../kit/useSearchParamsInOrder';
import type { NpsFilterValues } from './nps.endpoints';
import type { NpsFilterState } from './NpsFilterBar';
import { filterStateOf, withFilterState } from './npsFilterParams';
import { periodRange } from './npsPeriod.rules';

/**
 * The NPS filter bar's state and the query values it stands for (period turned into company days). The state
 * lives in the address, so a link (the dashboard's NPS card) opens the page with its filters. `changeParams`
 * changes other keys of the address (the tab) in the same order.
 */
export function useNpsFilter() {
  const zone = useCompanyZone();
  const [params, changeParams] = useSearchParamsInOrder();
  const state = filterStateOf(params);
  // From the address the previous change asked for: two quick changes keep both.
  const setState = (patch: Partial<NpsFilterState>) =>
    changeParams((latest) => withFilterState(latest, { ...filterStateOf(latest), ...patch }));
  const range =
    state.period === 'custom'
      ? { from: state.from ?? undefined, to: state.to ?? undefined }
      : periodRange(state.period, companyToday(zone));
  const query: NpsFilterValues = {
    ...range,
    ...(state.branchId ? { branchId: state.branchId } : {}),
    ...(state.sellerId ? { sellerId: state.sellerId } : {}),
    ...(state.category ? { category: state.category } : {}),
    ...(state.withComment ? { withComment: true } : {}),
  };
  return { params, state, setState, changeParams, query, zone };
}

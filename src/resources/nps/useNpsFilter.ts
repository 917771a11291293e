import { useState } from 'react';
import { companyToday } from '../../config/companyTime';
import { useCompanyZone } from '../../config/useCompanyZone';
import type { NpsFilterValues } from './nps.endpoints';
import type { NpsFilterState } from './NpsFilterBar';
import { periodRange } from './npsPeriod.rules';

const INITIAL: NpsFilterState = {
  period: 'last12',
  from: null,
  to: null,
  branchId: '',
  sellerId: '',
  category: '',
  withComment: false,
};

/** The NPS filter bar's state and the query values it stands for (period turned into company days). */
export function useNpsFilter() {
  const zone = useCompanyZone();
  const [state, setState] = useState<NpsFilterState>(INITIAL);
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
  return { state, setState, query, zone };
}

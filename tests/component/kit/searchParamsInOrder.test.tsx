import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ClientConfigProvider } from '../../../src/config/ClientConfigContext';
import type { ClientConfig } from '../../../src/config/clientConfig';
import { useActivityFilter } from '../../../src/resources/activities/useActivityFilter';
import { useNpsFilter } from '../../../src/resources/nps/useNpsFilter';
import { useKanbanFilter } from '../../../src/resources/vorgaenge/kanban/useKanbanFilter';

const CONFIG = { tenant: 'strussnig' } as ClientConfig;

/** Renders `useHook` at `/` and hands out its latest answer and the address. */
function harness<T>(useHook: () => T) {
  const seen: { value?: T; search?: string } = {};
  function Probe() {
    seen.value = useHook();
    seen.search = useLocation().search;
    return null;
  }
  render(
    <ClientConfigProvider config={CONFIG}>
      <MemoryRouter initialEntries={['/']}>
        <Probe />
      </MemoryRouter>
    </ClientConfigProvider>,
  );
  return seen as { value: T; search: string };
}

describe('filters in the address: two changes in one go keep both', () => {
  it('Kanban: a seller and a label chosen before the board redraws', () => {
    const seen = harness(useKanbanFilter);
    act(() => {
      seen.value.update({ sellerUserId: 4 });
      seen.value.update({ labelId: 7 });
    });
    expect(seen.value.filter).toEqual({ sellerUserId: 4, labelId: 7 });
  });

  it('NPS: a branch and a category chosen before the page redraws, and the tab beside them', () => {
    const seen = harness(useNpsFilter);
    act(() => {
      seen.value.setState({ branchId: 2 });
      seen.value.setState({ category: 'kritiker' });
      seen.value.changeParams((latest) => {
        latest.set('ansicht', 'statistik');
        return latest;
      });
    });
    expect(seen.value.state).toMatchObject({ branchId: 2, category: 'kritiker' });
    expect(new URLSearchParams(seen.search).get('ansicht')).toBe('statistik');
  });

  it('Aktivitäten: a type and a seller chosen before the list redraws', () => {
    const seen = harness(useActivityFilter);
    act(() => {
      seen.value.update({ activityType: 'besuch' });
      seen.value.update({ userId: '3' });
    });
    expect(seen.value.filter).toEqual({ activityType: 'besuch', userId: '3' });
  });
});

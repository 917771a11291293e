import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useSearchParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useKanbanFilter } from '../../../src/resources/vorgaenge/kanban/useKanbanFilter';

/** The hook at an address of the board, with the address's query string as it changes. */
function atAddress(search: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[`/crm/vorgang/kartenansicht${search}`]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => ({ ...useKanbanFilter(), search: useLocation().search, setParams: useSearchParams()[1] }),
    { wrapper },
  );
}

describe('the Kartenansicht filter in the address', () => {
  it('reads a link: the search trimmed, "Nur meine", and only whole positive ids', () => {
    const { result } = atAddress('?q=%20Fenster%20&mine=true&sellerUserId=4&branchId=0&labelId=2.5');
    expect(result.current.filter).toEqual({ q: 'Fenster', mine: true, sellerUserId: 4 });
    expect(atAddress('?q=%20%20&mine=false&branchId=abc').result.current.filter).toEqual({});
  });

  it('keeps the same filter object when only another part of the address changes', () => {
    const { result } = atAddress('?q=Fenster&branchId=3');
    const before = result.current.filter;
    // Opening a card puts its tab in the address; the board must not be read again for that.
    act(() => result.current.setParams((params) => new URLSearchParams([...params, ['tab', 'belege']])));
    expect(result.current.search).toContain('tab=belege');
    expect(result.current.filter).toBe(before);
    act(() => result.current.update({ branchId: 5 }));
    expect(result.current.filter).not.toBe(before);
    expect(result.current.filter).toEqual({ q: 'Fenster', branchId: 5 });
  });

  it('drops cleared filters from the address and keeps the rest', () => {
    const { result } = atAddress('?q=alt&mine=true&labelId=7&tab=belege');
    act(() => result.current.update({ q: '', mine: false, labelId: null, sellerUserId: 9 }));
    expect(result.current.filter).toEqual({ sellerUserId: 9 });
    const params = new URLSearchParams(result.current.search);
    expect([...params.keys()].sort()).toEqual(['sellerUserId', 'tab']);
  });
});

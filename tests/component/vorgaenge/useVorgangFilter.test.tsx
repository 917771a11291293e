import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useVorgangFilter } from '../../../src/resources/vorgaenge/useVorgangFilter';

/** The hook at an address, with the address's query string as it changes. */
function atAddress(search: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[`/crm/vorgang${search}`]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ ...useVorgangFilter(), search: useLocation().search }), { wrapper });
}

describe('the Vorgänge filter in the address', () => {
  it('reads texts, numbers and "Nur meine" from a link, and leaves out what is empty or no number', () => {
    const { result } = atAddress(
      '?q=V26-000123&branchId=3&sellerUserId=abc&netFrom=&mine=true&status=Angebot',
    );
    expect(result.current.filter).toEqual({ q: 'V26-000123', branchId: 3, mine: true, status: 'Angebot' });
  });

  it('pages from 1 and only by the offered page sizes', () => {
    expect(atAddress('?page=3&perPage=50').result.current).toMatchObject({ page: 3, perPage: 50 });
    expect(atAddress('?page=0&perPage=7').result.current).toMatchObject({ page: 1, perPage: 25 });
    expect(atAddress('?page=x').result.current).toMatchObject({ page: 1, perPage: 25 });
  });

  it('starts again at page 1 when a filter changes, and drops cleared values from the address', () => {
    const { result } = atAddress('?q=alt&mine=true&page=4');
    act(() => result.current.update({ q: 'neu', mine: false }));
    expect(result.current.filter).toEqual({ q: 'neu' });
    expect(result.current.page).toBe(1);
    expect(new URLSearchParams(result.current.search).has('mine')).toBe(false);
    act(() => result.current.update({ page: 2 }));
    expect(result.current.page).toBe(2);
    act(() => result.current.update({ q: '' }));
    expect(result.current.filter).toEqual({});
    expect(result.current.search).toBe('');
  });

  it('keeps both of two quick changes made before the list draws the first (a tab, then a filter)', () => {
    const { result } = atAddress('?status=verloren&page=3');
    // One act: the second click comes before React renders the first click's address.
    act(() => {
      result.current.update({ status: undefined });
      result.current.update({ stagnant: true });
    });
    expect(result.current.filter).toEqual({ stagnant: true });
    expect(result.current.search).toBe('?stagnant=true');
    // A change after the page drew the address starts from the address, not from the earlier click.
    act(() => result.current.update({ q: 'Huber' }));
    expect(result.current.filter).toEqual({ stagnant: true, q: 'Huber' });
  });
});

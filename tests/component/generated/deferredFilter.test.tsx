import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { ListContextProvider, type ListControllerResult } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { DeferredFilter } from '../../../src/resources/generic/DeferredFilter';

/** Records, in the commit that first draws it, whether the real input is in the page. */
function renderFilter(filterValues: Record<string, unknown>) {
  const firstCommit: boolean[] = [];
  function Witness() {
    useLayoutEffect(() => {
      firstCommit.push(screen.queryByTestId('echter-filter') !== null);
    }, []);
    return null;
  }
  render(
    <ListContextProvider value={{ filterValues } as unknown as ListControllerResult}>
      <DeferredFilter source="branchId" label="Filiale" alwaysOn>
        <input data-testid="echter-filter" aria-label="Filiale" />
      </DeferredFilter>
      <Witness />
    </ListContextProvider>,
  );
  return firstCommit;
}

// The Kunden list's reference filters (MUI Autocomplete with its look-up) are drawn just after the
// list's first paint; an input of the same size and label stands in until then.
describe('a deferred filter input', () => {
  it('shows a stand-in with the label in the first commit, and the real input right after', async () => {
    const firstCommit = renderFilter({});
    expect(firstCommit).toEqual([false]);
    expect(await screen.findByTestId('echter-filter')).toBeTruthy();
    // The stand-in is gone: one input named Filiale, the real one.
    expect(screen.getAllByRole('textbox', { name: 'Filiale' })).toEqual([
      screen.getByTestId('echter-filter'),
    ]);
  });

  it('is the real input at once when the filter has a value', () => {
    const firstCommit = renderFilter({ branchId: 3 });
    expect(firstCommit).toEqual([true]);
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VorgangFilters } from '../../../src/resources/vorgaenge/VorgangFilters';
import type { VorgangFilter } from '../../../src/resources/vorgaenge/vorgangList.endpoints';
import { renderInAdmin } from '../support/render';
import { envelope, server } from '../support/server';

function showFilters(filter: VorgangFilter) {
  const update = vi.fn();
  renderInAdmin(<VorgangFilters filter={filter} update={update} onEnter={() => undefined} />, '/vorgang');
  return update;
}

describe('Vorgänge filters', () => {
  beforeEach(() => {
    // The pick lists' choices; their content does not matter here.
    server.use(http.get('*/api/*', () => envelope([])));
  });

  it('keeps "Weitere Filter" closed, and opens them at once for a link with one of them', async () => {
    showFilters({});
    expect(screen.getByRole('button', { name: 'Weitere Filter' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.queryByLabelText('Summe netto ab (€)')).toBeNull();
    showFilters({ netFrom: 150_000 });
    expect(((await screen.findByLabelText('Summe netto ab (€)')) as HTMLInputElement).value).toBe('1500');
  });

  it('sends a net sum in cents once it is committed (Enter), and none when it is cleared', async () => {
    const update = showFilters({ netFrom: 150_000 });
    const from = await screen.findByLabelText('Summe netto ab (€)');
    await userEvent.clear(from);
    await userEvent.type(from, '2500.5');
    expect(update).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect(update).toHaveBeenLastCalledWith({ netFrom: 250_050 });
    await userEvent.clear(from);
    await userEvent.tab();
    expect(update).toHaveBeenLastCalledWith({ netFrom: undefined });
  });

  it('sends a column value with the column and comparison shown (default: Bezeichnung, Beinhaltet)', async () => {
    const update = showFilters({});
    await userEvent.click(screen.getByRole('button', { name: 'Weitere Filter' }));
    await userEvent.type(await screen.findByLabelText('Wert'), 'Wintergarten{Enter}');
    expect(update).toHaveBeenLastCalledWith({
      matchValue: 'Wintergarten',
      matchColumn: 'title',
      matchMode: 'contains',
    });
  });
});

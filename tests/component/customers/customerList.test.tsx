import { openedColumnsMenu } from '../support/columnsMenu';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CustomerList, ENTITIES } from '../support/app';
import { renderView } from '../support/render';
import { server } from '../support/server';

const kunden = ENTITIES.find((e) => e.name === 'kunden')!;

/** The filters of the Kunden list calls the page sent, oldest first. */
function listFilters() {
  const filters: Record<string, unknown>[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/kunde/allCustomers') && !url.searchParams.get('filter')?.includes('"id"')) {
      filters.push(JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, unknown>);
    }
  });
  return filters;
}

describe('Kunden list', () => {
  it('"Nur meine" switches off again: the filter leaves the request', async () => {
    const filters = listFilters();
    renderView(kunden, 'list', 1, { list: CustomerList });
    const mine = await screen.findByRole('switch', { name: 'Nur meine' }, { timeout: 10_000 });
    await userEvent.click(mine);
    await waitFor(() => expect(filters.at(-1)).toMatchObject({ mine: true }));
    await userEvent.click(mine);
    await waitFor(() => expect(filters.at(-1)).not.toHaveProperty('mine'));
    server.events.removeAllListeners('request:start');
  }, 40_000);

  it('fits a laptop: key columns first, the rest in "Spalten", 100 rows, newest activity first', async () => {
    const sorts: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/kunde/allCustomers'))
        sorts.push(`${url.searchParams.get('sort')} ${url.searchParams.get('order')}`);
    });
    renderView(kunden, 'list', 1, { list: CustomerList });
    // The loading skeleton has empty headers: wait for the real ones.
    const table = (await screen.findAllByText('Letzte Aktivität', {}, { timeout: 15_000 }))[0]!.closest(
      'table',
    )!;
    const headers = within(table.querySelector('thead')!)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    // First the tick box that selects rows for a bulk action, then the key columns.
    expect(headers.slice(0, 6)).toEqual(['', 'Name', 'Telefon', 'Ort', 'Betreuer', 'Letzte Aktivität']);
    for (const hidden of ['Kundennummer', 'PLZ', 'Filiale']) expect(headers).not.toContain(hidden);
    // The hidden ones are in the column chooser, ready to be switched on.
    await userEvent.click(await screen.findByRole('button', { name: 'Spalten' }));
    const menu = await openedColumnsMenu();
    expect(within(menu).getByRole<HTMLInputElement>('switch', { name: 'Kundennummer' }).checked).toBe(false);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('combobox', { name: /Zeilen pro Seite/ }));
    expect(await screen.findByRole('option', { name: '100' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(table).getAllByText('Letzte Aktivität')[0]!);
    await waitFor(() => expect(sorts.at(-1)).toBe('lastActivityAt DESC'));
    server.events.removeAllListeners('request:start');
  }, 60_000);
});

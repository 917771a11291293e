import { screen, waitFor } from '@testing-library/react';
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
  it('"Nur meine" switches off again: the filter leaves the request (bug 1)', async () => {
    const filters = listFilters();
    renderView(kunden, 'list', 1, { list: CustomerList });
    const mine = await screen.findByRole('switch', { name: 'Nur meine' }, { timeout: 10_000 });
    await userEvent.click(mine);
    await waitFor(() => expect(filters.at(-1)).toMatchObject({ mine: true }));
    await userEvent.click(mine);
    await waitFor(() => expect(filters.at(-1)).not.toHaveProperty('mine'));
    server.events.removeAllListeners('request:start');
  }, 40_000);
});

import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { listRows, within } from '../support/queries';
import { renderView } from '../support/render';
import { entityNamed, makeRow } from '../support/rows';
import { apiPath, envelope, sentRequests, server } from '../support/server';

const kunden = entityNamed('kunden');
const users = entityNamed('admin-benutzer/users');
const labels = entityNamed('admin/labels');

// A list page brings the records its rows refer to, so the rows show names and labels at once; the
// list asks for them separately only when the page did not bring them (the fallback the other tests cover).
describe('generated list with the references its page includes', () => {
  it('shows the Betreuer and the labels of the rows without asking for them', async () => {
    const owner = { ...makeRow(users, 7), name: 'Erika Eingebettet' };
    const label = { ...makeRow(labels, 3), name: 'Mitgeliefert', color: '#2e7d32' };
    const row = { ...makeRow(kunden, 1), ownerUserId: 7, labelIds: [3] };
    server.use(
      http.get(apiPath(kunden.endpoints.list), () =>
        envelope({
          data: [row],
          total: 1,
          included: { [users.name]: [owner], [labels.name]: [label] },
        }),
      ),
    );
    renderView(kunden, 'list');
    const [first] = await listRows(1);
    await within(first!).findByText('Erika Eingebettet');
    const chip = within(first!).getByText('Mitgeliefert');
    // The label's colour, its text black or white as reads better (here white on dark green).
    expect(chip.style.backgroundColor).toBe('#2e7d32');
    expect(chip.style.color).toBe('#fff');
    const lookUps = sentRequests.filter(
      (request) => request.includes(users.endpoints.list) || request.includes(labels.endpoints.list),
    );
    expect(lookUps).toEqual([]);
    expect(screen.queryByText('Dieser Datensatz existiert nicht.')).toBeNull();
  });
});

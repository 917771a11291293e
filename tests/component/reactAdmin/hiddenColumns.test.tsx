import { openedColumnsMenu } from '../support/columnsMenu';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CustomerList } from '../support/app';
import { listRows } from '../support/queries';
import { renderView } from '../support/render';
import { entityNamed } from '../support/rows';

// docs/react-admin-internals.md row 8: our table body reads the hidden columns once from react-admin's
// DataTable store (useDataTableStoreContext's storeKey and defaultHiddenColumns) and our plain cells leave them
// out. react-admin's own "Spalten" button writes that store; if it writes elsewhere, the cells stay.

const kunden = entityNamed('kunden');

describe('columns hidden with react-admin\'s "Spalten"', () => {
  it('leave their cells out, and bring them back when shown', async () => {
    renderView(kunden, 'list', 1, { list: CustomerList });
    const [row] = await listRows(2);
    // Hidden by default (CustomerList's hiddenColumns): no cell.
    expect(row!.querySelector('.column-customerNumber')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Spalten' }, { timeout: 5000 }));
    const menu = await openedColumnsMenu();
    await userEvent.click(within(menu).getByLabelText('Kundennummer'));
    await waitFor(() => expect(document.querySelectorAll('tbody .column-customerNumber')).toHaveLength(2));
  });
});

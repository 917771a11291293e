import { fireEvent, screen } from '@testing-library/react';
import { useListContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { ENTITIES, EntityList } from '../support/app';
import { labelledValues, listRows } from '../support/queries';
import { renderView } from '../support/render';
import { ROWS_PER_LIST } from '../support/server';

const kunden = ENTITIES.find((entity) => entity.name === 'kunden')!;

function SelectedCount() {
  const { selectedIds } = useListContext();
  return <p>{selectedIds.length} ausgewählt</p>;
}

const ListWithBulkActions = () => <EntityList rowClick="show" bulkActions={<SelectedCount />} />;

const checkboxes = () => screen.getAllByRole('checkbox', { name: 'Diese Zeile auswählen' });

describe('a generated list row', () => {
  it('is a plain row with a native checkbox: no MUI TableRow, Checkbox or ButtonBase per row', async () => {
    renderView(kunden, 'list', 1, { list: ListWithBulkActions });
    const rows = await listRows(ROWS_PER_LIST);
    for (const row of rows) {
      expect(row.querySelectorAll('input[type="checkbox"]')).toHaveLength(1);
      expect(row.querySelector('.MuiButtonBase-root, .MuiCheckbox-root')).toBeNull();
      expect(row.classList.contains('MuiTableRow-root')).toBe(false);
      expect(row.classList.contains('RaDataTable-row')).toBe(true);
    }
  });

  it('ticks rows without opening them, and a shift-click ticks or unticks the range since the last one', async () => {
    renderView(kunden, 'list', 1, { list: ListWithBulkActions });
    await listRows(ROWS_PER_LIST);
    fireEvent.click(checkboxes()[0]!);
    expect(await screen.findByText('1 ausgewählt')).toBeTruthy();
    expect(checkboxes()[0]).toHaveProperty('checked', true);
    fireEvent.click(checkboxes()[1]!);
    expect(await screen.findByText('2 ausgewählt')).toBeTruthy();
    // From the last ticked (the second) to the first, both ticked: the range is unticked, not the first alone.
    fireEvent.click(checkboxes()[0]!, { shiftKey: true });
    expect(await screen.findByText('0 ausgewählt')).toBeTruthy();
    // A click beside the box, in its cell, selects nothing and stays on the list.
    fireEvent.click(checkboxes()[0]!.closest('td')!);
    expect(document.querySelector('.RaSimpleShowLayout-row')).toBeNull();
    expect(checkboxes()).toHaveLength(ROWS_PER_LIST);
  });

  it('opens the record when the row is clicked', async () => {
    renderView(kunden, 'list', 1, { list: ListWithBulkActions });
    const [first] = await listRows(ROWS_PER_LIST);
    fireEvent.click(first!.querySelector('td.column-displayName')!);
    expect((await labelledValues()).size).toBeGreaterThan(0);
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VorgangTable } from '../../../src/resources/vorgaenge/VorgangTable';
import type { VorgangListRow } from '../../../src/resources/vorgaenge/vorgangListTypes';
import { renderInAdmin } from '../support/render';

const row = (id: number): VorgangListRow => ({
  id,
  version: 1,
  vorgangNumber: `V26-00${id}`,
  customerId: id,
  customerName: `Kunde ${id}`,
  title: 'Fenstertausch',
  systemStatus: 'anfrage',
  customStatus: null,
  labels: [],
  seller: 'Victor Verkauf',
  branch: 'Graz',
  origin: null,
  netTotalCents: 0,
  expectedValueCents: 410000,
  planDbCents: null,
  expectedOrderDate: null,
  lastActivityAt: null,
  createdAt: '2026-11-30T08:00:00.000Z',
  stagnantDays: null,
});

describe('the Vorgänge table', () => {
  it('draws plain rows with a native checkbox, marks the ticked one and reports a tick', () => {
    const onSelect = vi.fn();
    renderInAdmin(
      <VorgangTable
        rows={[row(1), row(2)]}
        filter={{}}
        onSort={() => undefined}
        selected={[2]}
        onSelect={onSelect}
      />,
    );
    const rows = Array.from(document.querySelectorAll('tbody tr'));
    expect(rows).toHaveLength(2);
    for (const tr of rows) {
      expect(tr.querySelector('.MuiCheckbox-root, .MuiButtonBase-root, .MuiTableCell-root')).toBeNull();
      expect(tr.classList.contains('MuiTableRow-root')).toBe(false);
    }
    expect(rows[1]!.classList.contains('crm-row-selected')).toBe(true);
    expect(rows[0]!.classList.contains('crm-row-selected')).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'Vorgang V26-002 auswählen' })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vorgang V26-001 auswählen' }));
    expect(onSelect).toHaveBeenCalledWith([1], true);
    // The header's box ticks the whole page.
    expect(screen.getByRole('checkbox', { name: 'Alle Vorgänge dieser Seite auswählen' })).toBeTruthy();
  });
});

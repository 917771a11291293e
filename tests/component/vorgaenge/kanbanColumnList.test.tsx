import { DragDropContext } from '@hello-pangea/dnd';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ColumnState } from '../../../src/resources/vorgaenge/kanban/boardState';
import { KanbanColumnList } from '../../../src/resources/vorgaenge/kanban/KanbanColumnList';
import type { KanbanCard } from '../../../src/resources/vorgaenge/kanban/kanbanTypes';

const card = (id: number): KanbanCard => ({
  id,
  version: 1,
  vorgangNumber: `V26-${String(id).padStart(5, '0')}`,
  customerId: 1,
  customerName: 'Muster, Maria',
  title: 'Fenster',
  netTotalCents: 1000_00,
  valueCents: 1000_00,
  estimated: false,
  won: false,
  quarterValueCents: 0,
  labels: [],
  seller: null,
  customStatusId: 5,
  boardPosition: id * 1024,
  customStatusSince: '2026-11-02T09:00:00.000Z',
  stagnantDays: null,
});

const column = (loaded: number): ColumnState => ({
  customStatusId: 5,
  name: 'Angebot',
  color: null,
  total: 500,
  winProbability: 50,
  quarterCents: 0,
  quarterWeightedCents: 0,
  capped: false,
  sumNetCents: 0,
  wonCents: 0,
  weightedCents: 0,
  cards: Array.from({ length: loaded }, (_, i) => card(i + 1)),
  hasMore: true,
});

function renderColumn(loaded: number) {
  const onNearEnd = vi.fn();
  render(
    <DragDropContext onDragEnd={() => undefined}>
      <KanbanColumnList
        column={column(loaded)}
        actions={{ zone: 'Europe/Vienna', pending: new Set(), onOpen: vi.fn(), onMenu: vi.fn(), onNearEnd }}
      />
    </DragDropContext>,
  );
  return onNearEnd;
}

describe('a Kanban column with more cards on the server', () => {
  it('shows no turning spinner while its end is far from view (it kept the page redrawing)', () => {
    const onNearEnd = renderColumn(60);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByLabelText('Weitere Karten werden geladen')).toBeNull();
    expect(onNearEnd).not.toHaveBeenCalled();
  });

  it('loads the next cards near its end and shows that it does', () => {
    const onNearEnd = renderColumn(3);
    expect(screen.getByLabelText('Weitere Karten werden geladen')).toBeTruthy();
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(onNearEnd).toHaveBeenCalledWith(5);
  });
});

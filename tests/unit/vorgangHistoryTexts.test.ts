import { describe, expect, it } from 'vitest';
import { boardFromServer, type BoardState } from '../../src/resources/vorgaenge/kanban/boardState';
import {
  DRAG_INSTRUCTIONS,
  dragEndText,
  dragStartText,
  dragUpdateText,
} from '../../src/resources/vorgaenge/kanban/dragAnnouncements';
import type { KanbanCard } from '../../src/resources/vorgaenge/kanban/kanbanTypes';
import { systemStatusName, vorgangEventText } from '../../src/resources/vorgaenge/vorgangEvents.rules';

const card = (id: number, status: number | null): KanbanCard => ({
  id,
  version: 1,
  vorgangNumber: `CRM-00012${id}`,
  customerId: 1,
  customerName: 'Kunde',
  title: 'Fenster',
  netTotalCents: 0,
  valueCents: 0,
  estimated: false,
  won: false,
  quarterValueCents: 0,
  labels: [],
  seller: null,
  customStatusId: status,
  boardPosition: id,
  customStatusSince: null,
  stagnantDays: null,
});

const noSums = {
  winProbability: 10,
  wonCents: 0,
  quarterCents: 0,
  weightedCents: 0,
  quarterWeightedCents: 0,
};

// Two columns; "Neu" has 12 cards on the server, two of them loaded.
const board = (): BoardState =>
  boardFromServer({
    lastEventId: '1',
    leftOut: { lost: 0, invoiced: 0, capped: false },
    quarter: { start: '2026-10-01', end: '2026-12-31', label: '4. Quartal 2026' },
    columns: [
      {
        customStatusId: 7,
        name: 'Neu',
        color: null,
        total: 12,
        sumNetCents: 0,
        ...noSums,
        capped: false,
        cards: [card(3, 7), card(4, 7)],
      },
      {
        customStatusId: 8,
        name: 'Aufmaß',
        color: null,
        total: 0,
        sumNetCents: 0,
        ...noSums,
        capped: false,
        cards: [],
      },
    ],
  });
const at = (droppableId: string, index: number) => ({ droppableId, index });
const base = { draggableId: '4', type: 'DEFAULT', mode: 'SNAP' as const, source: at('7', 1) };

describe('German texts for a card dragged on the Kartenansicht', () => {
  it('names the Vorgang, the column and the position of all its cards when picked up, moved and dropped', () => {
    expect(DRAG_INSTRUCTIONS).toMatch(/^Drücken Sie die Leertaste/);
    expect(dragStartText(board(), base)).toBe(
      'Vorgang CRM-000124 aufgenommen. Spalte Neu, Position 2 von 12. Mit den Pfeiltasten verschieben, ' +
        'Leertaste zum Ablegen, Escape zum Abbrechen.',
    );
    // In another column it counts as one card more there.
    const over = { ...base, destination: at('8', 0), combine: null };
    expect(dragUpdateText(board(), over)).toBe('Spalte Aufmaß, Position 1 von 1.');
    expect(dragUpdateText(board(), { ...over, destination: null })).toMatch(/^Nicht über einer Spalte/);
    expect(dragEndText(board(), { ...over, reason: 'DROP' })).toBe(
      'Vorgang CRM-000124 abgelegt in Spalte Aufmaß, Position 1 von 1.',
    );
    // A drop target that is no column (e.g. a drop zone) is not called one.
    expect(dragUpdateText(board(), { ...over, destination: at('verloren', 0) })).toBe(
      'Nicht über einer Spalte.',
    );
    expect(dragEndText(board(), { ...over, destination: at('verloren', 0), reason: 'DROP' })).toBe(
      'Vorgang CRM-000124 abgelegt.',
    );
    expect(dragEndText(board(), { ...over, destination: null, reason: 'CANCEL' })).toBe(
      'Verschieben abgebrochen. Vorgang CRM-000124 bleibt in Spalte Neu, Position 2 von 12.',
    );
  });
});

describe('the Vorgang history in words', () => {
  it('shows system statuses as people know them, "Neu" before the first', () => {
    expect([null, 'anfrage', 'Angebot', 'verloren'].map(systemStatusName)).toEqual([
      'Neu',
      'Anfrage',
      'Angebot',
      'Verloren',
    ]);
  });

  it('says each change in one German sentence, dates as dd.MM.yyyy', () => {
    expect(vorgangEventText('eigener_status', { from: null, to: 'Aufmaß' }, 'board')).toBe(
      'Eigener Status: Ohne Status → Aufmaß (in der Kartenansicht verschoben)',
    );
    expect(vorgangEventText('label_hinzu', { label: 'Rückruf', dueDate: '2026-12-01' })).toBe(
      'Label „Rückruf“ hinzugefügt, fällig am 01.12.2026',
    );
    expect(vorgangEventText('label_faellig', { label: 'Rückruf', from: null, to: '2027-01-15' })).toBe(
      'Label „Rückruf“: Fälligkeit ohne Datum → 15.01.2027',
    );
    expect(vorgangEventText('datei_geloescht', { file: 'Plan.pdf' })).toBe('Datei „Plan.pdf“ gelöscht');
    expect(vorgangEventText('verkaeufer', { from: 'Anna', to: null })).toBe('Verkäufer: Anna → keiner');
  });
});

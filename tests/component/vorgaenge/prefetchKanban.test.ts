import { describe, expect, it, vi } from 'vitest';
import type { EndpointClient } from '../../../src/api/callEndpoint';
import {
  FIRST_CARDS,
  prefetchKanban,
  takeArrivedBoard,
  takeStartedBoard,
} from '../../../src/resources/vorgaenge/kanban/prefetchKanban';

const BOARD = { pathname: '/crm/vorgang/kartenansicht', search: '' };
const seller = Promise.resolve(['APP_KUNDE']);
const query = { perColumn: FIRST_CARDS };

/** A client whose board read ends when the test says so. */
function slowClient() {
  let answer: (board: unknown) => void = () => undefined;
  const call = vi.fn(() => new Promise((resolve) => (answer = resolve)));
  return {
    call: call as unknown as EndpointClient['call'],
    calls: call,
    arrive: (board: unknown) => answer(board),
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('prefetchKanban', () => {
  it('hands the board to the first render once it has arrived, once, and only for the same filters', async () => {
    const client = slowClient();
    await prefetchKanban(client, BOARD, seller);
    expect(client.calls).toHaveBeenCalledTimes(1);
    // Still on its way: the page draws its waiting state and takes the read itself.
    expect(takeArrivedBoard(query)).toBeNull();
    client.arrive({ columns: [], lastEventId: '0' });
    await settled();
    expect(takeArrivedBoard({ ...query, mine: true })).toBeNull();
    expect(takeArrivedBoard(query)).toEqual({ columns: [], lastEventId: '0' });
    // Taken once: a later board (other filters, a reload of the page's state) reads anew.
    expect(takeArrivedBoard(query)).toBeNull();
    expect(takeStartedBoard(query)).toBeNull();
  });

  it('leaves a read that was not there yet to the page, which waits for it', async () => {
    const client = slowClient();
    await prefetchKanban(client, BOARD, seller);
    const started = takeStartedBoard(query);
    expect(started).not.toBeNull();
    client.arrive({ columns: [], lastEventId: '7' });
    await expect(started).resolves.toEqual({ columns: [], lastEventId: '7' });
    await settled();
    expect(takeArrivedBoard(query)).toBeNull();
  });

  it('reads nothing for a filtered address or without the group', async () => {
    const client = slowClient();
    await prefetchKanban(client, { ...BOARD, search: '?mine=true' }, seller);
    await prefetchKanban(client, BOARD, Promise.resolve(['APP_NPS']));
    expect(client.calls).not.toHaveBeenCalled();
  });
});

import { callEndpoint, type EndpointClient } from '../../../api/callEndpoint';
import { hasAnyGroup } from '../../../auth/groups';
import { getKanban } from './kanban.endpoints';

/** Cards read per column at first; more come as a column is scrolled. */
export const FIRST_CARDS = 40;
const BOARD_PATH = /^\/crm\/vorgang\/kartenansicht\/?$/;

type Board = ReturnType<typeof callEndpoint<typeof getKanban>>;
let started: { query: string; board: Board; arrived?: Awaited<Board> } | null = null;

/**
 * Starts the board's first read from the address (the unfiltered board only), in parallel with its code, as
 * `prefetchRouteList` does for a list: the board otherwise asked for its cards only once react-admin, MUI and
 * the board had mounted (on a cold load with a phone's network and CPU about 2.5 s after its code had come).
 */
export async function prefetchKanban(
  client: Pick<EndpointClient, 'call'>,
  location: { pathname: string; search: string },
  groups: Promise<readonly string[]>,
): Promise<void> {
  if (location.search || !BOARD_PATH.test(location.pathname)) return;
  const mine = await groups.catch((): readonly string[] => []);
  const { access } = getKanban;
  if (!('groups' in access) || !hasAnyGroup(mine, access.groups)) return;
  const query = { perColumn: FIRST_CARDS };
  const board = callEndpoint(client, getKanban, { query });
  const read = { query: JSON.stringify(query), board };
  started = read;
  board.then(
    (arrived) => {
      if (started === read) started = { ...read, arrived };
    },
    () => undefined,
  );
}

/**
 * The board `prefetchKanban` read for exactly `query`, once, if it has already arrived: the page then draws it in
 * its first render instead of a spinner first (the read usually ends while the page's code still loads).
 */
export function takeArrivedBoard(query: object): Awaited<Board> | null {
  if (!started?.arrived || started.query !== JSON.stringify(query)) return null;
  const { arrived } = started;
  started = null;
  return arrived;
}

/** The board read `prefetchKanban` started for exactly `query`, once; null when there is none (read it then). */
export function takeStartedBoard(query: object): Board | null {
  if (!started || started.query !== JSON.stringify(query)) return null;
  const { board } = started;
  started = null;
  return board;
}

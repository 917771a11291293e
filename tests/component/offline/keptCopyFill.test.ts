import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiCallOptions } from '../../../src/dataProvider/httpClient';
import { fillKeptCopy } from '../../../src/offline/kept/fillKeptCopy';
import { forgetKeptCopies, keptAnswer } from '../../../src/offline/kept/keptStore';
import { noteFirstScreenDrawn } from '../../../src/pageLoad';

const ACCOUNT = 'victor-home-account';

/** The server as the fill sees it: a week with customer 5 and Vorgang 7, a customer page naming its Betreuer etc. */
function fakeServer() {
  const calls: { path: string; paths?: string[] }[] = [];
  const resultOf = (path: string): unknown =>
    path === 'kunde/getSingleCustomer/5'
      ? { id: 5, displayName: 'Kepler', ownerUserId: 3, branchId: 2, labelIds: [1, 4] }
      : { answered: path };
  const api = vi.fn(async (path: string, options: ApiCallOptions = {}) => {
    const paths = (options.body as { paths?: string[] } | undefined)?.paths;
    calls.push({ path, paths });
    if (path === 'dashboard/getMyOfflineKit')
      return { today: '2026-11-29', until: '2026-12-06', customerIds: [5], vorgangIds: [7] };
    if (path === 'dashboard/getKeptAnswers')
      return {
        answers: paths!.map((p) => ({
          path: p,
          statusCode: p.endsWith('/caluclatePlanDBForVorgang/7') ? 403 : 200,
          result: resultOf(p),
        })),
      };
    throw new Error(`unexpected call ${path}`);
  });
  return { api, calls };
}

describe('filling the kept copy', () => {
  afterEach(() => forgetKeptCopies());

  it('asks in four calls, not one per answer, and keeps each answer under the key its page asks by', async () => {
    const { api, calls } = fakeServer();
    await fillKeptCopy(api as never, ACCOUNT);
    expect(calls.map((c) => c.path).sort()).toEqual([
      'dashboard/getKeptAnswers',
      'dashboard/getKeptAnswers',
      'dashboard/getKeptAnswers',
      'dashboard/getMyOfflineKit',
    ]);
    const asked = calls.flatMap((c) => c.paths ?? []);
    const names = (list: string, ids: number[]) =>
      `${list}?${new URLSearchParams({ page: '1', perPage: String(ids.length), filter: JSON.stringify({ id: ids }) })}`;
    expect(asked).toEqual(
      expect.arrayContaining([
        'todo/getTodos',
        'kunde/getSingleCustomer/5',
        'kunde/getTimelineForCustomer/5',
        'vorgang/getVorgang/7',
        names('label/getLabels', [1, 4]),
      ]),
    );
    expect((await keptAnswer(ACCOUNT, 'kunde/getSingleCustomer/5'))?.result).toMatchObject({ id: 5 });
    expect((await keptAnswer(ACCOUNT, 'vorgang/getTimelineForVorgang/7'))?.result).toEqual({
      answered: 'vorgang/getTimelineForVorgang/7',
    });
    expect(await keptAnswer(ACCOUNT, names('label/getLabels', [1, 4]))).not.toBeNull();
    // A refused answer is not kept (and does not stop the rest).
    expect(await keptAnswer(ACCOUNT, 'vorgang/caluclatePlanDBForVorgang/7')).toBeNull();
  });
});

describe('when the kept copy is filled', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.resetModules();
    vi.unstubAllGlobals();
  });

  /** Schedules a fill on a device whose pointer is `pointer`, and answers whether the fill's code was asked for. */
  async function fillsOn(pointer: 'coarse' | 'fine'): Promise<boolean> {
    vi.useFakeTimers();
    vi.stubGlobal(
      'matchMedia',
      (query: string) => ({ matches: query === `(pointer: ${pointer})`, media: query }) as MediaQueryList,
    );
    const filled = vi.fn(async () => undefined);
    vi.doMock('../../../src/offline/kept/fillKeptCopy', () => ({ fillKeptCopy: filled }));
    const { scheduleKeptCopyFill } = await import('../../../src/offline/kept/scheduleKeptCopyFill');
    noteFirstScreenDrawn();
    scheduleKeptCopyFill(vi.fn() as never, `konto-${pointer}`);
    await vi.advanceTimersByTimeAsync(20_000);
    vi.doUnmock('../../../src/offline/kept/fillKeptCopy');
    return filled.mock.calls.length > 0;
  }

  it('fills on a phone after the first screen, and never ahead on a desk browser', async () => {
    expect(await fillsOn('coarse')).toBe(true);
    expect(await fillsOn('fine')).toBe(false);
  });
});

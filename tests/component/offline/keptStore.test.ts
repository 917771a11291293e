import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetKeptCopies,
  keepAnswer,
  keptAnswer,
  keptBytes,
  keptDatabaseName,
  keptRecords,
} from '../../../src/offline/kept/keptStore';
import { DAY_RECORD } from '../../../src/offline/kept/keptPaths.rules';

const ANNA = 'anna-home-account';
const BERT = 'bert-home-account';
const customer = (id: number, text = 'x') => ({ id, displayName: `Kunde ${id}`, note: text });

describe('the kept copy in IndexedDB (per account, bounded, wiped on sign-out)', () => {
  afterEach(() => forgetKeptCopies());

  it('keeps an answer with the time the server gave it and reads it back', async () => {
    await keepAnswer(ANNA, 'kunde/getSingleCustomer/7', 'kunde:7', customer(7), 1_000);
    await keepAnswer(ANNA, 'kunde/getSingleCustomer/7', 'kunde:7', customer(7, 'neu'), 2_000);
    const kept = await keptAnswer(ANNA, 'kunde/getSingleCustomer/7');
    expect(kept).toMatchObject({ record: 'kunde:7', result: customer(7, 'neu'), storedAt: 2_000 });
    expect(await keptAnswer(ANNA, 'kunde/getSingleCustomer/8')).toBeNull();
    // A replaced answer counts once in the record's size.
    expect(await keptBytes(ANNA)).toBe(kept!.bytes);
  });

  it('keeps each account apart: one account never reads what another kept', async () => {
    await keepAnswer(ANNA, 'todo/getTodos', DAY_RECORD, { items: ['Annas Todo'] });
    expect(await keptAnswer(BERT, 'todo/getTodos')).toBeNull();
    expect((await keptAnswer(ANNA, 'todo/getTodos'))?.result).toEqual({ items: ['Annas Todo'] });
    const names = (await indexedDB.databases()).map((info) => info.name);
    expect(names).toEqual(expect.arrayContaining([keptDatabaseName(ANNA), keptDatabaseName(BERT)]));
  });

  it('stays within its bound: the record used longest ago goes first, whole, the day never', async () => {
    const big = 'y'.repeat(1_000); // about 2 kB per answer
    await keepAnswer(ANNA, 'todo/getTodos', DAY_RECORD, { big }, 1, 5_000);
    await keepAnswer(ANNA, 'kunde/getSingleCustomer/1', 'kunde:1', customer(1, big), 2, 5_000);
    await keepAnswer(ANNA, 'kunde/getTimelineForCustomer/1', 'kunde:1', { items: [big] }, 3, 5_000);
    await keepAnswer(ANNA, 'vorgang/getVorgang/2', 'vorgang:2', { big }, 4, 5_000);
    // Now over the bound: Kunde 1 (used at 3) goes with both its answers, the day (used at 1) stays.
    expect((await keptRecords(ANNA)).map((entry) => entry.record)).toEqual([DAY_RECORD, 'vorgang:2']);
    expect(await keptAnswer(ANNA, 'kunde/getTimelineForCustomer/1')).toBeNull();
    expect(await keptAnswer(ANNA, 'todo/getTodos')).not.toBeNull();
    expect(await keptBytes(ANNA)).toBeLessThanOrEqual(5_000);
  });

  it('is wiped on sign-out for every account, no database of it left', async () => {
    await keepAnswer(ANNA, 'todo/getTodos', DAY_RECORD, { items: [] });
    await keepAnswer(BERT, 'kunde/getSingleCustomer/3', 'kunde:3', customer(3));
    await forgetKeptCopies();
    const names = (await indexedDB.databases()).map((info) => info.name);
    expect(names.filter((name) => name?.startsWith('fenster-crm-unterwegs.'))).toEqual([]);
    expect(await keptAnswer(ANNA, 'todo/getTodos')).toBeNull();
  });
});

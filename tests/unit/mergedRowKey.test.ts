import { describe, expect, it } from 'vitest';
import type { ChangeEntry } from '../../src/resources/changeHistory/changeHistory.endpoints';
import { mergedRowKey } from '../../src/resources/kit/useTimelineChanges';

const at = '2026-11-27T21:00:00.000Z';
const change = { id: 7, at } as ChangeEntry;

describe('mergedRowKey', () => {
  it('keeps a change of the Änderungsverlauf apart from a timeline entry of the kind "aenderung" with its id', () => {
    const keys = [
      mergedRowKey({ kind: 'change', entry: change, at }),
      mergedRowKey({ kind: 'item', item: { kind: 'aenderung', id: 7 }, at }),
      mergedRowKey({ kind: 'item', item: { kind: 'notiz', id: 7 }, at }),
    ];
    expect(new Set(keys).size).toBe(3);
  });
});

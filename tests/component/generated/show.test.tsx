import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../support/app';
import { labelledValues, within } from '../support/queries';
import { renderView } from '../support/render';
import { displayedText, makeRow } from '../support/rows';

describe.each(ENTITIES.map((entity) => [entity.name, entity] as const))(
  'generated show of %s',
  (_, entity) => {
    it('shows every declared field under its German label with the record’s value', async () => {
      renderView(entity, 'show', 2);
      const row = makeRow(entity, 2);
      const values = await labelledValues();
      expect([...values.keys()]).toEqual(entity.fields.map((field) => field.label));
      for (const field of entity.fields) {
        const expected = displayedText(entity, field, row);
        if (expected !== undefined) await within(values.get(field.label)!).findByText(expected);
      }
    });
  },
);

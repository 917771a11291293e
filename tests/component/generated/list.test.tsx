import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../support/app';
import { columnHeaders, listRows, within } from '../support/queries';
import { renderView } from '../support/render';
import { displayedText, makeRow } from '../support/rows';
import { ROWS_PER_LIST } from '../support/server';

describe.each(ENTITIES.map((entity) => [entity.name, entity] as const))(
  'generated list of %s',
  (_, entity) => {
    const columns = entity.fields.filter((field) => field.inList !== false);

    it('shows the declared German column headers and the rows the API sent', async () => {
      renderView(entity, 'list');
      const [first] = await listRows(ROWS_PER_LIST);
      const row = makeRow(entity, 1);
      for (const field of columns) {
        const expected = displayedText(entity, field, row);
        if (expected !== undefined) await within(first!).findByText(expected);
      }
      expect(columnHeaders()).toEqual(expect.arrayContaining(columns.map((f) => f.label)));
    });
  },
);

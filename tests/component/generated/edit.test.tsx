import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../support/app';
import { labelText } from '../support/queries';
import { renderView } from '../support/render';
import { displayedText, makeRow } from '../support/rows';
import { sentRequests } from '../support/server';

const writable = ENTITIES.filter((entity) => entity.endpoints.write);

describe.each(writable.map((entity) => [entity.name, entity] as const))(
  'generated edit form of %s',
  (_, entity) => {
    it('loads the record through its read-one endpoint into the labelled inputs', async () => {
      renderView(entity, 'edit', 2);
      const row = makeRow(entity, 2);
      for (const field of entity.fields) {
        if (field.inForm === false) continue;
        if (field.shownWhen && row[field.shownWhen.source] !== field.shownWhen.equals) continue;
        // More than one element can carry a date picker's label; its value sits in the input. The date input's
        // code loads on first use, and on a busy 2-core machine that first import took longer than the default
        // second: the wait is for the code, not for a missing label.
        const labelled = await screen.findAllByLabelText(labelText(field.label), {}, { timeout: 5000 });
        const input = labelled.find((element) => element instanceof HTMLInputElement) ?? labelled[0];
        if (field.choicesFrom) {
          // Chosen from the Stammdaten: a select, whose chosen value is its text. Until the list is loaded it
          // is a read-only text input, which the select then replaces: look the element up again each time.
          await waitFor(() =>
            expect(
              screen.getByRole('combobox', { name: labelText(field.label) }).textContent,
              field.source,
            ).toBe(String(row[field.source])),
          );
          continue;
        }
        if (field.type === 'text' || field.type === 'longtext' || field.type === 'integer') {
          expect((input as HTMLInputElement).value, field.source).toBe(String(row[field.source]));
        }
        if (field.type === 'date') {
          expect((input as HTMLInputElement).value, field.source).toBe(displayedText(entity, field, row));
        }
      }
      expect(sentRequests).toContain(`GET /api/${entity.endpoints.one ?? entity.endpoints.list}/2`);
    });
  },
);

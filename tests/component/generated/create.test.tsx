import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../support/app';
import { labelText } from '../support/queries';
import { renderView } from '../support/render';
import { sentRequests } from '../support/server';

// Rows another system owns (no `write` endpoint) have no create form.
const writable = ENTITIES.filter((entity) => entity.endpoints.write);

describe.each(writable.map((entity) => [entity.name, entity] as const))(
  'generated create form of %s',
  (_, entity) => {
    it('offers an input for every declared form field, labelled in German', async () => {
      renderView(entity, 'create');
      for (const field of entity.fields) {
        if (field.inForm === false || field.shownWhen) continue;
        // More than one element can carry a date picker's label.
        expect(await screen.findAllByLabelText(labelText(field.label)), field.source).not.toHaveLength(0);
      }
      expect(screen.getByRole('button', { name: 'Speichern' })).toBeTruthy();
      // Nothing is written before the user saves.
      expect(sentRequests.filter((request) => !request.startsWith('GET'))).toEqual([]);
    });
  },
);

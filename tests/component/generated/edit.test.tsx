import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../support/app';
import { labelText } from '../support/queries';
import { renderView } from '../support/render';
import { makeRow } from '../support/rows';
import { useFakeApi } from '../support/server';

useFakeApi();

const writable = ENTITIES.filter((entity) => entity.endpoints.write);

describe.each(writable.map((entity) => [entity.name, entity] as const))('generated edit form of %s', (_, entity) => {
  it('loads the record through its read-one endpoint into the labelled inputs', async () => {
    renderView(entity, 'edit', 2);
    const row = makeRow(entity, 2);
    for (const field of entity.fields) {
      if (field.inForm === false) continue;
      if (field.shownWhen && row[field.shownWhen.source] !== field.shownWhen.equals) continue;
      // The date picker labels its section group and its hidden value input alike.
      const [input] = await screen.findAllByLabelText(labelText(field.label));
      if (field.type === 'text' || field.type === 'longtext' || field.type === 'integer') {
        expect((input as HTMLInputElement).value, field.source).toBe(String(row[field.source]));
      }
    }
  });
});

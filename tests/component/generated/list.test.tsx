import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../support/app';
import { renderView } from '../support/render';
import { displayedText, makeRow } from '../support/rows';
import { useFakeApi } from '../support/server';

useFakeApi();

describe.each(ENTITIES.map((entity) => [entity.name, entity] as const))('generated list of %s', (_, entity) => {
  const columns = entity.fields.filter((field) => field.inList !== false);

  it('shows the declared German column headers and the rows the API sent', async () => {
    renderView(entity, 'list');
    const firstRow = makeRow(entity, 1);
    for (const field of columns) {
      const expected = displayedText(entity, field, firstRow);
      if (expected !== undefined) expect(await screen.findByText(expected)).toBeTruthy();
    }
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
    expect(headers).toEqual(expect.arrayContaining(columns.map((f) => f.label)));
  });
});

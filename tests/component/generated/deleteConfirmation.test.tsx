import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../support/app';
import { renderView } from '../support/render';

const deletable = ENTITIES.filter((entity) => entity.endpoints.remove);

describe('delete confirmations', () => {
  it.each(deletable.slice(0, 3).map((entity) => [entity.label.one, entity] as const))(
    'write the German noun "%s" with its capital',
    async (noun, entity) => {
      renderView(entity, 'edit');
      await userEvent.click(await screen.findByRole('button', { name: 'Löschen' }, { timeout: 10_000 }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('heading').textContent).toMatch(new RegExp(`^${noun} .* löschen$`));
      expect(dialog.textContent).toContain(`(${noun})`);
    },
  );
});

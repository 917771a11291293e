import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TextTemplateEdit } from '../support/app';
import { renderView } from '../support/render';
import { entityNamed, makeRow } from '../support/rows';
import { apiPath, envelope, server } from '../support/server';

const BODY = 'Mit freundlichen Grüßen\nIhr Team';

/** Puts the cursor (or a selection) into a field as a click or the arrow keys would; the chip's click then takes the focus. */
function placeCursor(field: HTMLInputElement | HTMLTextAreaElement, start: number, end = start) {
  act(() => field.focus());
  field.setSelectionRange(start, end);
}

describe('text template: placeholder chips', () => {
  it('insert at the cursor of Text or Betreff, not glued to the end', { timeout: 30_000 }, async () => {
    const entity = entityNamed('admin-verkauf/text-templates');
    server.use(
      http.get(apiPath('adminExtended/getAllTextTemplates/:id'), () =>
        envelope({ ...makeRow(entity, 1), subject: 'Ihr Angebot', body: BODY, visibility: 'alle' }),
      ),
      http.post(apiPath('adminExtended/previewTextTemplate'), () =>
        envelope({ subject: '', body: '', unknown: [], customer: null }),
      ),
    );
    renderView(entity, 'edit', 1, { edit: TextTemplateEdit });
    const body = (await screen.findByRole('textbox', { name: /^Text/ })) as HTMLTextAreaElement;
    await waitFor(() => expect(body.value).toBe(BODY));

    // Before any field had the cursor: at the end of the Text.
    await userEvent.click(screen.getByRole('button', { name: '{{Datum}}' }));
    await waitFor(() => expect(body.value).toBe(`${BODY}{{Datum}}`));

    // After "Grüßen": the signature goes between the greeting and the team, not after "{{Datum}}".
    placeCursor(body, 'Mit freundlichen Grüßen'.length);
    await userEvent.click(screen.getByRole('button', { name: '{{Signatur}}' }));
    await waitFor(() => expect(body.value).toBe(`Mit freundlichen Grüßen{{Signatur}}\nIhr Team{{Datum}}`));

    // A selection is replaced; the Betreff gets it when the cursor was there last.
    const subject = screen.getByRole('textbox', { name: /^Betreff/ }) as HTMLInputElement;
    placeCursor(subject, 4, 11);
    await userEvent.click(screen.getByRole('button', { name: '{{Vorgang}}' }));
    await waitFor(() => expect(subject.value).toBe('Ihr {{Vorgang}}'));
    expect(body.value).toBe(`Mit freundlichen Grüßen{{Signatur}}\nIhr Team{{Datum}}`);
  });
});

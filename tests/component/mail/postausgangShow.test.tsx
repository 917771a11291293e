import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { labelledValues, within } from '../support/queries';
import { renderView } from '../support/render';
import { entityNamed, makeRow } from '../support/rows';
import { apiPath, envelope, server } from '../support/server';

const BODY =
  'Sehr geehrte Frau Muster,\n\ngerne zeige ich Ihnen unseren Schauraum.\n\nMit freundlichen Grüßen\nAnna';

describe('Postausgang: one sent mail', () => {
  it('keeps the line breaks of the text and shows "–" for no error and no attachments', async () => {
    const entity = entityNamed('admin/postausgang');
    server.use(
      http.get(apiPath('mail/getSentMails/:id'), () =>
        envelope({ ...makeRow(entity, 3), body: BODY, error: null, attachments: null, status: 'gesendet' }),
      ),
    );
    renderView(entity, 'show', 3);
    const values = await labelledValues();
    const text = await within(values.get('Text')!).findByText(/Sehr geehrte Frau Muster/);
    expect(text.textContent).toBe(BODY);
    // Shown as written: the line breaks and the empty line between paragraphs stay.
    expect(getComputedStyle(text).whiteSpace).toBe('pre-wrap');
    await within(values.get('Fehler')!).findByText('–');
    await within(values.get('Anhänge')!).findByText('–');
  });
});

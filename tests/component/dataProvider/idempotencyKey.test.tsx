import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { NoteComposer } from '../support/app';
import { createTestDataProvider } from '../support/client';
import { renderInAdmin } from '../support/render';
import { apiPath, envelope, server } from '../support/server';

// A create carries the Idempotency-Key of its form opening, sent by the one http client.
function captureKeys(path: string, result: Record<string, unknown>) {
  const keys: (string | null)[] = [];
  server.use(
    http.post(apiPath(path), ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      return envelope(result);
    }),
  );
  return keys;
}

describe('Idempotency-Key from the web app', () => {
  it('sends a create form\u2019s key with react-admin\u2019s create, and none without one', async () => {
    const keys = captureKeys('kunde/saveNewCustomer', { id: 5, version: 1, lastName: 'Muster' });
    const dataProvider = createTestDataProvider();
    const key = crypto.randomUUID();
    await dataProvider.create('kunden', { data: { lastName: 'Muster' }, meta: { idempotencyKey: key } });
    await dataProvider.create('kunden', { data: { lastName: 'Muster' } });
    expect(keys).toEqual([key, null]);
  });

  it('gives the note composer one key per note: a new one after a note is saved', async () => {
    const keys = captureKeys('kunde/postNoteToTimeline', {
      id: 1,
      text: 'x',
      version: 1,
      createdAt: '2026-01-01T10:00:00Z',
    });
    renderInAdmin(<NoteComposer customerId={1} focusSignal={0} />);
    const note = await screen.findByRole('textbox', { name: 'Neue Notiz' });
    const save = screen.getByRole('button', { name: 'Notiz speichern' });
    fireEvent.change(note, { target: { value: 'Rückruf vereinbart' } });
    fireEvent.click(save);
    await waitFor(() => expect((note as HTMLTextAreaElement).value).toBe(''));
    fireEvent.change(note, { target: { value: 'Angebot nachgefasst' } });
    fireEvent.click(save);
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });
});

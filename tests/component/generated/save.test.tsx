import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { labelText } from '../support/queries';
import { renderView } from '../support/render';
import { entityNamed, makeRow } from '../support/rows';
import { apiPath, envelope, server } from '../support/server';

const labels = entityNamed('admin/labels');
const writePath = labels.endpoints.write!;

/** Answers one write call with what it received and keeps the body for the test. */
function captureWrite(method: 'post' | 'put', path: string) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http[method](apiPath(path), async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      // A new record gets id 5; a changed one keeps its id.
      const id = Number(params.id ?? 5);
      return envelope({ ...makeRow(labels, id), ...body, id });
    }),
  );
  return bodies;
}

describe('saving a generated form', () => {
  it('creates with the typed values and the schema defaults, then returns to the list', async () => {
    const bodies = captureWrite('post', writePath);
    renderView(labels, 'create');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(labelText('Name')), 'Rot');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Rot', color: '#607d8b', active: true });
    expect(bodies[0]).not.toHaveProperty('id');
    // Says what was saved, named as its declaration names a record (not "Eintrag angelegt").
    expect(await screen.findByText('Label „Rot“ angelegt.')).toBeTruthy();
    // Back on the list: its rows arrive.
    expect(await screen.findByText('Label Name 1')).toBeTruthy();
  });

  it('updates with the changed value and the version it loaded', async () => {
    const bodies = captureWrite('put', `${writePath}/:id`);
    renderView(labels, 'edit', 2);
    const user = userEvent.setup();
    const input = await screen.findByLabelText(labelText('Name'));
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('Label Name 2'));
    await user.clear(input);
    await user.type(input, 'Blau');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Blau', version: 1, color: '#ff9800' });
    expect(await screen.findByText('Label „Blau“ gespeichert.')).toBeTruthy();
  });
  it('lets a new record be saved as it opens and says at the field what is missing', async () => {
    const bodies = captureWrite('post', writePath);
    const user = userEvent.setup();
    renderView(labels, 'create');
    const save = await screen.findByRole('button', { name: 'Speichern' });
    expect((save as HTMLButtonElement).disabled).toBe(false);
    await user.click(save);
    await screen.findByText('Name ist ein Pflichtfeld.');
    expect(bodies).toEqual([]);
  });
});

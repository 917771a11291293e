import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../support/messages';
import { labelText } from '../support/queries';
import { renderView } from '../support/render';
import { entityNamed } from '../support/rows';
import { apiPath, errorEnvelope, sentRequests, server } from '../support/server';

// A plain entity with a required text field and no separate create call.
const labels = entityNamed('admin/labels');
const writePath = labels.endpoints.write!;

/** The message shown under an input (MUI links it through aria-describedby), once it is there. */
async function messageAt(input: HTMLElement, expected: string) {
  await waitFor(() => {
    const helper = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(helper?.textContent).toBe(expected);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
}

async function fillNameAndSave(name: string) {
  const user = userEvent.setup();
  const input = await screen.findByLabelText(labelText('Name'));
  await user.clear(input);
  await user.type(input, name);
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  return input;
}

describe('errors in the generated create form', () => {
  it('shows the server’s field message (400 with result.errors) at the field', async () => {
    server.use(
      http.post(apiPath(writePath), () =>
        errorEnvelope(400, MESSAGES.invalid, { name: MESSAGES.duplicateLabel }),
      ),
    );
    renderView(labels, 'create');
    const input = await fillNameAndSave('Rot');
    await messageAt(input, MESSAGES.duplicateLabel);
    expect(sentRequests).toContain(`POST /api/${writePath}`);
  });

  it('shows the German required message of the yup schema and sends nothing', async () => {
    renderView(labels, 'create');
    const user = userEvent.setup();
    // Another field typed (an untouched form cannot be saved), the required name left empty.
    await user.type(await screen.findByLabelText(labelText('Fällig nach Tagen')), '14');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await messageAt(screen.getByLabelText(labelText('Name')), 'Name ist ein Pflichtfeld.');
    expect(sentRequests.filter((request) => !request.startsWith('GET'))).toEqual([]);
  });

  it('tells the user they lack the permission (403)', async () => {
    server.use(http.post(apiPath(writePath), () => errorEnvelope(403, MESSAGES.forbidden)));
    renderView(labels, 'create');
    await fillNameAndSave('Rot');
    expect(await screen.findByText(MESSAGES.forbidden)).toBeTruthy();
  });
});

describe('errors in the generated edit form', () => {
  it('shows the conflict message of a 409 and keeps what the user typed', async () => {
    server.use(http.put(apiPath(`${writePath}/:id`), () => errorEnvelope(409, MESSAGES.conflict)));
    renderView(labels, 'edit', 2);
    const input = await fillNameAndSave('Neuer Name');
    expect(await screen.findByText(MESSAGES.conflict)).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('Neuer Name');
    expect(sentRequests).toContain(`PUT /api/${writePath}/2`);
  });
});

describe('errors in the generated list', () => {
  it.each([
    ['an unreachable server', () => HttpResponse.error(), MESSAGES.offline],
    ['a missing permission (403)', () => errorEnvelope(403, MESSAGES.forbidden), MESSAGES.forbidden],
  ])('reports %s in German', async (_, answer, message) => {
    server.use(http.get(apiPath(labels.endpoints.list), answer));
    renderView(labels, 'list');
    expect(await screen.findByText(message)).toBeTruthy();
  });
});

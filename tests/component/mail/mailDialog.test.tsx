import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { MailDialog } from '../support/app';
import { renderInAdmin } from '../support/render';
import { apiPath, envelope, errorEnvelope, server } from '../support/server';

const SUBJECT_MISSING = 'Bitte geben Sie einen Betreff ein.';

describe('e-mail dialog', () => {
  it('forgets the errors of a failed send once a template fills the fields', async () => {
    server.use(
      http.get(apiPath('adminExtended/getTextTemplatesForUser'), () =>
        envelope([{ id: 7, name: 'Angebot nachfassen', subject: '', body: '' }]),
      ),
      http.get(apiPath('kunde/getVorgaengeForCustomer/:id'), () => envelope([])),
      http.post(apiPath('mail/sendMailToCustomer'), () =>
        errorEnvelope(400, SUBJECT_MISSING, { subject: SUBJECT_MISSING }),
      ),
      http.post(apiPath('mail/prepareMailToCustomer'), () =>
        envelope({ to: 'kunde@example.at', subject: 'Ihr Angebot', body: 'Sehr geehrte Frau Muster, …' }),
      ),
    );
    renderInAdmin(
      <MailDialog
        customer={{ id: 1, displayName: 'Muster, Maria', email: '' }}
        onClose={() => {}}
        onSent={() => {}}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Senden' }));
    const subject = screen.getByRole('textbox', { name: 'Betreff' });
    await waitFor(() => expect(subject.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(SUBJECT_MISSING).length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('combobox', { name: 'Vorlage' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByText('Angebot nachfassen'));
    await waitFor(() => expect((subject as HTMLInputElement).value).toBe('Ihr Angebot'));
    expect(subject.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText(SUBJECT_MISSING)).toBeNull();
  });

  it('offers to save a new address on the customer first, and saves only the address at the current version', async () => {
    const saved: Record<string, unknown>[] = [];
    server.use(
      http.get(apiPath('adminExtended/getTextTemplatesForUser'), () => envelope([])),
      http.get(apiPath('kunde/getVorgaengeForCustomer/:id'), () => envelope([])),
      http.get(apiPath('kunde/getSingleCustomer/:id'), () =>
        envelope({
          id: 1,
          displayName: 'Muster, Maria',
          email: 'alt@example.at',
          phone: '+43 1 234',
          version: 4,
        }),
      ),
      http.put(apiPath('kunde/putSingleCustomer/:id'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saved.push(body);
        return envelope({ ...body, version: 5 });
      }),
    );
    renderInAdmin(
      <MailDialog
        customer={{ id: 1, displayName: 'Muster, Maria', email: 'alt@example.at' }}
        onClose={() => {}}
        onSent={() => {}}
      />,
    );
    const to = await screen.findByRole('textbox', { name: 'An' });
    // The address on record: nothing to offer.
    expect(screen.queryByRole('button', { name: 'Beim Kunden speichern' })).toBeNull();
    await userEvent.clear(to);
    await userEvent.type(to, 'neu@example.at');
    expect(screen.getByText(/Beim Kunden ist alt@example\.at hinterlegt/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Beim Kunden speichern' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ email: 'neu@example.at', phone: '+43 1 234', version: 4 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Beim Kunden speichern' })).toBeNull());
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OfferLinkInfo } from '../../../src/resources/offerOnline/offerOnline.endpoints';
import { OfferOnlinePanel } from '../../../src/resources/offerOnline/OfferOnlinePanel';
import { renderInAdmin } from '../support/render';
import { apiPath, envelope, server } from '../support/server';

const LINK: OfferLinkInfo = {
  id: 5,
  belegNumber: 'AN-7',
  email: 'kunde@example.at',
  sentBy: 'Victor Verkauf',
  sentAt: '2026-11-20T09:00:00.000Z',
  validUntil: '2026-12-20',
  state: 'abgelehnt',
  decidedAt: '2026-11-21T10:00:00.000Z',
  declineReason: 'Zu teuer',
  openCount: 2,
  firstOpenedAt: '2026-11-20T18:00:00.000Z',
  lastOpenedAt: '2026-11-21T09:58:00.000Z',
  pdfSha256: 'ab'.repeat(32),
  events: [
    {
      kind: 'abgelehnt',
      at: '2026-11-21T10:00:00.000Z',
      message: 'Zu teuer',
      ip: '10.0.0.1',
      userAgent: null,
    },
  ],
  acceptance: null,
};

describe('Angebot online on the Vorgang', () => {
  it('offers a declined offer as Verloren with a Verlustgrund of the Stammdaten, with the Vorgang’s version', async () => {
    let lost: unknown;
    server.use(
      http.get(apiPath('angebotOnline/vorgang/:id'), () => envelope({ links: [LINK] })),
      http.get(apiPath('vorgang/getVorgang/:id'), () =>
        envelope({ id: 3, version: 12, systemStatus: 'angebot', lostReason: null }),
      ),
      http.get(apiPath('vorgang/getLostReasons'), () => envelope(['Preis', 'Mitbewerber'])),
      http.post(apiPath('vorgang/setLostForVorgang'), async ({ request }) => {
        lost = await request.json();
        return envelope({ version: 13, systemStatus: 'verloren' });
      }),
    );
    renderInAdmin(<OfferOnlinePanel vorgangId={3} />);
    const panel = await screen.findByRole('region', { name: 'Angebot online' });
    within(panel).getByText(/Grund des Kunden: „Zu teuer“/);
    within(panel).getByText('2-mal, zuletzt 21.11.2026 10:58');
    // No "Link zurückziehen" for a decided link.
    expect(within(panel).queryByRole('button', { name: 'Link zurückziehen' })).toBeNull();
    await userEvent.click(within(panel).getByRole('combobox', { name: 'Verlustgrund' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByText('Preis'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Als verloren markieren' }));
    await waitFor(() => expect(lost).toEqual({ vorgangId: 3, version: 12, lostReason: 'Preis' }));
  });

  it('withdraws an open link and shows nothing for a Vorgang without one', async () => {
    let withdrawn = 0;
    server.use(
      http.get(apiPath('angebotOnline/vorgang/:id'), ({ params }) =>
        envelope({
          links: params.id === '3' ? [{ ...LINK, state: 'offen', declineReason: null, events: [] }] : [],
        }),
      ),
      http.post(apiPath('angebotOnline/link/:id/zurueckziehen'), ({ params }) => {
        withdrawn = Number(params.id);
        return envelope({ state: 'zurueckgezogen' });
      }),
    );
    const { unmount } = renderInAdmin(<OfferOnlinePanel vorgangId={3} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Link zurückziehen' }));
    await waitFor(() => expect(withdrawn).toBe(5));
    unmount();
    renderInAdmin(<OfferOnlinePanel vorgangId={4} />);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Angebot online' })).toBeNull());
  });
});

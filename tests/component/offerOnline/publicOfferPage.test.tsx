import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../../src/config/clientConfig';
import { ClientConfigProvider } from '../../../src/config/ClientConfigContext';
import PublicOfferPage from '../../../src/resources/offerOnline/PublicOfferPage';
import { apiPath, envelope, errorEnvelope, server } from '../support/server';

const CONFIG = { tenant: 'strussnig', ui: { apiBaseUrl: '/api' } } as unknown as ClientConfig;

const OFFER = {
  company: 'Strussnig Fenster',
  addressee: 'Frau Huber',
  belegNumber: 'AN-7',
  vorgangTitle: 'Fenster Wohnzimmer',
  validUntil: '2026-12-20',
  fileName: 'AN-7.pdf',
  maskedEmail: 'h***@example.at',
  consumer: true,
  agb: { id: 1, body: 'AGB-Text' },
  widerruf: { id: 2, body: 'Widerruf-Text' },
  formular: null,
};

const renderPage = () =>
  render(
    <ClientConfigProvider config={CONFIG}>
      <MemoryRouter initialEntries={['/angebot/tok-1']}>
        <Routes>
          <Route path="/angebot/:token" element={<PublicOfferPage />} />
        </Routes>
      </MemoryRouter>
    </ClientConfigProvider>,
  );

describe('the public offer page, through the typed public call', () => {
  it('shows the offer, the server’s messages at the fields, then the acceptance', async () => {
    const accepted: unknown[] = [];
    server.use(
      http.get(apiPath('angebot/tok-1'), () => envelope(OFFER)),
      http.post(apiPath('angebot/tok-1/code'), () =>
        envelope({ maskedEmail: 'h***@example.at', validMinutes: 15 }),
      ),
      http.post(apiPath('angebot/tok-1/annehmen'), async ({ request }) => {
        accepted.push(await request.json());
        return accepted.length === 1
          ? errorEnvelope(400, 'Bitte prüfen Sie Ihre Angaben.', { code: 'Der Code stimmt nicht.' })
          : envelope({ widerrufUntil: '2026-12-14' });
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Guten Tag, Frau Huber!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Angebot ansehen/ }).getAttribute('href')).toBe(
      '/api/angebot/tok-1/pdf',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Angebot annehmen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Code per E-Mail anfordern' }));
    expect(await screen.findByText(/Der Code ist unterwegs an h\*\*\*@example.at/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Ihr vollständiger Name'), 'Anna Huber');
    await userEvent.type(screen.getByLabelText('Code aus der E-Mail'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Angebot verbindlich annehmen' }));
    expect(await screen.findByText('Der Code stimmt nicht.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Angebot verbindlich annehmen' }));
    expect(await screen.findByRole('heading', { name: 'Vielen Dank – Angebot angenommen' })).toBeTruthy();
    expect(screen.getByText(/bis einschließlich 14\.12\.2026 widerrufen/)).toBeTruthy();
    expect(accepted[1]).toMatchObject({
      name: 'Anna Huber',
      code: '123456',
      agbVersionId: 1,
      widerrufVersionId: 2,
    });
  });

  it('says why a link is not valid (404), and that the page cannot be reached without an answer', async () => {
    server.use(http.get(apiPath('angebot/tok-1'), () => errorEnvelope(404, 'Dieser Link ist abgelaufen.')));
    const { unmount } = renderPage();
    expect(await screen.findByText('Dieser Link ist abgelaufen.')).toBeTruthy();
    unmount();
    server.use(http.get(apiPath('angebot/tok-1'), () => Response.error()));
    renderPage();
    await waitFor(() => expect(screen.getByText(/Die Seite ist gerade nicht erreichbar/)).toBeTruthy());
  });
});

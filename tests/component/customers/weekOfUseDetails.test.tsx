import { createTheme, getContrastRatio, ThemeProvider } from '@mui/material/styles';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  ActivityDialog,
  buildCrmTheme,
  ColorChip,
  DataSyncView,
  defaultLayoutSettings,
  UserAvatar,
} from '../support/app';
import { labelText } from '../support/queries';
import { renderInAdmin, renderView } from '../support/render';
import { entityNamed, makeRow } from '../support/rows';
import { apiPath, envelope, server } from '../support/server';

const customers = entityNamed('kunden');
const stammdaten = entityNamed('admin/stammdaten');

/** The admins' Stammdaten list answering by category, as the server filters it. */
function stammdatenList(values: Record<string, string[]>) {
  server.use(
    http.get(apiPath(stammdaten.endpoints.list), ({ request }) => {
      const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as {
        category?: string;
      };
      const rows = (values[filter.category ?? ''] ?? []).map((value, i) => ({
        ...makeRow(stammdaten, i + 1),
        category: filter.category,
        value,
      }));
      return envelope({ data: rows, total: rows.length });
    }),
  );
}

describe('closer to what sales staff expect: the customer form', () => {
  it('is in sections, offers Herkunft from the Stammdaten, and shows a seller the Kundennummer read-only', async () => {
    stammdatenList({ anrede: ['Herr', 'Frau', 'Familie'], herkunft: ['Messe', 'Empfehlung'] });
    renderView(customers, 'create', 1, {}, ['APP_KUNDE', 'APP_STANDORT_S_VILLACH']);
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual([
      'Person/Firma',
      'Adresse',
      'Kontakt',
      'Betreuung',
      // Consent to advertising is recorded with how and when on the customer page, not ticked in the form.
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: labelText('Herkunft') }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['–', 'Messe', 'Empfehlung']);
    await user.keyboard('{Escape}');
    expect(screen.getByLabelText(labelText('Kundennummer')).hasAttribute('readonly')).toBe(true);
  });

  it('lets the administration type the Kundennummer', async () => {
    stammdatenList({});
    renderView(customers, 'create', 1, {}, ['APP_KUNDE', 'APP_ADMIN']);
    const input = await screen.findByLabelText(labelText('Kundennummer'));
    expect(input.hasAttribute('readonly')).toBe(false);
  });
});

describe('small things of a week of use', () => {
  it('the activity dialog has "Abbrechen", which closes it without saving', async () => {
    const onClose = vi.fn();
    renderInAdmin(<ActivityDialog customer={{ id: 1, displayName: 'Muster, Maria' }} onClose={onClose} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Abbrechen' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('in dark mode the delete icon on a yellow label (VIP) is as readable as its name', async () => {
    const dark = createTheme(buildCrmTheme({ ...defaultLayoutSettings(), colorScheme: 'dark' }));
    const { container } = render(
      <ThemeProvider theme={dark}>
        <ColorChip name="VIP" color="#ffeb3b" onDelete={() => {}} />
      </ThemeProvider>,
    );
    const icon = container.querySelector('.MuiChip-deleteIcon')!;
    const color = getComputedStyle(icon).color;
    // Black at 70 % on yellow; MUI's default (the light text colour at 26 %) is about 1.1 : 1.
    expect(getContrastRatio(color, '#ffeb3b')).toBeGreaterThan(3);
  });

  it('starts the data sync once on a double click (no second request that answers 409)', async () => {
    const status = {
      folder: '/import',
      // 00:30 in Vienna on the 20th, still the 19th in UTC (the test's browser zone).
      files: [{ file: 'kunden.csv', label: 'Kunden', size: 2048, modifiedAt: '2026-11-19T23:30:00Z' }],
      run: null,
    };
    let starts = 0;
    server.use(
      http.get(apiPath('etl/sync/status'), () => envelope(status)),
      http.post(apiPath('etl/sync/daten'), async () => {
        starts += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return envelope(status);
      }),
    );
    renderInAdmin(<DataSyncView />);
    // Both clicks of a fast double click arrive before React re-renders the button as disabled.
    const button = await screen.findByRole('button', { name: 'Abgleich starten' });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(starts).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(starts).toBe(1);
    // The file's time as the company reads it, not the browser's zone.
    expect(document.body.textContent).toContain('20.11.2026 00:30');
  });

  it('a person without a profile picture (204) keeps the initials, no broken image', async () => {
    server.use(
      http.get(apiPath('user/getUserProfileImage/:azureId'), () => new HttpResponse(null, { status: 204 })),
    );
    const { container } = renderInAdmin(<UserAvatar azureId="oid-1" name="Enie Bürger" />);
    await screen.findByText('EB');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('img')).toBeNull();
  });
});

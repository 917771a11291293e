import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SimplifiedOfferDialog } from '../../../src/resources/offerPdf/SimplifiedOfferDialog';
import { renderInAdmin } from '../support/render';
import { apiPath, envelope, errorEnvelope, server } from '../support/server';

const SAVED = {
  showUnitPrices: true,
  showPositionTotals: false,
  showArticleNumbers: false,
  showZeroPositions: false,
  showDiscountLine: false,
  introTemplateId: null,
  closingTemplateId: null,
  signature: null,
  version: 3,
};
const CONFLICT =
  'Der Datensatz wurde inzwischen von jemand anderem geändert. Bitte laden Sie ihn neu und wiederholen Sie Ihre Änderung.';

/** The fake API of the dialog; returns the bodies of the saves and of the previews asked for. */
function offerApi({ conflict = false } = {}) {
  const saves: Record<string, unknown>[] = [];
  const previews: { belegId: number; settings: Record<string, unknown> }[] = [];
  let current = SAVED;
  server.use(
    http.get(apiPath('vorgang/getSimplifiedOfferUserConfiguration'), () => envelope(current)),
    http.get(apiPath('adminExtended/getTextTemplatesForUser'), () => envelope([])),
    http.post(apiPath('vorgang/saveSimplifiedOfferUserConfiguration'), async ({ request }) => {
      const body = (await request.json()) as typeof SAVED;
      saves.push(body);
      if (conflict) {
        // Another tab saved meanwhile.
        current = { ...SAVED, showArticleNumbers: true, showUnitPrices: false, version: 4 };
        return errorEnvelope(409, CONFLICT);
      }
      return envelope({ ...body, version: body.version + 1 });
    }),
    http.post(apiPath('pdf/pdfGen'), async ({ request }) => {
      previews.push((await request.json()) as (typeof previews)[number]);
      return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
        headers: { 'Content-Type': 'application/pdf' },
      });
    }),
  );
  return { saves, previews };
}

const open = () =>
  renderInAdmin(
    <SimplifiedOfferDialog
      beleg={{ id: 42, belegNumber: 'AN-100123' }}
      vorgangId={7}
      customer={{ id: 1, displayName: 'Muster, Maria' }}
      onClose={() => undefined}
    />,
  );

const switchNamed = (name: string) => screen.findByRole('switch', { name });

describe('simplified offer dialog', () => {
  it("shows the seller's saved settings and previews the offer with them", async () => {
    const { previews } = offerApi();
    open();
    expect(((await switchNamed('Einzelpreise zeigen')) as HTMLInputElement).checked).toBe(true);
    expect(((await switchNamed('Artikelnummern zeigen')) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(previews).toHaveLength(1));
    const { version: _version, ...settings } = SAVED;
    expect(previews[0]).toEqual({ belegId: 42, settings });
  });

  it('saves a change at the version read, then previews with it', async () => {
    const { saves, previews } = offerApi();
    open();
    await userEvent.click(await switchNamed('Artikelnummern zeigen'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ showArticleNumbers: true, showUnitPrices: true, version: 3 });
    await waitFor(() => expect(previews.at(-1)?.settings).toMatchObject({ showArticleNumbers: true }));
    // The next change is saved at the version the server answered.
    await userEvent.click(await switchNamed('Einzelpreise zeigen'));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toMatchObject({ showArticleNumbers: true, showUnitPrices: false, version: 4 });
  });

  it('says so when the settings were saved meanwhile elsewhere, and shows what is saved now (409)', async () => {
    const { saves } = offerApi({ conflict: true });
    open();
    await userEvent.click(await switchNamed('Positionssummen zeigen'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(await screen.findByText(CONFLICT)).toBeTruthy();
    await waitFor(async () =>
      expect(((await switchNamed('Artikelnummern zeigen')) as HTMLInputElement).checked).toBe(true),
    );
    expect(((await switchNamed('Einzelpreise zeigen')) as HTMLInputElement).checked).toBe(false);
    expect(((await switchNamed('Positionssummen zeigen')) as HTMLInputElement).checked).toBe(false);
  });
});

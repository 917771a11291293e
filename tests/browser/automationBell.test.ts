import { describe, expect, it } from 'vitest';
import { apiOf } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
import { uniqueSuffix } from '../support/uniqueName';

const { baseUrl, openSignedIn } = browserSession();

interface Card {
  id: number;
  version: number;
  vorgangNumber: string;
  seller: { name: string } | null;
  customStatusId: number | null;
}

describe('an automation’s todo and notification reach the seller', () => {
  it('the admin activates it, the seller moves a Vorgang: todo, bell and list at 1280 and 390 px', async () => {
    const admin = await openSignedIn('anna.admin', '/crm/dashboard');
    const adminApi = apiOf(admin, baseUrl);
    const statuses = await adminApi.get<{ data: { id: number }[] }>(
      'customStatus/getAllCustomStatus?perPage=500',
    );
    const target = statuses.data.at(-1)!;
    const page = await openSignedIn('victor.verkauf', '/crm/dashboard');
    const api = apiOf(page, baseUrl);
    const board = await api.get<{ columns: { cards: Card[] }[] }>('vorgang/kanban');
    const card = board.columns
      .flatMap((column) => column.cards)
      .find(
        (candidate) => candidate.seller?.name === 'Victor Verkauf' && candidate.customStatusId !== target.id,
      )!;
    const name = `Status nachfassen ${uniqueSuffix()}`;
    const automation = await adminApi.post<{ id: number; version: number }>('automation/create', {
      name,
      branchId: null,
      runsPerMinute: 500,
      definition: {
        trigger: { kind: 'eigenerStatus', fromStatusId: null, toStatusId: target.id },
        conditions: {
          branchIds: [],
          vorgangStatuses: [],
          minAmountCents: null,
          maxAmountCents: null,
          customStatusIds: [],
          customerTypes: [],
        },
        actions: [
          {
            kind: 'todo',
            todoKind: 'aktivitaet',
            activityType: 'anruf',
            labelId: null,
            recipient: { role: 'verkaeufer', userId: null },
            dueInWorkingDays: 0,
            text: 'Angebot nachfassen: {{Vorgang}}',
          },
          {
            kind: 'benachrichtigung',
            recipients: [{ role: 'verkaeufer', userId: null }],
            text: 'Bitte {{Vorgang}} nachfassen',
          },
        ],
      },
    });
    await adminApi.post(`automation/state/${automation.id}`, { state: 'aktiv', version: automation.version });
    await admin.context().close();
    await api.post('vorgang/setCustomStatusForVorgang', {
      vorgangId: card.id,
      customStatusId: target.id,
      version: card.version,
    });

    // Desk: the open page's bell counts the two live; the list shows them newest first and opens the Vorgang.
    const bell = page.getByRole('button', { name: 'Benachrichtigungen: 2 ungelesen' });
    await bell.waitFor({ timeout: 15_000 });
    await bell.click();
    const list = page.getByRole('region', { name: 'Benachrichtigungen' });
    await expect
      .poll(() => list.locator('.MuiListItemButton-root').allInnerTexts())
      .toEqual([
        expect.stringMatching(new RegExp(`^Bitte ${card.vorgangNumber} .* nachfassen`)),
        expect.stringMatching(new RegExp(`^Neues Todo: Angebot nachfassen: ${card.vorgangNumber}`)),
      ]);
    await list.locator('.MuiListItemButton-root').first().click();
    await page.waitForURL(`${baseUrl}/crm/vorgang/${card.id}`);
    await page.getByRole('button', { name: 'Benachrichtigungen: 1 ungelesen' }).waitFor();
    await page.context().close();

    // Phone (the full app): the seller's Todos hold the automation's todo; the bell the one still unread, its
    // list in the window's width.
    const phone = await openSignedIn('victor.verkauf', '/crm/todos', { width: 390, height: 844 });
    await phone
      .getByText(new RegExp(`Angebot nachfassen: ${card.vorgangNumber}`))
      .first()
      .waitFor();
    const phoneBell = phone.getByRole('button', { name: 'Benachrichtigungen: 1 ungelesen' });
    await phoneBell.waitFor({ timeout: 15_000 });
    await phoneBell.click();
    const phoneList = phone.getByRole('region', { name: 'Benachrichtigungen' });
    await phoneList.getByText(new RegExp(`^Neues Todo: Angebot nachfassen: ${card.vorgangNumber}`)).waitFor();
    const box = (await phoneList.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await phone.context().close();
  });
});

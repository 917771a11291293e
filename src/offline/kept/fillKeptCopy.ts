import { callEndpoint } from '../../api/callEndpoint';
import type { ApiClient } from '../../dataProvider/httpClient';
import reasonEntity from '../../resources/activities/reason.entity';
import { REASON_CHOICES } from '../../resources/activities/reasonChoices.rules';
import customerEntity from '../../resources/customers/customer.entity';
import { getVorgaengeForCustomer } from '../../resources/customers/customers.endpoints';
import { recentlyOpened } from '../../resources/kit/recentlyOpened';
import labelEntity from '../../resources/labels/label.entity';
import branchEntity from '../../resources/users/branch.entity';
import userEntity from '../../resources/users/user.entity';
import { getTimelineForCustomer } from '../../resources/customers/timeline/timeline.endpoints';
import { getMyDayAppointments, getMyOfflineKit } from '../../resources/dashboard/myDay.endpoints';
import { getTodos, getTodoCount } from '../../resources/todos/dueItems.endpoints';
import { getMyGroups } from '../../resources/users/users.endpoints';
import {
  caluclatePlanDBForVorgang,
  getTimelineForVorgang,
  getVorgang,
} from '../../resources/vorgaenge/vorgang.endpoints';
import { forgetRecordsUsedBefore } from './keptStore';

// Fills the kept copy in the background: the day's lists, then the page answers of every customer and Vorgang
// of the seller's week ahead (dashboard/getMyOfflineKit) and of the 30 opened lately. Each answer is kept as it
// passes the API client (throughKeptCopy), so the copy holds exactly what the pages ask for. One call after the
// other: a phone's line is shared with what the person does meanwhile.

/** A record neither opened nor part of the week ahead for this long is removed from the device. */
export const KEPT_FOR_MS = 14 * 24 * 60 * 60 * 1000;

/** What of a customer the page looks up by id: Betreuer, Filiale and labels. */
type CustomerNames = { ownerUserId?: number | null; branchId?: number | null; labelIds?: number[] | null };

/**
 * The names the customer page looks up by id, asked for as react-admin's getMany asks (entityDataProvider: page,
 * perPage, filter by id), so that a customer never opened online still shows its Betreuer, Filiale and labels.
 */
async function lookUpNames(api: ApiClient, customer: CustomerNames): Promise<void> {
  const byId = (list: string, ids: number[]) =>
    api(list, { query: { page: 1, perPage: ids.length, filter: JSON.stringify({ id: ids }) } });
  if (customer.ownerUserId) await byId(userEntity.endpoints.list, [customer.ownerUserId]);
  if (customer.branchId) await byId(branchEntity.endpoints.list, [customer.branchId]);
  if (customer.labelIds?.length) await byId(labelEntity.endpoints.list, customer.labelIds);
}

/** The fill was stopped: the person signed out while it ran. */
class FillStopped extends Error {}

/**
 * Asks the server for everything the kept copy holds for `accountId` (which is signed in on `api`). `stopped`
 * is asked before each call: once it says so (Abmelden), the fill ends and asks nothing more.
 */
export async function fillKeptCopy(
  network: ApiClient,
  accountId: string,
  stopped: () => boolean = () => false,
  now = Date.now(),
): Promise<void> {
  const api: ApiClient = (path, options) => {
    if (stopped()) throw new FillStopped('Abgemeldet: die Offline-Kopie wird nicht mehr gefüllt.');
    return network(path, options);
  };
  const client = { call: api };
  await callEndpoint(client, getMyGroups);
  await callEndpoint(client, getMyDayAppointments, { query: {} });
  await callEndpoint(client, getTodos, { query: {} });
  await callEndpoint(client, getTodoCount);
  // As "Besuch erfassen" asks for them (react-admin's getList: page, perPage, sort, order, filter).
  await api(reasonEntity.endpoints.list, { query: { ...REASON_CHOICES, filter: '{}' } });
  const kit = await callEndpoint(client, getMyOfflineKit, { query: {} });
  const opened = recentlyOpened(accountId);
  const customers = new Set([
    ...kit.customerIds,
    ...opened.filter((r) => r.kind === 'kunde').map((r) => r.id),
  ]);
  const vorgaenge = new Set([
    ...kit.vorgangIds,
    ...opened.filter((r) => r.kind === 'vorgang').map((r) => r.id),
  ]);
  // One record failing (deleted meanwhile, no longer visible: 404/403) does not stop the others.
  const each = async (load: () => Promise<unknown>) => {
    await load().catch((error: unknown) => {
      if ((error as { status?: number }).status === 0 || error instanceof FillStopped) throw error;
    });
  };
  for (const id of customers) {
    // As the customer page's getOne asks for it (entityDataProvider), so that the page finds it offline.
    await each(async () =>
      lookUpNames(api, await api<CustomerNames>(`${customerEntity.endpoints.one}/${id}`)),
    );
    await each(() => callEndpoint(client, getTimelineForCustomer, { params: { id }, query: {} }));
    await each(() => callEndpoint(client, getVorgaengeForCustomer, { params: { id } }));
  }
  for (const id of vorgaenge) {
    await each(() => callEndpoint(client, getVorgang, { params: { id } }));
    await each(() => callEndpoint(client, getTimelineForVorgang, { params: { id }, query: {} }));
    await each(() => callEndpoint(client, caluclatePlanDBForVorgang, { params: { id } }));
  }
  if (!stopped()) await forgetRecordsUsedBefore(accountId, now - KEPT_FOR_MS);
}

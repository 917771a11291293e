import { callEndpoint } from '../../api/callEndpoint';
import { pathOf, type EndpointDeclaration } from '../../api/endpoint';
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
import { getKeptAnswers, KEPT_ANSWERS_PER_CALL } from '../../resources/dashboard/keptAnswers.endpoints';
import { getMyDayAppointments, getMyOfflineKit } from '../../resources/dashboard/myDay.endpoints';
import { getTodos, getTodoCount } from '../../resources/todos/dueItems.endpoints';
import { getMyGroups } from '../../resources/users/users.endpoints';
import {
  caluclatePlanDBForVorgang,
  getTimelineForVorgang,
  getVorgang,
} from '../../resources/vorgaenge/vorgang.endpoints';
import { keptRecordOfKey } from './keptPaths.rules';
import { forgetRecordsUsedBefore, keepAnswer } from './keptStore';

// Fills the kept copy in the background: the day's lists, then the page answers of every customer and Vorgang
// of the seller's week ahead (dashboard/getMyOfflineKit) and of the 30 opened lately, then the names those pages
// look up. Each step is one call (dashboard/getKeptAnswers, up to 150 answers each) instead of one call per answer:
// about 240 calls on a phone's line were a burst that the person's own clicks queued behind.

/** A record neither opened nor part of the week ahead for this long is removed from the device. */
export const KEPT_FOR_MS = 14 * 24 * 60 * 60 * 1000;

/** What of a customer the page looks up by id: Betreuer, Filiale and labels. */
type CustomerNames = { ownerUserId?: number | null; branchId?: number | null; labelIds?: number[] | null };

/** The key of a GET as the API client sends it and the kept copy stores it: path, then the query if any. */
const keyOf = (path: string, query?: Record<string, string>) => {
  const search = new URLSearchParams(query);
  return search.size ? `${path}?${search}` : path;
};

/**
 * The names the customer page looks up by id, keyed as react-admin's getMany asks for them (entityDataProvider:
 * page, perPage, filter by id), so that a customer never opened online still shows its Betreuer, Filiale and labels.
 */
function namesOf(customer: CustomerNames): string[] {
  const byId = (list: string, ids: number[]) =>
    keyOf(list, { page: '1', perPage: String(ids.length), filter: JSON.stringify({ id: ids }) });
  return [
    ...(customer.ownerUserId ? [byId(userEntity.endpoints.list, [customer.ownerUserId])] : []),
    ...(customer.branchId ? [byId(branchEntity.endpoints.list, [customer.branchId])] : []),
    ...(customer.labelIds?.length ? [byId(labelEntity.endpoints.list, customer.labelIds)] : []),
  ];
}

const keyOfCall = (endpoint: EndpointDeclaration, id?: number) =>
  pathOf(endpoint, id === undefined ? undefined : { id });

/**
 * Asks the server for the answers to `keys` (a few calls) and keeps each it gives; a refused one (a record deleted
 * or no longer visible: 404, 403) is skipped. Answers the kept results by key.
 */
async function fetchAndKeep(
  api: ApiClient,
  accountId: string,
  keys: string[],
): Promise<Map<string, unknown>> {
  const kept = new Map<string, unknown>();
  const unique = [...new Set(keys)];
  for (let start = 0; start < unique.length; start += KEPT_ANSWERS_PER_CALL) {
    const { answers } = await callEndpoint({ call: api }, getKeptAnswers, {
      body: { paths: unique.slice(start, start + KEPT_ANSWERS_PER_CALL) },
    });
    for (const answer of answers) {
      if (answer.statusCode !== 200) continue;
      const record = keptRecordOfKey(answer.path);
      if (record) await keepAnswer(accountId, answer.path, record, answer.result);
      kept.set(answer.path, answer.result);
    }
  }
  return kept;
}

/** The fill was stopped: the person signed out while it ran. */
class FillStopped extends Error {}

/**
 * Asks the server for everything the kept copy holds for `accountId` (which is signed in on `network`). `stopped`
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
  // As "Besuch erfassen" asks for the Gründe (react-admin's getList: page, perPage, sort, order, filter).
  const reasons = keyOf(
    reasonEntity.endpoints.list,
    Object.fromEntries(Object.entries({ ...REASON_CHOICES, filter: '{}' }).map(([k, v]) => [k, String(v)])),
  );
  const [kit] = await Promise.all([
    callEndpoint({ call: api }, getMyOfflineKit, { query: {} }),
    fetchAndKeep(api, accountId, [
      ...[getMyGroups, getMyDayAppointments, getTodos, getTodoCount].map((e) => keyOfCall(e)),
      reasons,
    ]),
  ]);
  const opened = recentlyOpened(accountId);
  const customers = new Set([
    ...kit.customerIds,
    ...opened.filter((r) => r.kind === 'kunde').map((r) => r.id),
  ]);
  const vorgaenge = new Set([
    ...kit.vorgangIds,
    ...opened.filter((r) => r.kind === 'vorgang').map((r) => r.id),
  ]);
  // As the customer page's getOne asks for it (entityDataProvider), so that the page finds it offline.
  const customerPage = (id: number) => `${customerEntity.endpoints.one}/${id}`;
  const pages = await fetchAndKeep(api, accountId, [
    ...[...customers].flatMap((id) => [
      customerPage(id),
      keyOfCall(getTimelineForCustomer, id),
      // The Vorgänge "Besuch erfassen" offers for this customer.
      keyOfCall(getVorgaengeForCustomer, id),
    ]),
    ...[...vorgaenge].flatMap((id) =>
      [getVorgang, getTimelineForVorgang, caluclatePlanDBForVorgang].map((e) => keyOfCall(e, id)),
    ),
  ]);
  const names = [...customers].flatMap((id) => {
    const customer = pages.get(customerPage(id)) as CustomerNames | undefined;
    return customer ? namesOf(customer) : [];
  });
  if (names.length) await fetchAndKeep(api, accountId, names);
  if (!stopped()) await forgetRecordsUsedBefore(accountId, now - KEPT_FOR_MS);
}

import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Microsoft365Options } from '../../../server/microsoft365/microsoft365Options';
import type { InputArgs } from '../../../src/api/callEndpoint';
import type { EndpointDeclaration } from '../../../src/api/endpoint';
import {
  connectMicrosoft365,
  getConnectionStatus,
} from '../../../src/resources/microsoft365/microsoft365.endpoints';
import { startGraphStandIn, type GraphStandIn } from '../../support/graphStandIn';
import { createTestApp, ISSUER, resultOf, type TestApp, type TestCaller } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';

export interface Person {
  oid: string;
  name: string;
  mail: string;
  groups: string[];
}

export const VICTOR: Person = {
  oid: 'oid-victor-m365',
  name: 'Victor Verkauf',
  mail: 'victor.verkauf@strussnig.at',
  groups: ['APP_KUNDE', 'APP_STANDORT_S_VILLACH'],
};
export const LENA: Person = {
  oid: 'oid-lena-m365',
  name: 'Lena Leitung',
  mail: 'lena.leitung@strussnig.at',
  groups: ['APP_KUNDE', 'APP_ADMIN_VERKAUF', 'APP_STANDORT_S_VILLACH'],
};

/** A test app with Microsoft 365 against the stand-in, two people of one branch and a customer. */
export async function m365Fixture(overrides: Partial<Microsoft365Options> = {}) {
  const { standIn, options } = await startGraphStandIn();
  const microsoft365 = options(overrides);
  const t: TestApp = await createTestApp({ microsoft365 });
  const one = async (query: ReturnType<typeof sql<{ id: number }>>) =>
    (await query.execute(t.db)).rows[0]!.id;
  const branch = await one(
    sql`INSERT INTO branch (name, location_group) VALUES ('Villach', 'APP_STANDORT_S_VILLACH') RETURNING id`,
  );
  const users: Record<string, number> = {};
  for (const person of [VICTOR, LENA]) {
    users[person.oid] = await one(sql`
      INSERT INTO app_user (azure_oid, name, email, branch_id) VALUES (${person.oid}, ${person.name}, ${person.mail},
        ${branch}) RETURNING id`);
  }
  const customer = await one(sql`
    INSERT INTO customer (first_name, last_name, street, zip, city, phone, email, owner_user_id, branch_id)
    VALUES ('Hans', 'Gruber', 'Hauptplatz 1', '9500', 'Villach', '+43 4242 12345', 'hans.gruber@gmx.at',
      ${users[VICTOR.oid]}, ${branch}) RETURNING id`);

  /** The person as a caller: a token with their oid, name and mail, which Outlook and the team list show. */
  const callerOf = async (person: Person): Promise<TestCaller> => ({
    token: await signAccessToken(t.signingKey, ISSUER, person.groups, {
      oid: person.oid,
      name: person.name,
      preferred_username: person.mail,
    }),
  });
  /** Calls a declared endpoint as the person. */
  const as = async <E extends EndpointDeclaration>(person: Person, endpoint: E, ...input: InputArgs<E>) =>
    t.callEndpoint(await callerOf(person), endpoint, ...input);
  /** The result of a declared endpoint called as the person; a refusal fails the test. */
  const ok = <E extends EndpointDeclaration>(person: Person, endpoint: E, ...input: InputArgs<E>) =>
    resultOf(as(person, endpoint, ...input));

  /** A Termin (activity) of `person` at `start`, of `type`; answers its id. */
  const termin = (person: Person, start: Date, type = 'aufmass', done = false) =>
    one(sql`
      INSERT INTO activity (customer_id, activity_type, activity_date, user_id, done, note)
      VALUES (${customer}, ${type}, ${start}, ${users[person.oid]}, ${done}, 'Fenster im 1. Stock ausmessen')
      RETURNING id`);

  /** Gives the person's consent on the stand-in's page, as they would in the browser, and connects. */
  const connect = async (person: Person) => {
    const first = await ok(person, connectMicrosoft365);
    if (first.state === 'verbunden') return first;
    const consentUrl = new URL(String(first.consentUrl));
    const form = new URLSearchParams({ ...Object.fromEntries(consentUrl.searchParams), decision: 'accept' });
    const consent = await fetch(consentUrl.origin + consentUrl.pathname, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/crm/microsoft-365?zustimmung=erteilt');
    return ok(person, connectMicrosoft365);
  };

  /** Waits until nothing of `person` waits for Outlook any more. */
  const settled = async (person: Person, timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const status = await ok(person, getConnectionStatus);
      if (status.pendingTermine === 0) return status;
      if (Date.now() > until) throw new Error(`Noch ${String(status.pendingTermine)} Termine offen`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  /** The stand-in's events of `person` (their Outlook calendar). */
  const outlook = (person: Person) => standIn.state.eventsOf(person.oid);

  return {
    t,
    standIn,
    microsoft365,
    users,
    customer,
    callerOf,
    as,
    ok,
    termin,
    connect,
    settled,
    outlook,
    close: async () => {
      await t.close();
      await standIn.close();
    },
  };
}

export type M365Fixture = Awaited<ReturnType<typeof m365Fixture>>;
export type { GraphStandIn };

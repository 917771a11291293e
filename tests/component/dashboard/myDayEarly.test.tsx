import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../../src/config/clientConfig';
import { ClientConfigProvider } from '../../../src/config/ClientConfigContext';
import { addCompanyDays, companyToday } from '../../../src/config/companyTime';
import { forgetDeviceData } from '../../../src/offline/deviceData';
import { forgetKeptDay, keptDayAnswer, readKeptDay } from '../../../src/resources/dashboard/light/keptDay';
import { MyDayLightPreview } from '../../../src/resources/dashboard/light/MyDayLight';
import { storedMsalAccount } from '../../../src/resources/dashboard/light/storedAccount';
import { anyDayMirrored, DAY_MIRROR_LISTS } from '../../../src/offline/kept/dayMirrorKey';
import { MIRRORED_DAY_PATHS } from '../../../src/offline/kept/keptDayMirror';
import { DAY_RECORD } from '../../../src/offline/kept/keptPaths.rules';
import { forgetKeptCopies, keepAnswer } from '../../../src/offline/kept/keptStore';

const ZONE = 'Europe/Vienna';
const ANNA = '5b0a3c1e-7d1f-4e0a-9a11-0000000a0001';
const BERT = '5b0a3c1e-7d1f-4e0a-9a11-0000000a0002';
const TENANT = '7e11a0c5-de00-4f00-9000-00000000de00';
const CLIENT = 'fenster-crm-web';
const config = {
  tenant: 'strussnig',
  demo: true,
  production: false,
  ui: {
    theme: 'orange',
    loginTitle: 'Strussnig Verkaufs-CRM',
    sidebarLogo: '/logo.svg',
    manualUrl: '/handbuch.pdf',
  },
} as ClientConfig;

/** localStorage and the cookie as MSAL 5 writes them after a sign-in (read from a real sign-in's storage). */
function msalStorage(account: string, { encryptedWith = 'key-1', active = account } = {}) {
  const accountKey = `msal.3|${account}|localhost:4190|${TENANT}`;
  const items: Record<string, string> = {
    [`msal.${CLIENT}.active-account-filters`]: JSON.stringify({
      homeAccountId: active,
      localAccountId: active,
      tenantId: TENANT,
    }),
    'msal.3.account.keys': JSON.stringify([accountKey]),
    [accountKey]: JSON.stringify({ id: encryptedWith, nonce: 'n', data: 'verschlüsselt' }),
  };
  return { getItem: (key: string) => items[key] ?? null };
}
const cookie = (id: string) =>
  `other=1; msal.cache.encryption=${encodeURIComponent(JSON.stringify({ id, key: 'geheim' }))}`;

const appointment = (customerName: string, today: string) => ({
  today,
  items: [
    {
      id: 1,
      version: 1,
      activityType: 'aufmass',
      activityDate: `${today}T08:00:00.000Z`,
      done: false,
      note: null,
      reason: null,
      reasonId: null,
      customerId: 7,
      customerName,
      street: 'Hauptplatz 1',
      zip: '9500',
      city: 'Villach',
      phone: null,
      vorgangId: null,
      vorgangNumber: null,
    },
  ],
});

function drawEarly(accountId: string) {
  return render(
    <ClientConfigProvider config={config}>
      <MemoryRouter initialEntries={['/crm/dashboard']}>
        <MyDayLightPreview accountId={accountId} />
      </MemoryRouter>
    </ClientConfigProvider>,
  );
}

describe("Mein Tag drawn before MSAL: who is signed in, from MSAL's storage", () => {
  it('is the active account MSAL can read: its entry is encrypted with the key of this browser session', () => {
    expect(storedMsalAccount(CLIENT, msalStorage(ANNA), cookie('key-1'))).toBe(ANNA);
  });

  it('is nobody when MSAL could not read the account or holds none', () => {
    // A cookie of another browser session: MSAL drops the entry on start, nobody is signed in.
    expect(storedMsalAccount(CLIENT, msalStorage(ANNA), cookie('key-2'))).toBeNull();
    expect(storedMsalAccount(CLIENT, msalStorage(ANNA), 'other=1')).toBeNull();
    // The active account is not among the accounts MSAL holds.
    expect(storedMsalAccount(CLIENT, msalStorage(ANNA, { active: BERT }), cookie('key-1'))).toBeNull();
    // Signed out (MSAL removed its entries), or another app's client id.
    expect(storedMsalAccount(CLIENT, { getItem: () => null }, cookie('key-1'))).toBeNull();
    expect(storedMsalAccount('other-client', msalStorage(ANNA), cookie('key-1'))).toBeNull();
  });
});

describe('Mein Tag drawn from the kept day before MSAL and the network', () => {
  afterEach(async () => {
    forgetKeptDay();
    forgetDeviceData();
    await forgetKeptCopies();
  });

  it("offline: the signed-in person's kept Termine at once, with their Stand; another account's never", async () => {
    const today = companyToday(ZONE);
    await keepAnswer(ANNA, 'dashboard/getMyDayAppointments', DAY_RECORD, appointment('Annas Kundin', today));
    await keepAnswer(BERT, 'dashboard/getMyDayAppointments', DAY_RECORD, appointment('Berts Kunde', today));

    // Only the Termine kept: drawn, but not the whole day, so the entry does not hold MSAL's start behind it.
    expect(readKeptDay(ANNA, ZONE, false)).toBe(false);
    const anna = drawEarly(ANNA);
    expect(screen.getByRole('link', { name: /Annas Kundin/ })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/Offline · Stand: heute \d\d:\d\d/);
    expect(screen.queryByText(/Berts Kunde/)).toBeNull();
    anna.unmount();

    // Another account on this browser: what was read for Anna is not drawn for Bert.
    drawEarly(BERT);
    expect(screen.queryByText(/Annas Kundin/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Mein Tag' })).toBeTruthy();
  });

  it("online: only a day kept today (yesterday's Termine are not today's); without one the loading bars", async () => {
    const yesterday = addCompanyDays(companyToday(ZONE), -1);
    await keepAnswer(ANNA, 'dashboard/getMyDayAppointments', DAY_RECORD, appointment('Gestern', yesterday));
    // Nothing to draw of today: the entry does not hold MSAL's start and the calls behind the loading bars.
    expect(readKeptDay(ANNA, ZONE, true)).toBe(false);
    drawEarly(ANNA);
    expect(screen.queryByText(/Gestern/)).toBeNull();
    expect(screen.getAllByRole('progressbar').length).toBe(2);
  });

  it("Abmelden's wipe takes the day kept for the start along", async () => {
    await keepAnswer(ANNA, 'todo/getTodos', DAY_RECORD, { today: companyToday(ZONE), items: [] });
    // Only the todos (as the desk's dashboard keeps them): not a whole day, before or after the account is known.
    expect(anyDayMirrored()).toBe(false);
    expect(readKeptDay(ANNA, ZONE, false)).toBe(false);
    await keepAnswer(
      ANNA,
      'dashboard/getMyDayAppointments',
      DAY_RECORD,
      appointment('Annas Kundin', companyToday(ZONE)),
    );
    // The whole day: the entry's first look finds it, and the drawing goes before MSAL's start.
    expect(anyDayMirrored()).toBe(true);
    expect(readKeptDay(ANNA, ZONE, false)).toBe(true);
    expect(keptDayAnswer(ANNA, 'todo/getTodos')).toBeDefined();
    forgetKeptDay();
    forgetDeviceData();
    readKeptDay(ANNA, ZONE, false);
    expect(keptDayAnswer(ANNA, 'todo/getTodos')).toBeUndefined();
    expect(anyDayMirrored()).toBe(false);
  });

  it("the entry's look for a kept day counts as many lists as are mirrored", () => {
    expect(DAY_MIRROR_LISTS).toBe(MIRRORED_DAY_PATHS.length);
  });
});

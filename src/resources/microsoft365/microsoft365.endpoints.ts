import Type from 'typebox';
import { defineEndpoint } from '../../api/endpoint';
import { Id, NullableInteger, NullableString, Timestamp } from '../../api/schemas';
import { GROUPS } from '../../auth/groups';

const access = { groups: [GROUPS.kunde] };
const tags = ['Microsoft 365'];

/** 'nicht_verbunden', 'verbunden', or 'erneuern' (Microsoft refused the tokens: connect again). */
export const ConnectionState = Type.Union([
  Type.Literal('nicht_verbunden'),
  Type.Literal('verbunden'),
  Type.Literal('erneuern'),
]);

export const ConnectionStatus = Type.Object({
  /** Whether this installation offers Microsoft 365 at all (M365_TOKEN_KEY set, or the demo's stand-in). */
  available: Type.Boolean(),
  state: ConnectionState,
  mailbox: NullableString(),
  connectedAt: Type.Union([Timestamp(), Type.Null()]),
  lastSyncAt: Type.Union([Timestamp(), Type.Null()]),
  lastError: NullableString(),
  lastErrorAt: Type.Union([Timestamp(), Type.Null()]),
  showCustomerMeetings: Type.Boolean(),
  /** Termine waiting to be written to Outlook (or to be removed there). */
  pendingTermine: Type.Integer(),
  openConflicts: Type.Integer(),
});

/** The caller's own connection: verbunden / letzte Synchronisation / Fehler mit Grund. */
export const getConnectionStatus = defineEndpoint({
  method: 'GET',
  path: 'microsoft365/status',
  access,
  tags,
  summary: 'Stand der eigenen Microsoft-365-Verbindung (verbunden, letzte Synchronisation, Fehler mit Grund)',
  response: ConnectionStatus,
});

/**
 * Connects the caller's Microsoft 365 (on-behalf-of with their sign-in): connected, or the address of the consent
 * page for the two delegated permissions when they have not consented yet.
 */
export const connectMicrosoft365 = defineEndpoint({
  method: 'POST',
  path: 'microsoft365/connect',
  access,
  tags,
  summary: 'Microsoft 365 verbinden (Kalender, E-Mail-Versand); verlangt wenn nötig die Zustimmung',
  response: Type.Object({ state: ConnectionState, consentUrl: NullableString() }),
});

/** Removes the caller's connection and every token; Termine already in Outlook stay there. */
export const disconnectMicrosoft365 = defineEndpoint({
  method: 'POST',
  path: 'microsoft365/disconnect',
  access,
  tags,
  summary: 'Microsoft 365 trennen: alle gespeicherten Tokens werden gelöscht',
  response: Type.Object({ state: ConnectionState }),
});

/** The caller's choice: read Outlook meetings with customers into the CRM's calendar (read-only). */
export const putMicrosoft365Settings = defineEndpoint({
  method: 'PUT',
  path: 'microsoft365/settings',
  access,
  tags,
  summary: 'Einstellung: Outlook-Termine mit Kunden im Kalender anzeigen',
  body: Type.Object({ showCustomerMeetings: Type.Boolean() }),
  response: Type.Object({ showCustomerMeetings: Type.Boolean() }),
});

export const TeamConnection = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  state: ConnectionState,
  lastSyncAt: Type.Union([Timestamp(), Type.Null()]),
  lastError: NullableString(),
});

/** For a lead: the connection of each seller of their branches ("Verbindung erneuern" where it failed). */
export const getTeamConnections = defineEndpoint({
  method: 'GET',
  path: 'microsoft365/team',
  access: { groups: [GROUPS.adminVerkauf] },
  tags,
  summary: 'Verkaufsleitung: Microsoft-365-Verbindungen der Verkäufer der eigenen Filialen',
  response: Type.Object({ rows: Type.Array(TeamConnection) }),
});

export const CalendarConflict = Type.Object({
  id: Type.Integer(),
  activityId: Type.Integer(),
  customerId: NullableInteger(),
  customerName: NullableString(),
  kind: Type.Union([Type.Literal('verschoben'), Type.Literal('geloescht')]),
  outlookStart: Type.Union([Timestamp(), Type.Null()]),
  crmStart: Type.Union([Timestamp(), Type.Null()]),
  detectedAt: Timestamp(),
});

/** The caller's open conflicts: Outlook and the CRM both changed a Termin; nothing was overwritten. */
export const getCalendarConflicts = defineEndpoint({
  method: 'GET',
  path: 'microsoft365/conflicts',
  access,
  tags,
  summary: 'Offene Konflikte zwischen Outlook und CRM (beide haben einen Termin geändert)',
  response: Type.Object({ rows: Type.Array(CalendarConflict) }),
});

/** Decides a conflict: keep the CRM's time (written to Outlook again) or take Outlook's. */
export const resolveCalendarConflict = defineEndpoint({
  method: 'POST',
  path: 'microsoft365/conflicts/:id/resolve',
  access,
  tags,
  summary: 'Konflikt entscheiden: CRM behalten (nach Outlook schreiben) oder Outlook übernehmen',
  params: Type.Object({ id: Id() }),
  body: Type.Object({ keep: Type.Union([Type.Literal('crm'), Type.Literal('outlook')]) }),
  response: Type.Object({ resolved: Type.Boolean() }),
});

/** Entra's way back from the consent page (the browser navigates here): leads to the connection page. */
export const consentCallback = defineEndpoint({
  method: 'GET',
  path: 'microsoft365/consent',
  access: { public: true },
  tags,
  summary: 'Rückweg von der Zustimmungsseite von Microsoft: leitet auf die Seite „Microsoft 365“ weiter',
  query: Type.Object({
    code: Type.Optional(Type.String({ maxLength: 4000 })),
    state: Type.Optional(Type.String({ maxLength: 200 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
    error_description: Type.Optional(Type.String({ maxLength: 2000 })),
    session_state: Type.Optional(Type.String({ maxLength: 200 })),
  }),
  kind: 'file',
});

const NotificationQuery = Type.Object({ validationToken: Type.Optional(Type.String({ maxLength: 1000 })) });

/** Graph's change notifications for connected calendars (and its validation handshake): prompt a delta run. */
export const graphNotifications = defineEndpoint({
  method: 'POST',
  path: 'microsoft365/notifications',
  access: { public: true },
  tags,
  summary: 'Änderungsbenachrichtigungen von Microsoft Graph (und deren Prüfung): stoßen einen Abgleich an',
  query: NotificationQuery,
  kind: 'file',
});

/** Graph's lifecycle notifications (renew, removed, missed) for the subscriptions. */
export const graphLifecycleNotifications = defineEndpoint({
  method: 'POST',
  path: 'microsoft365/lifecycle',
  access: { public: true },
  tags,
  summary: 'Lebenszyklus-Benachrichtigungen von Microsoft Graph: Abonnement erneuern oder neu anlegen',
  query: NotificationQuery,
  kind: 'file',
});

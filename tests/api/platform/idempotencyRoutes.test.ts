import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUPS } from '../../../src/auth/groups';
import { loadEntities } from '../../../server/platform/entities/loadEntities';
import { endpointDeclarations } from '../../support/endpointDeclarations';
import { createTestApp, type TestApp } from '../../support/testApp';

const ALL_GROUPS = Object.values(GROUPS);
const CALLER_OID = '11111111-2222-3333-4444-555555555555';

/**
 * Declared POSTs that create nothing a double click could duplicate, each with its reason. A new POST
 * endpoint fails this test until it is either `idempotent: true` or named here.
 */
const NOT_CREATES: Record<string, string> = {
  'bulkAction/export': 'liefert nur die Auswahl als Excel-Datei, speichert nichts',
  'bulkAction/mailPreview': 'liest nur: Empfänger zählen und ihre Mail füllen, speichert nichts',
  'vorgang/saveSimplifiedOfferUserConfiguration':
    'speichert die Einstellung des Verkäufers (eine Zeile je Person)',
  'pdf/pdfGen': 'erzeugt nur eine PDF-Datei als Antwort, speichert nichts',
  'dashboard/getKeptAnswers': 'liest nur: die Abfragen der Offline-Kopie auf einmal',
  'todo/reopen': 'Zustandswechsel, an Version bzw. gelesenes Fälligkeitsdatum gebunden',
  'nps/prepareSurvey': 'liest nur die Vorlage',
  'nps/sendSurvey':
    'die Antwort enthält den einmaligen Umfrage-Link, den der Server absichtlich nur als SHA-256 speichert',
  'umfrage/:token': 'öffentlich, ohne Anmeldung; der Link gilt genau einmal',
  'abmelden/:token': 'öffentlich, ohne Anmeldung; ein zweites Mal ändert nichts (schon abgemeldet)',
  'mail/prepareMailToCustomer': 'liest nur die Vorlage',
  'kunde/updateCustomerLabelsForActivityReason': 'setzt Labels (schon gesetzte bleiben einmal)',
  'kunde/addEndkundeToVorgang': 'an die Version des Vorgangs gebunden (zweimal: 409)',
  'kunde/addCustomDescriptionToPosNr': 'setzt einen Text (zweimal derselbe Stand)',
  'label/enableLabelForAllCustomers/:id': 'setzt ein Label bei allen Kunden (zweimal derselbe Stand)',
  'etl/sync/daten': 'Hintergrundlauf, höchstens einer zugleich (sonst 409)',
  'adminExtended/buildArticleMappingCache': 'Hintergrundlauf, höchstens einer zugleich (sonst 409)',
  'vorgang/setCustomStatusForVorgang': 'an die Version des Vorgangs gebunden',
  'vorgang/setLostForVorgang': 'an die Version des Vorgangs gebunden',
  'vorgang/setExpectedValueForVorgang': 'an die Version des Vorgangs gebunden',
  'vorgang/setSellerForVorgang': 'an die Version des Vorgangs gebunden',
  'vorgang/stopOfferCadence': 'beendet das Nachfassen (zweimal: nichts mehr zu beenden, nichts doppelt)',
  'angebotOnline/link/:id/zurueckziehen': 'zieht einen offenen Link zurück (zweimal: 409, nicht mehr offen)',
  'angebotOnline/rechtstexte': 'neue Fassung, an die gelesene Fassung gebunden (zweimal: 409)',
  'angebot/:token/code':
    'öffentlich, ohne Anmeldung; sendet einen neuen Code (höchstens 5 je Link und Stunde)',
  'angebot/:token/annehmen':
    'öffentlich, ohne Anmeldung; der Link gilt für genau eine Entscheidung (zweimal: 404)',
  'angebot/:token/ablehnen':
    'öffentlich, ohne Anmeldung; der Link gilt für genau eine Entscheidung (zweimal: 404)',
  'angebot/:token/rueckfrage':
    'öffentlich, ohne Anmeldung; jede Rückfrage ist eine eigene Nachricht an den Verkäufer',
  'adminExtended/previewTextTemplate': 'liest nur',
  'analytics/trackLogin': 'zählt eine Anmeldung, kein Formular',
  'analytics/trackFileDownload/:id': 'zählt einen Download, kein Formular',
  'adminExtended/testRegexArticleAlias': 'prüft nur ein Muster',
  'notification/read': 'setzt „gelesen“ (zweimal derselbe Stand)',
  'automation/simulate': 'liest nur: Simulieren schreibt nichts',
  'automation/state/:id': 'Zustandswechsel, an die Version der Automatisierung gebunden (zweimal: 409)',
  'microsoft365/connect': 'eine Verbindung je Person (zweimal: dieselbe Verbindung, neue Tokens)',
  'microsoft365/disconnect': 'löscht die eigene Verbindung (zweimal: nichts mehr da)',
  'microsoft365/conflicts/:id/resolve': 'entscheidet einen offenen Konflikt (zweimal: 404, nicht mehr offen)',
  'microsoft365/notifications': 'öffentlich, von Microsoft Graph; stößt nur einen Abgleich an',
  'microsoft365/lifecycle': 'öffentlich, von Microsoft Graph; stößt nur einen Abgleich an',
  'backgroundJobs/failed/:name/:id/retry':
    'nur für eine fehlgeschlagene Aufgabe (ein zweites Mal: 409), legt nichts an',
};

const urlOf = (path: string) => `/api/${path.replace(/:id\b/g, '1').replace(/:\w+/g, 'x')}`;

// Every route that creates: the entity platform's creates and the declared POSTs that are not named above.
async function createRoutes() {
  const entityRoutes = (await loadEntities()).flatMap((entity) =>
    [entity.endpoints.create, entity.endpoints.write]
      .filter((path): path is string => Boolean(path))
      .map((path) => ({ name: `${entity.name}: ${path}`, path })),
  );
  const declared = (await endpointDeclarations())
    .filter(({ endpoint }) => endpoint.method === 'POST' && !(endpoint.path in NOT_CREATES))
    .map(({ name, endpoint }) => ({ name, path: endpoint.path }));
  return [...entityRoutes, ...declared];
}

describe('every create route is idempotent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('names every declared POST either idempotent or in NOT_CREATES, never both', async () => {
    for (const { name, endpoint } of await endpointDeclarations()) {
      if (endpoint.method !== 'POST') continue;
      const excused = endpoint.path in NOT_CREATES;
      expect(excused !== Boolean(endpoint.idempotent), `${name} (${endpoint.path})`).toBe(true);
    }
  });

  it('answers a used key with other data by 422 on every create route, before touching the data', async () => {
    const routes = await createRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      // A key this caller already used for another request: an idempotent route refuses it, whatever the body.
      const key = randomUUID();
      await sql`INSERT INTO idempotency_key (caller_oid, key, request_hash, response_body)
        VALUES (${CALLER_OID}, ${key}::uuid, 'eine andere Anfrage', '{}')`.execute(t.db);
      // Raw on purpose (callAs): the key decides before any route reads its body.
      const { status, message } = await t.callAs(ALL_GROUPS, {
        method: 'POST',
        url: urlOf(route.path),
        payload: {},
        headers: { 'idempotency-key': key },
      });
      expect(status, route.name).toBe(422);
      expect(message, route.name).toMatch(/mit anderen Daten bereits gesendet/);
    }
  });

  it('shows the Idempotency-Key header of every create route in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json().paths as Record<
      string,
      { post?: { parameters?: { in: string; name: string }[] } }
    >;
    for (const route of await createRoutes()) {
      const openApiPath = `/api/${route.path.replace(/:(\w+)/g, '{$1}')}`;
      const headers = (paths[openApiPath]?.post?.parameters ?? []).filter((p) => p.in === 'header');
      expect(
        headers.map((p) => p.name.toLowerCase()),
        route.name,
      ).toContain('idempotency-key');
    }
  });
});

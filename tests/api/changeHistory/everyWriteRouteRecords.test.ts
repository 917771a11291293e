import { cp } from 'node:fs/promises';
import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUPS } from '../../../src/auth/groups';
import type { EntityDeclaration } from '../../../src/resources/entity';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { inTransaction } from '../../../server/platform/db/inTransaction';
import { changeAreas } from '../../../server/changeHistory/changeAreas';
import { createRecord } from '../../../server/platform/entities/entityRepository';
import { loadEntities } from '../../../server/platform/entities/loadEntities';
import { endpointDeclarations } from '../../support/endpointDeclarations';
import { entityCalls } from '../../support/entityCalls';
import { uploadTo } from '../../support/fileCalls';
import { createTestApp, type CallAnswer, type TestApp } from '../../support/testApp';
import type { InputArgs } from '../../../src/api/callEndpoint';
import type { BodyOf, EndpointDeclaration, EndpointInput } from '../../../src/api/endpoint';
import { completeAppointment } from '../../../src/resources/activities/activities.endpoints';
import {
  createAutomation,
  setAutomationState,
  updateAutomation,
} from '../../../src/resources/automation/automation.endpoints';
import { stopOfferCadence } from '../../../src/resources/automation/offerCadence.endpoints';
import { getBulkJob, startBulkAction } from '../../../src/resources/bulkActions/bulkActions.endpoints';
import { undoBulkJob } from '../../../src/resources/bulkActions/bulkJobs.endpoints';
import { moveTermin } from '../../../src/resources/calendar/calendar.endpoints';
import { recordConsent } from '../../../src/resources/consent/consent.endpoints';
import {
  addCustomDescriptionToPosNr,
  addEndkundeToVorgang,
  updateCustomerField,
  updateCustomerLabelsForActivityReason,
  updatePersonalNotes,
} from '../../../src/resources/customers/customers.endpoints';
import {
  postNoteToTimeline,
  updateNoteFromTimeline,
} from '../../../src/resources/customers/timeline/timeline.endpoints';
import { dismissDuplicate, mergeCustomers } from '../../../src/resources/duplicates/duplicates.endpoints';
import {
  deleteFile,
  uploadActivityFile,
  uploadCustomerFile,
} from '../../../src/resources/files/files.endpoints';
import {
  getGlobalSettings,
  putGlobalSettings,
} from '../../../src/resources/globalSettings/globalSettings.endpoints';
import { enableLabelForAllCustomers } from '../../../src/resources/labels/labels.endpoints';
import { saveNpsAnswer } from '../../../src/resources/nps/nps.endpoints';
import { answerSurvey, sendNpsSurvey } from '../../../src/resources/nps/survey.endpoints';
import { eraseCustomerData } from '../../../src/resources/privacy/privacy.endpoints';
import { getSalesCurve, putSalesCurve } from '../../../src/resources/salesPlanning/salesCurve.endpoints';
import { reorderCustomStatuses } from '../../../src/resources/statuses/customStatuses.endpoints';
import { getSyncStatus, startSync } from '../../../src/resources/sync/sync.endpoints';
import {
  markDueItemDone,
  postponeDueItem,
  reopenDueItem,
} from '../../../src/resources/todos/dueItems.endpoints';
import { saveNewVorgang } from '../../../src/resources/vorgaenge/newVorgang.endpoints';
import {
  addNoteToBelegInteraction,
  changeLabelOfVorgang,
  setCustomStatusForVorgang,
  setExpectedValueForVorgang,
  setLostForVorgang,
  setSellerForVorgang,
  uploadVorgangFile,
} from '../../../src/resources/vorgaenge/vorgang.endpoints';
import { ENTITY_SAMPLES } from './historySamples';
import { issueUnsubscribeLink } from '../../../server/consent/unsubscribeLinks';
import { noConditions } from '../../../src/resources/automation/automationTypes';

const ALL = Object.values(GROUPS);
/** Areas whose records belong to one customer: each must name it (timelines, Auskunft and erasure find it so). */
const CUSTOMER_AREAS = [
  'kunden',
  'aktivitaeten',
  'notiz',
  'persoenliche-notiz',
  'datei',
  'vorgang',
  'endkunde',
  'beleg',
  'belegposition',
  'belegnotiz',
  'nps',
];
const CALLER = { oid: '11111111-2222-3333-4444-555555555555', name: 'Test Person' };
/** A row of the Änderungsverlauf as the test reads it. */
interface ChangeRow {
  id: number;
  actorOid: string | null;
  actorName: string;
  area: string;
  recordId: number;
  action: Expected['action'];
  changes: Record<string, { old: unknown; new: unknown }>;
  customerId: unknown;
  vorgangId: unknown;
}

/** What one call must have left in the Änderungsverlauf: one row per changed business row. */
interface Expected {
  area: string;
  recordId: number;
  action: 'create' | 'update' | 'delete';
  /** Fields with their stored old and new values that must be in the record (others may be too). */
  changes?: Record<string, { old: unknown; new: unknown }>;
  /** The record's changed fields are exactly these. */
  only?: string[];
  /** Who made it, when not the signed-in caller (the customer through the survey link). */
  actor?: { oid: string | null; name: string };
}

/**
 * Declared write routes that change no business row, each with the reason. A new write route fails the first
 * test until it has a scenario below or is named here.
 */
const NO_BUSINESS_ROW: Record<string, string> = {
  'POST bulkAction/export': 'liefert nur die Auswahl als Excel-Datei, speichert nichts',
  'POST backgroundJobs/failed/:name/:id/retry':
    'gibt einer fehlgeschlagenen Hintergrundaufgabe einen weiteren Versuch; was die Aufgabe ändert, zeichnet sie selbst auf',
  'POST bulkAction/mailPreview': 'liest nur: Empfänger zählen und ihre Mail füllen, speichert nichts',
  'POST analytics/trackFileDownload/:id': 'zählt einen Download (Nutzungsstatistik), kein Geschäftsdatensatz',
  'POST analytics/trackLogin': 'zählt eine Anmeldung (Nutzungsstatistik), kein Geschäftsdatensatz',
  'POST adminExtended/testRegexArticleAlias': 'prüft nur ein Muster, speichert nichts',
  'POST adminExtended/buildArticleMappingCache':
    'baut einen Zwischenspeicher aus den Stammdaten neu auf; dessen Zeilen sind abgeleitet, niemand ändert sie',
  'POST download/createFolder/:id': 'ändert den Dateien-Ordner der Firma (Dateisystem), keinen CRM-Datensatz',
  'DELETE download/delete/:id': 'ändert den Dateien-Ordner der Firma (Dateisystem), keinen CRM-Datensatz',
  'PUT download/rename/:id': 'ändert den Dateien-Ordner der Firma (Dateisystem), keinen CRM-Datensatz',
  'POST download/uploadFile/:id': 'ändert den Dateien-Ordner der Firma (Dateisystem), keinen CRM-Datensatz',
  'POST mail/prepareMailToCustomer': 'liest nur die Vorlage',
  'POST mail/sendMailToCustomer':
    'der Postausgang (sent_mail) ist selbst das Protokoll wer wann was gesendet hat und wird nie geändert',
  'POST nps/prepareSurvey': 'liest nur die Vorlage',
  'POST nps/sendSurvey':
    'schreibt die gesendete Mail und den Umfrage-Link (Protokoll des Versands, nie geändert); die Antwort wird aufgezeichnet',
  'POST pdf/pdfGen': 'erzeugt nur eine PDF-Datei als Antwort, speichert nichts',
  'POST dashboard/getKeptAnswers': 'liest nur: die Abfragen der Offline-Kopie auf einmal, speichert nichts',
  'POST vorgang/saveSimplifiedOfferUserConfiguration':
    'die eigene Ansichtseinstellung der Person für das Angebots-PDF, kein Geschäftsdatensatz',
  'POST adminExtended/previewTextTemplate': 'liest nur',
  'POST notification/read': 'markiert eigene Benachrichtigungen als gelesen, kein Geschäftsdatensatz',
  'PUT notification/settings':
    'die eigenen Benachrichtigungs-Einstellungen (Arten, tägliche Zusammenfassung), kein Geschäftsdatensatz',
  'POST automation/simulate': 'liest nur: Simulieren schreibt nichts',
  'POST savedView/create':
    'eine gespeicherte Listenansicht (Filter, Sortierung, Spalten), kein Geschäftsdatensatz; ihre Version verhindert stilles Überschreiben',
  'PUT savedView/update/:id':
    'eine gespeicherte Listenansicht (Filter, Sortierung, Spalten), kein Geschäftsdatensatz; ihre Version verhindert stilles Überschreiben',
  'DELETE savedView/delete/:id':
    'eine gespeicherte Listenansicht (Filter, Sortierung, Spalten), kein Geschäftsdatensatz; ihre Version verhindert stilles Überschreiben',
  'POST microsoft365/connect':
    'die eigene Verbindung zu Microsoft 365 (Tokens, Postfach), kein Geschäftsdatensatz',
  'POST microsoft365/disconnect': 'löscht die eigene Verbindung zu Microsoft 365, kein Geschäftsdatensatz',
  'PUT microsoft365/settings':
    'die eigene Einstellung „Outlook-Termine mit Kunden anzeigen“, kein Geschäftsdatensatz',
  'POST microsoft365/conflicts/:id/resolve':
    'verschiebt oder löscht den Termin über moveTerminFromOutlook/deleteTerminFromOutlook, die ihn aufzeichnen (tests/api/microsoft365)',
  'POST microsoft365/notifications': 'öffentlich, von Microsoft Graph; stößt nur einen Abgleich an',
  'POST microsoft365/lifecycle': 'öffentlich, von Microsoft Graph; stößt nur einen Abgleich an',
  'POST angebotOnline/rechtstexte':
    'legt nur eine neue Fassung an (wer, wann); Fassungen werden nie geändert, eine Annahme behält ihre',
  'POST angebotOnline/link/:id/zurueckziehen':
    'zeichnet den Statuswechsel unter „Angebot online“ auf (tests/api/offerOnline)',
  'POST angebot/:token/code':
    'öffentlich; schreibt nur den Hash eines Einmalcodes und dessen Mail (Postausgang), kein Geschäftsdatensatz',
  'POST angebot/:token/annehmen':
    'öffentlich; zeichnet die Annahme mit ihrem Nachweis unter „Angebot online“ und das Todo auf (tests/api/offerOnline)',
  'POST angebot/:token/rueckfrage': 'öffentlich; das Todo für den Verkäufer wird aufgezeichnet',
  'POST angebot/:token/ablehnen':
    'öffentlich; zeichnet die Ablehnung unter „Angebot online“ und das Todo auf (tests/api/offerOnline)',
  'PUT savedView/default':
    'eine gespeicherte Listenansicht (Filter, Sortierung, Spalten), kein Geschäftsdatensatz; ihre Version verhindert stilles Überschreiben',
};

/** An automation the scenarios save: an NPS answer of 0–6 makes a todo for the Verkäufer. */
const automationInput = (name: string, maxScore: number): BodyOf<typeof createAutomation> => ({
  name,
  branchId: null,
  runsPerMinute: 500,
  definition: {
    trigger: { kind: 'nps', minScore: 0, maxScore },
    conditions: noConditions(),
    actions: [
      {
        kind: 'todo',
        todoKind: 'aktivitaet',
        activityType: 'anruf',
        labelId: null,
        recipient: { role: 'verkaeufer', userId: null },
        dueInWorkingDays: 2,
        text: 'Kunde anrufen',
      },
    ],
  },
});

describe('the Änderungsverlauf cannot be bypassed: every write route records each changed row', () => {
  let t: TestApp;
  let entities: EntityDeclaration[];
  let seen = 0;
  const ids: Record<string, number> = {};
  /** A Herkunft and a Verlustgrund of the Stammdaten (stored as their text). */
  let origin: string;
  let lostReason: string;

  /** The result of a call that must succeed; a refusal names the route and why. */
  const succeeded = <R>(answer: CallAnswer<R>, route: string): R => {
    expect(answer.status, `${route}: ${answer.message ?? ''} ${JSON.stringify(answer.errors ?? {})}`).toBe(
      200,
    );
    return answer.result;
  };
  const call = async <E extends EndpointDeclaration>(endpoint: E, ...input: InputArgs<E>) =>
    succeeded(await t.callEndpoint(ALL, endpoint, ...input), `${endpoint.method} ${endpoint.path}`);
  const upload = async <E extends EndpointDeclaration & { kind: 'upload' }>(
    endpoint: E,
    input: EndpointInput<E>,
    name: string,
    content: string,
  ) =>
    succeeded(
      await uploadTo(t, ALL, endpoint, input, { name, content: Buffer.from(content) }),
      `${endpoint.method} ${endpoint.path}`,
    );
  const one = async <T>(query: RawBuilder<T>) => (await query.execute(t.db)).rows[0]!;
  const version = async (table: string, id: number) =>
    (await one(sql<{ version: number }>`SELECT version FROM ${sql.table(table)} WHERE id = ${id}`)).version;
  /** The records written since the last look. */
  const newRecords = async () => {
    const { rows } = await sql<ChangeRow>`
      SELECT id::int, actor_oid AS "actorOid", actor_name AS "actorName", area, record_id::int AS "recordId",
        action, changes, customer_id AS "customerId", vorgang_id AS "vorgangId"
      FROM change_record WHERE id > ${seen} ORDER BY id`.execute(t.db);
    seen = rows.at(-1)?.id ?? seen;
    return rows;
  };
  const expectRecords = (records: ChangeRow[], expected: Expected[], name: string) => {
    const shown = JSON.stringify(records, null, 1);
    expect(records.length, `${name}: ${shown}`).toBe(expected.length);
    for (const wanted of expected) {
      const found = records.filter((r) => r.area === wanted.area && r.recordId === wanted.recordId);
      expect(found.length, `${name}: ${wanted.area} #${wanted.recordId} in ${shown}`).toBe(1);
      const record = found[0]!;
      expect(record.action, name).toBe(wanted.action);
      expect(record.actorName, name).toBe((wanted.actor ?? CALLER).name);
      expect(record.actorOid, name).toBe((wanted.actor ?? CALLER).oid);
      const { changes } = record;
      for (const [field, diff] of Object.entries(wanted.changes ?? {})) {
        expect(changes[field], `${name}: ${field} in ${shown}`).toEqual(diff);
      }
      if (wanted.only) expect(Object.keys(changes).sort(), name).toEqual([...wanted.only].sort());
    }
  };

  /** Each declared write route: a call that changes rows, and the records it must leave. */
  const SCENARIOS: Record<string, () => Promise<Expected[]>> = {
    'POST kunde/updateCustomerField': async () => {
      const c = ids.customer!;
      const before = await one(sql<{ phone: string | null }>`SELECT phone FROM customer WHERE id = ${c}`);
      await call(updateCustomerField, {
        body: {
          id: c,
          version: await version('customer', c),
          field: 'phone',
          value: '+43 664 1234567',
        },
      });
      return [
        {
          area: 'kunden',
          recordId: c,
          action: 'update',
          changes: { phone: { old: before.phone, new: '+43 664 1234567' } },
          only: ['phone'],
        },
      ];
    },
    'POST kunde/updateCustomerLabelsForActivityReason': async () => {
      const c = ids.customer!;
      await sql`DELETE FROM customer_label WHERE customer_id = ${c}`.execute(t.db);
      await call(updateCustomerLabelsForActivityReason, {
        body: { customerId: c, reasonId: ids.reason! },
      });
      return [
        {
          area: 'kunden',
          recordId: c,
          action: 'update',
          changes: { labelIds: { old: [], new: [ids.customerLabel] } },
        },
      ];
    },
    'POST bulkAction/start': async () => {
      const c = ids.customer!;
      await sql`DELETE FROM customer_label WHERE customer_id = ${c}`.execute(t.db);
      const job = await call(startBulkAction, {
        body: {
          target: 'kunden',
          action: { kind: 'labelHinzu', labelId: ids.customerLabel! },
          selection: { rows: [{ id: c, version: await version('customer', c) }] },
        },
      });
      // The job changes the rows in the background, each in its own transaction with its record.
      for (let done = false; !done; await new Promise((resolve) => setTimeout(resolve, 50))) {
        done = (await call(getBulkJob, { params: { id: job.id } })).state === 'fertig';
      }
      return [
        {
          area: 'kunden',
          recordId: c,
          action: 'update',
          changes: { labelIds: { old: [], new: [ids.customerLabel] } },
        },
      ];
    },
    'POST bulkAction/job/:id/undo': async () => {
      const c = ids.customer!;
      await sql`DELETE FROM customer_label WHERE customer_id = ${c}`.execute(t.db);
      const finished = async (id: number) => {
        for (let done = false; !done; await new Promise((resolve) => setTimeout(resolve, 50))) {
          done = (await call(getBulkJob, { params: { id } })).state === 'fertig';
        }
      };
      const job = await call(startBulkAction, {
        body: {
          target: 'kunden',
          action: { kind: 'labelHinzu', labelId: ids.customerLabel!, dueDate: '2031-02-03' },
          selection: { rows: [{ id: c, version: await version('customer', c) }] },
        },
      });
      await finished(job.id);
      const undo = await call(undoBulkJob, { params: { id: job.id } });
      await finished(undo.id);
      // The job's own change (what the undo read) is the start's scenario; this one is the undo's.
      await sql`DELETE FROM change_record WHERE bulk_job_id = ${job.id}`.execute(t.db);
      return [
        {
          area: 'kunden',
          recordId: c,
          action: 'update',
          changes: { labelIds: { old: [ids.customerLabel], new: [] } },
        },
      ];
    },
    'POST duplicates/dismissPair': async () => {
      const c = ids.customer!;
      const twin = (
        await sql<{ id: number }>`INSERT INTO customer (last_name) VALUES ('Zwilling') RETURNING id`.execute(
          t.db,
        )
      ).rows[0]!.id;
      await call(dismissDuplicate, { body: { customerId: twin, otherId: c } });
      return [
        {
          area: 'kein-duplikat',
          recordId: Math.min(c, twin),
          action: 'create',
          changes: { otherId: { old: null, new: Math.max(c, twin) } },
        },
      ];
    },
    'POST kunde/addEndkundeToVorgang': async () => {
      const v = ids.vorgang!;
      const result = await call(addEndkundeToVorgang, {
        body: {
          customerId: ids.customer!,
          vorgangId: v,
          version: await version('vorgang', v),
          endCustomer: { name: 'Hausverwaltung Berger', zip: '9020', city: 'Klagenfurt', country: 'AT' },
        },
      });
      const { endCustomerId } = result;
      return [
        { area: 'endkunde', recordId: endCustomerId, action: 'create' },
        {
          area: 'vorgang',
          recordId: v,
          action: 'update',
          changes: { endCustomerId: { old: null, new: endCustomerId } },
          only: ['endCustomerId'],
        },
      ];
    },
    'POST kunde/addCustomDescriptionToPosNr': async () => {
      const p = ids.position!;
      await call(addCustomDescriptionToPosNr, {
        body: {
          customerId: ids.positionCustomer!,
          positionId: p,
          version: await version('beleg_position', p),
          customDescription: 'Mit Insektenschutz',
        },
      });
      return [
        {
          area: 'belegposition',
          recordId: p,
          action: 'update',
          changes: { customDescription: { old: null, new: 'Mit Insektenschutz' } },
        },
      ];
    },
    'PUT kunde/updatePersonalNotes/:id': async () => {
      await call(updatePersonalNotes, {
        params: { id: ids.customer! },
        body: { text: 'Nur für mich', version: 0 },
      });
      return [
        {
          area: 'persoenliche-notiz',
          recordId: ids.customer!,
          action: 'create',
          // That it changed, never its text: the note is its author's alone.
          changes: { revision: { old: null, new: 1 } },
          only: ['revision'],
        },
      ];
    },
    'POST kunde/postNoteToTimeline': async () => {
      const note = await call(postNoteToTimeline, { body: { customerId: ids.customer!, text: 'Rückruf' } });
      ids.note = note.id;
      return [
        {
          area: 'notiz',
          recordId: ids.note,
          action: 'create',
          changes: { text: { old: null, new: 'Rückruf' } },
        },
      ];
    },
    'PUT kunde/updateNoteFromTimeline/:id': async () => {
      await call(updateNoteFromTimeline, {
        params: { id: ids.note! },
        body: { text: 'Rückruf am Montag', version: await version('timeline_note', ids.note!) },
      });
      return [
        {
          area: 'notiz',
          recordId: ids.note!,
          action: 'update',
          changes: { text: { old: 'Rückruf', new: 'Rückruf am Montag' } },
          only: ['text'],
        },
      ];
    },
    'POST kunde/uploadFile/:id': async () => {
      const file = await upload(
        uploadCustomerFile,
        { params: { id: ids.customer! } },
        'plan.pdf',
        '%PDF-1.4 Plan',
      );
      ids.file = file.id;
      return [
        {
          area: 'datei',
          recordId: ids.file,
          action: 'create',
          changes: { originalName: { old: null, new: 'plan.pdf' } },
        },
      ];
    },
    'DELETE kunde/deleteFile/:id': async () => {
      await call(deleteFile, { params: { id: ids.file! } });
      return [
        {
          area: 'datei',
          recordId: ids.file!,
          action: 'delete',
          changes: { originalName: { old: 'plan.pdf', new: null } },
        },
      ];
    },
    'POST activity/uploadFile/:id': async () => {
      const file = await upload(
        uploadActivityFile,
        { params: { id: ids.activity! } },
        'aufmass.pdf',
        '%PDF-1.4 Aufmaß',
      );
      return [{ area: 'datei', recordId: file.id, action: 'create' }];
    },
    'POST activity/completeAppointment': async () => {
      const termin = await one(sql<{ id: number; version: number }>`
        INSERT INTO activity (customer_id, activity_type, activity_date, done, note, user_id)
        SELECT ${ids.customer}, 'termin', now(), false, 'Beratung',
          (SELECT id FROM app_user WHERE azure_oid = ${CALLER.oid}) RETURNING id, version`);
      await call(completeAppointment, {
        body: {
          id: termin.id,
          version: termin.version,
          activityType: 'besuch',
          reasonId: null,
          vorgangId: null,
          note: 'Maße genommen',
          dueDate: null,
        },
      });
      return [
        {
          area: 'aktivitaeten',
          recordId: termin.id,
          action: 'update',
          changes: {
            done: { old: false, new: true },
            activityType: { old: 'termin', new: 'besuch' },
            note: { old: 'Beratung', new: 'Beratung\n\nMaße genommen' },
          },
        },
      ];
    },
    'POST calendar/moveTermin': async () => {
      const termin = await one(sql<{ id: number; version: number }>`
        INSERT INTO activity (customer_id, activity_type, activity_date, done, note, user_id)
        SELECT ${ids.customer}, 'aufmass', '2026-12-01T08:00:00Z', false, 'Aufmaß',
          (SELECT id FROM app_user WHERE azure_oid = ${CALLER.oid}) RETURNING id, version`);
      await call(moveTermin, {
        body: { id: termin.id, version: termin.version, start: '2026-12-02T09:30:00.000Z' },
      });
      return [
        {
          area: 'aktivitaeten',
          recordId: termin.id,
          action: 'update',
          changes: {
            activityDate: { old: '2026-12-01T08:00:00.000Z', new: '2026-12-02T09:30:00.000Z' },
          },
        },
      ];
    },
    'POST vorgang/uploadFile/:id': async () => {
      const file = await upload(
        uploadVorgangFile,
        { params: { id: ids.vorgang! } },
        'skizze.pdf',
        '%PDF-1.4 Skizze',
      );
      return [{ area: 'datei', recordId: file.id, action: 'create' }];
    },
    'PUT globalSettings/putGlobalSettings': async () => {
      const settings = await call(getGlobalSettings);
      await call(putGlobalSettings, {
        body: { ...settings, companyName: 'Fenster Test GmbH', changeHistoryMonths: 18 },
      });
      return [
        {
          area: 'einstellungen',
          recordId: 1,
          action: 'update',
          changes: {
            companyName: { old: settings.companyName, new: 'Fenster Test GmbH' },
            changeHistoryMonths: { old: 24, new: 18 },
          },
          only: ['companyName', 'changeHistoryMonths'],
        },
      ];
    },
    'POST label/enableLabelForAllCustomers/:id': async () => {
      const label = ids.customerLabel!;
      const { rows } = await sql<{ id: number; labels: number[] }>`
        SELECT c.id, ARRAY(SELECT cl.label_id FROM customer_label cl WHERE cl.customer_id = c.id ORDER BY 1) AS labels
        FROM customer c WHERE NOT EXISTS (
          SELECT 1 FROM customer_label cl WHERE cl.customer_id = c.id AND cl.label_id = ${label})`.execute(
        t.db,
      );
      expect(rows.length).toBeGreaterThan(1);
      await call(enableLabelForAllCustomers, { params: { id: label } });
      return rows.map((row) => ({
        area: 'kunden',
        recordId: row.id,
        action: 'update' as const,
        changes: { labelIds: { old: row.labels, new: [...row.labels, label].sort((a, b) => a - b) } },
        only: ['labelIds'],
      }));
    },
    'POST nps/save/': async () => {
      const answer = await call(saveNpsAnswer, {
        body: {
          customerId: ids.customer!,
          score: 4,
          comment: 'Monteur kam zu spät',
          channel: 'telefon',
          answeredOn: '2026-01-15',
        },
      });
      const { followUp } = await one(
        sql<{
          followUp: number;
        }>`SELECT follow_up_activity_id AS "followUp" FROM nps_answer WHERE id = ${answer.id}`,
      );
      return [
        {
          area: 'nps',
          recordId: answer.id,
          action: 'create',
          changes: { score: { old: null, new: 4 } },
        },
        // A detractor's follow-up call is a created activity of its own.
        { area: 'aktivitaeten', recordId: followUp, action: 'create' },
      ];
    },
    'POST consent/recordConsent': async () => {
      const c = ids.customer!;
      await sql`DELETE FROM customer_consent WHERE customer_id = ${c}`.execute(t.db);
      await call(recordConsent, {
        body: {
          customerId: c,
          granted: true,
          source: 'schriftlich',
          givenOn: '2026-03-02',
        },
      });
      return [
        {
          area: 'kunden',
          recordId: c,
          action: 'update',
          changes: { newsletterConsent: { old: false, new: true } },
          only: ['newsletterConsent'],
        },
      ];
    },
    'POST abmelden/:token': async () => {
      const c = ids.customer!;
      await sql`INSERT INTO customer_consent (customer_id, granted, source, recorded_by_name)
        VALUES (${c}, true, 'email', 'Test')`.execute(t.db);
      const link = await issueUnsubscribeLink(t.db, 'http://localhost:3000', c, null);
      // The mail program's one-click unsubscribe (RFC 8058): no sign-in, a form body.
      const response = await t.app.inject({
        method: 'POST',
        url: link.oneClick.replace('http://localhost:3000', ''),
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(200);
      return [
        {
          area: 'kunden',
          recordId: c,
          action: 'update',
          changes: { newsletterConsent: { old: true, new: false } },
          only: ['newsletterConsent'],
          actor: { oid: null, name: 'Kunde (Abmelden im E-Mail-Programm)' },
        },
      ];
    },
    'POST umfrage/:token': async () => {
      const sent = await call(sendNpsSurvey, {
        body: {
          customerId: ids.customer!,
          vorgangId: null,
          templateId: null,
          to: 'maria.gruber@example.at',
          subject: 'Umfrage',
          body: 'Bitte bewerten Sie uns: {{Umfrage-Link}}',
        },
      });
      await newRecords(); // the sending itself records nothing (see NO_BUSINESS_ROW)
      const token = sent.surveyUrl.split('/umfrage/')[1]!;
      // The customer answers on the public page: nobody signed in.
      succeeded(
        await t.callEndpoint(null, answerSurvey, { params: { token }, body: { score: 10 } }),
        'POST umfrage/:token',
      );
      const { id } = await one(sql<{ id: number }>`SELECT max(id) AS id FROM nps_answer`);
      return [
        {
          area: 'nps',
          recordId: id,
          action: 'create',
          changes: { score: { old: null, new: 10 } },
          actor: { oid: null, name: 'Online-Umfrage' },
        },
      ];
    },
    'PUT adminExtended/putSalesCurve': async () => {
      const curve = await call(getSalesCurve);
      const shares = [20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 80];
      await newRecords();
      await call(putSalesCurve, { body: { shares, version: curve.version } });
      const records = await newRecords();
      seen = (records[0]?.id ?? seen + 1) - 1;
      // Only the months whose share changed.
      return records.map((r) => ({
        area: 'verkaufskurve',
        recordId: r.recordId,
        action: r.action,
      }));
    },
    'POST automation/create': async () => {
      const created = await call(createAutomation, { body: automationInput('Verlaufstest Automatik', 6) });
      ids.automation = created.id;
      return [
        {
          area: 'automatisierung',
          recordId: ids.automation,
          action: 'create',
          changes: {
            name: { old: null, new: 'Verlaufstest Automatik' },
            state: { old: null, new: 'entwurf' },
            trigger: { old: null, new: 'NPS-Antwort 0–6' },
            actions: { old: null, new: 'Todo anlegen (Verkäufer des Vorgangs)' },
          },
        },
      ];
    },
    'PUT automation/update/:id': async () => {
      const a = ids.automation!;
      await call(updateAutomation, {
        params: { id: a },
        body: {
          ...automationInput('Verlaufstest Automatik geändert', 4),
          version: await version('automation', a),
        },
      });
      return [
        {
          area: 'automatisierung',
          recordId: a,
          action: 'update',
          changes: {
            name: { old: 'Verlaufstest Automatik', new: 'Verlaufstest Automatik geändert' },
            versionNumber: { old: 1, new: 2 },
            trigger: { old: 'NPS-Antwort 0–6', new: 'NPS-Antwort 0–4' },
          },
          only: ['name', 'versionNumber', 'trigger'],
        },
      ];
    },
    'POST automation/state/:id': async () => {
      const a = ids.automation!;
      // Paused, not activated: a live automation would write records of its own into later scenarios.
      await call(setAutomationState, {
        params: { id: a },
        body: { state: 'pausiert', version: await version('automation', a) },
      });
      return [
        {
          area: 'automatisierung',
          recordId: a,
          action: 'update',
          changes: { state: { old: 'entwurf', new: 'pausiert' } },
          only: ['state'],
        },
      ];
    },
    'PUT customStatus/reorder': async () => {
      const { rows } = await sql<{ id: number; sortOrder: number }>`
        SELECT id, sort_order AS "sortOrder" FROM custom_status ORDER BY sort_order, id`.execute(t.db);
      const order = [rows[1]!, rows[0]!, ...rows.slice(2)];
      await call(reorderCustomStatuses, { body: { ids: order.map((r) => r.id) } });
      return order
        .map((row, i) => ({ row, position: i + 1 }))
        .filter(({ row, position }) => row.sortOrder !== position)
        .map(({ row, position }) => ({
          area: 'admin/custom-statuses',
          recordId: row.id,
          action: 'update' as const,
          changes: { sortOrder: { old: row.sortOrder, new: position } },
          only: ['sortOrder'],
        }));
    },
    'POST todo/markDone': async () => {
      const a = await one(sql<{ id: number; due: string; version: number }>`
        SELECT id, to_char(due_date, 'YYYY-MM-DD') AS due, version FROM activity WHERE id = ${ids.activity}`);
      await call(markDueItemDone, {
        body: { key: `aktivitaet:${a.id}`, expectedDueDate: a.due, version: a.version },
      });
      return [
        {
          area: 'aktivitaeten',
          recordId: a.id,
          action: 'update',
          changes: { done: { old: false, new: true } },
        },
      ];
    },
    'POST todo/reopen': async () => {
      const a = await one(sql<{ id: number; due: string; version: number }>`
        SELECT id, to_char(due_date, 'YYYY-MM-DD') AS due, version FROM activity WHERE id = ${ids.activity}`);
      await call(reopenDueItem, { body: { key: `aktivitaet:${a.id}`, dueDate: a.due, version: a.version } });
      return [
        {
          area: 'aktivitaeten',
          recordId: a.id,
          action: 'update',
          changes: { done: { old: true, new: false } },
        },
      ];
    },
    'POST todo/postpone': async () => {
      const label = ids.customerLabel!;
      const c = ids.customer!;
      const { due } = await one(sql<{ due: string }>`
        SELECT to_char(due_date, 'YYYY-MM-DD') AS due FROM customer_label
        WHERE customer_id = ${c} AND label_id = ${label}`);
      await call(postponeDueItem, {
        body: { key: `kundeLabel:${c}:${label}`, expectedDueDate: due, dueDate: '2030-01-31' },
      });
      return [
        {
          area: 'kunden',
          recordId: c,
          action: 'update',
          changes: { labelDueDates: { old: { [label]: due }, new: { [label]: '2030-01-31' } } },
          only: ['labelDueDates'],
        },
      ];
    },
    'POST vorgang/saveNewVorgang': async () => {
      const created = await call(saveNewVorgang, {
        body: {
          customerId: ids.customer,
          title: 'Wintergarten',
          origin,
          sellerUserId: ids.user,
          branchId: ids.branch,
        },
      });
      ids.newVorgang = created.id;
      return [
        {
          area: 'vorgang',
          recordId: ids.newVorgang,
          action: 'create',
          changes: { title: { old: null, new: 'Wintergarten' } },
        },
      ];
    },
    'POST vorgang/addNoteToBelegInteraction': async () => {
      const note = await call(addNoteToBelegInteraction, { body: { belegId: ids.beleg!, text: 'Rabatt?' } });
      return [{ area: 'belegnotiz', recordId: note.id, action: 'create' }];
    },
    'POST vorgang/changeLabelOfVorgang': async () => {
      const v = ids.newVorgang!;
      await call(changeLabelOfVorgang, {
        body: {
          vorgangId: v,
          version: await version('vorgang', v),
          labelId: ids.vorgangLabel!,
          action: 'add',
          dueDate: '2030-02-01',
        },
      });
      return [
        {
          area: 'vorgang',
          recordId: v,
          action: 'update',
          changes: {
            labelIds: { old: [], new: [ids.vorgangLabel] },
            labelDueDates: { old: null, new: { [ids.vorgangLabel!]: '2030-02-01' } },
          },
          only: ['labelIds', 'labelDueDates'],
        },
      ];
    },
    'POST vorgang/setCustomStatusForVorgang': async () => {
      const v = ids.newVorgang!;
      await call(setCustomStatusForVorgang, {
        body: { vorgangId: v, version: await version('vorgang', v), customStatusId: ids.customStatus! },
      });
      return [
        {
          area: 'vorgang',
          recordId: v,
          action: 'update',
          changes: { customStatusId: { old: null, new: ids.customStatus } },
          only: ['customStatusId'],
        },
      ];
    },
    'POST vorgang/setExpectedValueForVorgang': async () => {
      const v = ids.newVorgang!;
      await call(setExpectedValueForVorgang, {
        body: {
          vorgangId: v,
          version: await version('vorgang', v),
          expectedValueCents: 1_250_000,
          expectedOrderDate: '2030-03-01',
        },
      });
      return [
        {
          area: 'vorgang',
          recordId: v,
          action: 'update',
          changes: {
            expectedValueCents: { old: null, new: 1_250_000 },
            expectedOrderDate: { old: null, new: '2030-03-01' },
          },
          only: ['expectedValueCents', 'expectedOrderDate'],
        },
      ];
    },
    'POST vorgang/setSellerForVorgang': async () => {
      const v = ids.newVorgang!;
      await call(setSellerForVorgang, {
        body: { vorgangId: v, version: await version('vorgang', v), sellerUserId: ids.otherUser! },
      });
      return [
        {
          area: 'vorgang',
          recordId: v,
          action: 'update',
          changes: { sellerUserId: { old: ids.user, new: ids.otherUser } },
          only: ['sellerUserId'],
        },
      ];
    },
    'POST vorgang/stopOfferCadence': async () => {
      // An offer sent online for a fresh open Vorgang; "Nachfassen beenden" is a change of that Vorgang.
      const { id: v } = await one(sql<{ id: number }>`
        INSERT INTO vorgang (vorgang_number, customer_id, title, system_status, board_position)
        VALUES ('AU-NACHFASSEN', ${ids.customer}, 'Online-Angebot', 'angebot', 0) RETURNING id`);
      await sql`WITH angebot AS (
          INSERT INTO beleg (vorgang_id, beleg_type, beleg_number, beleg_date)
          VALUES (${v}, 'angebot', 'AN-NACHFASSEN', DATE '2030-01-02') RETURNING id)
        INSERT INTO offer_link (vorgang_id, beleg_id, customer_id, token_hash, email, sent_by, sent_at, valid_until)
        SELECT ${v}, id, ${ids.customer}, 'verlaufstest', 'kunde@example.com', 'Verlaufstest',
          TIMESTAMPTZ '2030-01-02 10:00+01', DATE '2030-02-01' FROM angebot`.execute(t.db);
      await call(stopOfferCadence, { body: { vorgangId: v } });
      return [
        {
          area: 'vorgang',
          recordId: v,
          action: 'update',
          changes: { nachfassen: { old: 'läuft', new: 'beendet (Angebot vom 02.01.2030)' } },
          only: ['nachfassen'],
        },
      ];
    },
    'POST vorgang/setLostForVorgang': async () => {
      const v = ids.newVorgang!;
      await call(setLostForVorgang, {
        body: { vorgangId: v, version: await version('vorgang', v), lostReason },
      });
      return [
        {
          area: 'vorgang',
          recordId: v,
          action: 'update',
          changes: {
            systemStatus: { old: 'anfrage', new: 'verloren' },
            lostReason: { old: null, new: lostReason },
            // A lost Vorgang's labels are no longer due.
            labelDueDates: { old: { [ids.vorgangLabel!]: '2030-02-01' }, new: null },
          },
          only: ['systemStatus', 'lostReason', 'labelDueDates'],
        },
      ];
    },
    'POST duplicates/mergeCustomers': async () => {
      const { rows } = await sql<{ id: number }>`INSERT INTO customer (last_name, first_name, email)
        VALUES ('Dublette', 'Bleibt', 'bleibt@example.at'), ('Dublette', 'Geht', 'geht@example.at')
        RETURNING id`.execute(t.db);
      const [keep, merged] = [rows[0]!.id, rows[1]!.id];
      const { rows: vorgaenge } = await sql<{
        id: number;
      }>`INSERT INTO vorgang (customer_id, title, vorgang_number)
        VALUES (${merged}, 'Fenster', 'V-MERGE-1') RETURNING id`.execute(t.db);
      await call(mergeCustomers, {
        body: { keepId: keep, keepVersion: 1, mergeId: merged, mergeVersion: 1, take: ['email'] },
      });
      const expected: Expected[] = [
        {
          area: 'kunden',
          recordId: keep,
          action: 'update',
          changes: { email: { old: 'bleibt@example.at', new: 'geht@example.at' } },
          only: ['email', 'Zusammenführung'],
        },
        { area: 'kunden', recordId: merged, action: 'delete' },
        {
          area: 'vorgang',
          recordId: vorgaenge[0]!.id,
          action: 'update',
          changes: { customerId: { old: merged, new: keep } },
          only: ['customerId'],
        },
      ];
      return expected;
    },
    // The erasure (Art. 17) records one entry for itself (who, when, why) instead of one per row with old
    // values, for the old values are what it must remove; tests/api/privacy checks what it leaves.
    'POST dsgvo/loeschen/:id': async () => {
      const erased = await one(sql<{ id: number }>`INSERT INTO customer (last_name, first_name, email)
        VALUES ('Löschbar', 'Lena', 'lena@loeschbar.example') RETURNING id`);
      await call(eraseCustomerData, {
        params: { id: erased.id },
        body: { reason: 'Antrag per Brief', version: 1 },
      });
      return [
        {
          area: 'kunden',
          recordId: erased.id,
          action: 'update',
          changes: { dsgvo: { old: null, new: 'Gelöscht nach Art. 17 DSGVO: Antrag per Brief' } },
          only: ['dsgvo'],
        },
      ];
    },
    'POST etl/sync/daten': async () => {
      await cp(path.resolve('sample-import'), t.importDir, { recursive: true });
      await call(startSync, { query: {} });
      for (let i = 0; i < 300; i++) {
        const status = await call(getSyncStatus);
        if (status.run?.state !== 'laeuft') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const records = await newRecords();
      seen = (records[0]?.id ?? seen + 1) - 1;
      const { rows } = await sql<{ id: number }>`
        SELECT id FROM customer WHERE customer_number LIKE 'E-9%' ORDER BY id`.execute(t.db);
      expect(rows.length).toBeGreaterThan(0);
      // Every imported customer was created once, by the sync, with its number; nothing without an actor.
      for (const row of rows) {
        const own = records.filter((r) => r.area === 'kunden' && r.recordId === row.id);
        expect(own).toHaveLength(1);
        expect(own[0]!.action).toBe('create');
      }
      expect(records.every((r) => r.actorName === 'Datenabgleich' && r.actorOid === null)).toBe(true);
      seen = records.at(-1)!.id;
      return [];
    },
  };

  const writeRoutes = async () =>
    (await endpointDeclarations())
      .filter(({ endpoint }) => endpoint.method !== 'GET')
      .map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);

  beforeAll(async () => {
    t = await createTestApp();
    entities = await loadEntities();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 6 });
    await sql`INSERT INTO app_user (azure_oid, name, branch_id)
      SELECT ${CALLER.oid}, ${CALLER.name}, min(id) FROM branch`.execute(t.db);
    const first = await one(sql<{ customer: number; vorgang: number }>`
      SELECT c.id AS customer, v.id AS vorgang FROM customer c JOIN vorgang v ON v.customer_id = c.id
      WHERE v.end_customer_id IS NULL ORDER BY c.id, v.id LIMIT 1`);
    ids.customer = first.customer;
    // The caller looks after this customer (Todos lets only the Betreuer move its due labels).
    await sql`UPDATE customer SET owner_user_id = (SELECT id FROM app_user WHERE azure_oid = ${CALLER.oid})
      WHERE id = ${ids.customer}`.execute(t.db);
    ids.vorgang = first.vorgang;
    const position = await one(sql<{ id: number; customer: number; beleg: number }>`
      SELECT p.id, v.customer_id AS customer, b.id AS beleg FROM beleg_position p
      JOIN beleg b ON b.id = p.beleg_id JOIN vorgang v ON v.id = b.vorgang_id
      WHERE p.custom_description IS NULL ORDER BY p.id LIMIT 1`);
    ids.position = position.id;
    ids.positionCustomer = position.customer;
    ids.beleg = position.beleg;
    ids.activity = (
      await one(sql<{ id: number }>`
        INSERT INTO activity (customer_id, activity_type, due_date, done, note, user_id)
        SELECT ${ids.customer}, 'anruf', DATE '2030-01-10', false, 'Anrufen',
          (SELECT id FROM app_user WHERE azure_oid = ${CALLER.oid}) RETURNING id`)
    ).id;
    ids.customerLabel = (
      await one(sql<{ id: number }>`
        INSERT INTO label (name, color, for_customer, for_vorgang, due_after_days, active)
        VALUES ('Verlaufstest Kunde', '#123456', true, false, 7, true) RETURNING id`)
    ).id;
    ids.vorgangLabel = (
      await one(sql<{ id: number }>`
        INSERT INTO label (name, color, for_customer, for_vorgang, active)
        VALUES ('Verlaufstest Vorgang', '#654321', false, true, true) RETURNING id`)
    ).id;
    ids.reason = (
      await one(sql<{ id: number }>`INSERT INTO reason_option (text) VALUES ('Verlaufstest') RETURNING id`)
    ).id;
    await sql`INSERT INTO reason_option_label (reason_id, label_id) VALUES (${ids.reason}, ${ids.customerLabel})`.execute(
      t.db,
    );
    const users = await sql<{ id: number; branch: number }>`
      SELECT id, branch_id AS branch FROM app_user WHERE active AND branch_id IS NOT NULL ORDER BY id LIMIT 2`.execute(
      t.db,
    );
    ids.user = users.rows[0]!.id;
    ids.branch = users.rows[0]!.branch;
    ids.otherUser = users.rows[1]!.id;
    const originRow = await one(
      sql<{ value: string }>`SELECT value FROM stammdaten WHERE category = 'herkunft' AND active LIMIT 1`,
    );
    ids.customStatus = (
      await one(sql<{ id: number }>`SELECT id FROM custom_status WHERE active ORDER BY sort_order LIMIT 1`)
    ).id;
    const lost = await one(
      sql<{ value: string }>`SELECT value FROM stammdaten WHERE category = 'verlustgrund' AND active LIMIT 1`,
    );
    origin = originRow.value;
    lostReason = lost.value;
    await newRecords();
  });
  afterAll(() => t.close());

  it('names every declared write route: a scenario that changes rows, or the reason it changes none', async () => {
    const routes = await writeRoutes();
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const covered = route in SCENARIOS;
      const excused = route in NO_BUSINESS_ROW;
      expect(
        covered !== excused,
        `${route}: ${covered ? 'scenario and reason' : 'neither scenario nor reason'}`,
      ).toBe(true);
    }
  });

  it('leaves exactly one record per changed row with the right old and new values, on every declared route', async () => {
    for (const [route, scenario] of Object.entries(SCENARIOS)) {
      await newRecords();
      const expected = await scenario();
      expectRecords(await newRecords(), expected, route);
    }
  });

  it('records create, change and delete of every declared entity through the entity platform', async () => {
    const writable = entities.filter((e) => e.endpoints.write);
    expect(writable.length).toBeGreaterThan(10);
    for (const entity of writable) {
      const sample = ENTITY_SAMPLES[entity.name];
      expect(
        sample,
        `${entity.name}: a sample in tests/api/<its area>/historySamples.ts (defineHistorySamples)`,
      ).toBeDefined();
      const valid = { ...sample!.valid, ...(await sample!.prepare?.(t.db)) };
      await newRecords();
      const calls = entityCalls(t, entity);
      const created = succeeded(await calls.create(ALL, valid), `${entity.name} anlegen`);
      const { id } = created;
      const field = sample!.changed;
      expectRecords(
        await newRecords(),
        [
          {
            area: entity.name,
            recordId: id,
            action: 'create',
            changes: { [field]: { old: null, new: created[field] } },
          },
        ],
        `${entity.name} anlegen`,
      );
      const changedValue = sample!.change
        ? sample!.change(created[field])
        : `${String(created[field])} geändert`;
      const updated = succeeded(
        await calls.update(ALL, id, { ...created, [field]: changedValue }),
        `${entity.name} ändern`,
      );
      expectRecords(
        await newRecords(),
        [
          {
            area: entity.name,
            recordId: id,
            action: 'update',
            changes: { [field]: { old: created[field], new: updated[field] } },
            only: [field],
          },
        ],
        `${entity.name} ändern`,
      );
      if (!entity.endpoints.remove) continue;
      const removed = succeeded(await calls.remove(ALL, id), `${entity.name} löschen`);
      expectRecords(
        await newRecords(),
        [
          removed.deactivated
            ? { area: entity.name, recordId: id, action: 'update', only: ['active'] }
            : {
                area: entity.name,
                recordId: id,
                action: 'delete',
                changes: { [field]: { old: updated[field], new: null } },
              },
        ],
        `${entity.name} löschen`,
      );
    }
  });

  it('records the links an update through the entity platform changes, old and new', async () => {
    // An activity reason's labels are a link field edited in its form.
    const reasons = entities.find((e) => e.name === 'admin/reasons')!;
    const label = ids.customerLabel!;
    const calls = entityCalls(t, reasons);
    const created = succeeded(await calls.create(ALL, ENTITY_SAMPLES['admin/reasons']!.valid), 'anlegen');
    await newRecords();
    succeeded(await calls.update(ALL, created.id, { ...created, labelIds: [label] }), 'ändern');
    expectRecords(
      await newRecords(),
      [
        {
          area: reasons.name,
          recordId: created.id,
          action: 'update',
          changes: { labelIds: { old: [], new: [label] } },
          only: ['labelIds'],
        },
      ],
      'Labels eines Verlaufsgrunds',
    );
  });

  it('gives every field any write path recorded a German label, and names the customer of every customer record', async () => {
    const areas = changeAreas(entities);
    const { rows } = await sql<{ area: string; field: string }>`
      SELECT DISTINCT area, jsonb_object_keys(changes) AS field FROM change_record ORDER BY 1, 2`.execute(
      t.db,
    );
    // The scenarios above ran every write route, the entity platform's and the sync's: what they recorded.
    expect(new Set(rows.map((row) => row.area)).size).toBeGreaterThan(15);
    // A field's German label comes from its entity's declaration or its hand-made area (changeAreas.rules.ts).
    const unlabelled = rows
      .filter(({ area, field }) => !areas.get(area)?.fields.get(field)?.label)
      .map(({ area, field }) => `${area}.${field}`);
    expect(unlabelled).toEqual([]);
    const { rows: orphans } = await sql<{ area: string; n: number }>`
      SELECT area, count(*)::int AS n FROM change_record
      WHERE area = ANY(${CUSTOMER_AREAS}::text[]) AND customer_id IS NULL GROUP BY area`.execute(t.db);
    expect(orphans).toEqual([]);
  });

  it('leaves no record of a change that was refused or rolled back', async () => {
    await newRecords();
    // A stale version: 409, nothing changed, nothing recorded.
    const stale = await t.callEndpoint(ALL, setSellerForVorgang, {
      body: { vorgangId: ids.vorgang!, version: 1_000, sellerUserId: ids.otherUser! },
    });
    expect(stale.status).toBe(409);
    // A create whose transaction rolls back after the row and its record were written.
    const labels = entities.find((e) => e.name === 'admin/labels')!;
    await expect(
      inTransaction(t.db, async (trx) => {
        await createRecord(
          trx,
          labels,
          ENTITY_SAMPLES['admin/labels']!.valid,
          { ...CALLER, tid: 't', username: 'u', groups: ALL },
          {},
        );
        throw new Error('zurückgerollt');
      }),
    ).rejects.toThrow('zurückgerollt');
    expect(await newRecords()).toEqual([]);
  });
});

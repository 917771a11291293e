import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { failLastActivityOf } from '../../support/failingLastActivity';
import { getPersonalNotes, updatePersonalNotes } from '../../../src/resources/customers/customers.endpoints';
import {
  getTimelineForCustomer,
  postNoteToTimeline,
  updateNoteFromTimeline,
} from '../../../src/resources/customers/timeline/timeline.endpoints';
import type { ResultOf } from '../../../src/api/endpoint';
import activityEntity from '../../../src/resources/activities/activity.entity';
import { entityCalls } from '../../support/entityCalls';
import { resultOf, type TestApp } from '../../support/testApp';
import { customerWorkspace, SELLER, type CustomerRow } from './customerWorkspaceSetup';

describe('customer workspace: timeline notes and personal notes', () => {
  const workspace = customerWorkspace();
  const timelinePage = (after: string | null) =>
    resultOf(
      t.callEndpoint(SELLER, getTimelineForCustomer, {
        params: { id: customer.id },
        query: after ? { after } : {},
      }),
    );
  let t: TestApp;
  let customer: CustomerRow;
  beforeAll(() => {
    ({ t, customer } = workspace);
  });

  // The timeline shows activities beside notes: the customer gets one first.
  beforeAll(async () => {
    await sql`INSERT INTO app_user (azure_oid, username, name) VALUES ('11111111-2222-3333-4444-555555555555', 'test', 'Test Person') ON CONFLICT DO NOTHING`.execute(
      t.db,
    );
    await resultOf(
      entityCalls(t, activityEntity).create(SELLER, {
        customerId: customer.id,
        activityType: 'anruf',
        activityDate: '2026-11-20',
      }),
    );
  });

  it('keeps notes on the timeline, newest first, paged without gaps; only the author edits a note', async () => {
    const texts = Array.from({ length: 25 }, (_, i) => `Notiz ${i + 1}`);
    for (const text of texts) {
      const posted = await t.callEndpoint(SELLER, postNoteToTimeline, {
        body: { customerId: customer.id, text },
      });
      expect(posted.status).toBe(200);
    }
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page = await timelinePage(after);
      seen.push(...page.items.map((item) => `${item.kind}:${item.id}`));
      after = page.next;
    } while (after);
    expect(new Set(seen).size).toBe(seen.length);
    const first = await timelinePage(null);
    expect(first.items[0]).toMatchObject({ kind: 'notiz', text: 'Notiz 25', own: true });
    expect(seen.some((s) => s.startsWith('aktivitaet:'))).toBe(true);
    const note = first.items[0]!;
    const foreign = await t.callEndpoint(workspace.other, updateNoteFromTimeline, {
      params: { id: note.id },
      body: { text: 'übernommen', version: note.version },
    });
    expect(foreign.status).toBe(403);
    const edited = await t.callEndpoint(SELLER, updateNoteFromTimeline, {
      params: { id: note.id },
      body: { text: 'Notiz 25 (korrigiert)', version: note.version },
    });
    expect(edited.result).toMatchObject({ text: 'Notiz 25 (korrigiert)', version: note.version + 1 });
    const stale = await t.callEndpoint(SELLER, updateNoteFromTimeline, {
      params: { id: note.id },
      body: { text: 'Notiz 25 (alt)', version: note.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(/^Die Notiz wurde inzwischen von Test Person geändert\./);
    const empty = await t.callEndpoint(SELLER, postNoteToTimeline, {
      body: { customerId: customer.id, text: '   ' },
    });
    expect(empty.status).toBe(400);
  });

  it('shows a note sent later at the time it was written, never in the future; the arrival is kept too', async () => {
    const post = (text: string, writtenAt: string) =>
      t.callEndpoint(SELLER, postNoteToTimeline, { body: { customerId: customer.id, text, writtenAt } });
    const written = new Date(Date.now() - 4 * 60_000).toISOString();
    const late = await post('Offline geschrieben', written);
    expect(late.status).toBe(200);
    const ahead = await post('Uhr geht vor', new Date(Date.now() + 60 * 60_000).toISOString());
    expect(ahead.status).toBe(200);
    // The whole timeline (the note written 4 minutes ago sits below the ones posted since).
    const items: ResultOf<typeof getTimelineForCustomer>['items'] = [];
    let after: string | null = null;
    do {
      const page = await timelinePage(after);
      items.push(...page.items);
      after = page.next;
    } while (after);
    const at = (text: string) => new Date(items.find((item) => item.text === text)!.at).getTime();
    expect(at('Offline geschrieben')).toBe(new Date(written).getTime());
    expect(at('Uhr geht vor')).toBeLessThanOrEqual(Date.now());
    const { rows } = await sql<{ arrived: Date; written: Date }>`
      SELECT created_at AS arrived, written_at AS written FROM timeline_note
      WHERE id = ${late.result.id}`.execute(t.db);
    expect(rows[0]!.arrived.getTime()).toBeGreaterThan(rows[0]!.written.getTime() + 3 * 60_000);
    const invalid = await post('Kaputt', 'gestern');
    expect(invalid.status).toBe(400);
  });

  it('keeps personal notes private to each user and refuses a stale save', async () => {
    const params = { id: customer.id };
    const save = (text: string, version: number) =>
      t.callEndpoint(SELLER, updatePersonalNotes, { params, body: { text, version } });
    expect(await resultOf(t.callEndpoint(SELLER, getPersonalNotes, { params }))).toEqual({
      text: '',
      version: 0,
    });
    const first = await save('Mag keine Anrufe vor 9', 0);
    expect(first.result).toEqual({ text: 'Mag keine Anrufe vor 9', version: 1 });
    const second = await save('Mag keine Anrufe vor 10', 1);
    expect(second.result.version).toBe(2);
    expect((await save('alt', 1)).status).toBe(409);
    const colleague = await t.callEndpoint(workspace.other, getPersonalNotes, {
      params: { id: customer.id },
    });
    expect(colleague.result).toEqual({ text: '', version: 0 });
  });
  it('saves a note and the customer’s last activity together or not at all, with and without an Idempotency-Key', async () => {
    const notesWith = async (text: string) =>
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM timeline_note WHERE text = ${text}`.execute(
          t.db,
        )
      ).rows[0]!.n;
    const allow = await failLastActivityOf(t.db, customer.id);
    try {
      for (const idempotencyKey of [undefined, randomUUID()]) {
        const text = `Halb gespeichert? ${JSON.stringify({ idempotencyKey })}`;
        const posted = await t.callEndpoint(SELLER, postNoteToTimeline, {
          idempotencyKey,
          body: { customerId: customer.id, text },
        });
        expect(posted.status, text).toBe(500);
        expect(await notesWith(text), text).toBe(0);
      }
    } finally {
      await allow();
    }
    const posted = await t.callEndpoint(SELLER, postNoteToTimeline, {
      body: { customerId: customer.id, text: 'Ganz gespeichert' },
    });
    expect(posted.status).toBe(200);
    expect(await notesWith('Ganz gespeichert')).toBe(1);
    const { rows } = await sql<{ moved: boolean }>`
      SELECT last_activity_at > '2020-01-01' AS moved FROM customer WHERE id = ${customer.id}`.execute(t.db);
    expect(rows[0]!.moved).toBe(true);
  });
});

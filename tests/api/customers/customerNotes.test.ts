import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { failLastActivityOf } from '../../support/failingLastActivity';
import type { TestApp } from '../../support/testApp';
import { customerWorkspace, SELLER, type CustomerRow, type Row } from './customerWorkspaceSetup';

describe('customer workspace: timeline notes and personal notes', () => {
  const workspace = customerWorkspace();
  const { get, asOther } = workspace;
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
    const created = await t.call(SELLER, {
      method: 'POST',
      url: '/api/activity/createNewActivity',
      payload: { customerId: customer.id, activityType: 'anruf', activityDate: '2026-11-20' },
    });
    expect(created.status).toBe(200);
  });

  it('keeps notes on the timeline, newest first, paged without gaps; only the author edits a note', async () => {
    const texts = Array.from({ length: 25 }, (_, i) => `Notiz ${i + 1}`);
    for (const text of texts) {
      const posted = await t.call(SELLER, {
        method: 'POST',
        url: '/api/kunde/postNoteToTimeline',
        payload: { customerId: customer.id, text },
      });
      expect(posted.status).toBe(200);
    }
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const page = (await get(
        `/api/kunde/getTimelineForCustomer/${customer.id}${after ? `?after=${encodeURIComponent(after)}` : ''}`,
      )) as unknown as { items: (Row & { kind: string; id: number })[]; next: string | null };
      seen.push(...page.items.map((item) => `${item.kind}:${item.id}`));
      after = page.next;
    } while (after);
    expect(new Set(seen).size).toBe(seen.length);
    const first = (await get(`/api/kunde/getTimelineForCustomer/${customer.id}`)) as unknown as {
      items: (Row & { kind: string; id: number; version: number; own: boolean })[];
    };
    expect(first.items[0]).toMatchObject({ kind: 'notiz', text: 'Notiz 25', own: true });
    expect(seen.some((s) => s.startsWith('aktivitaet:'))).toBe(true);
    const note = first.items[0]!;
    const foreign = await asOther({
      method: 'PUT',
      url: `/api/kunde/updateNoteFromTimeline/${note.id}`,
      payload: { text: 'übernommen', version: note.version },
    });
    expect(foreign.status).toBe(403);
    const edited = await t.call(SELLER, {
      method: 'PUT',
      url: `/api/kunde/updateNoteFromTimeline/${note.id}`,
      payload: { text: 'Notiz 25 (korrigiert)', version: note.version },
    });
    expect(edited.body.result).toMatchObject({ text: 'Notiz 25 (korrigiert)', version: note.version + 1 });
    const stale = await t.call(SELLER, {
      method: 'PUT',
      url: `/api/kunde/updateNoteFromTimeline/${note.id}`,
      payload: { text: 'Notiz 25 (alt)', version: note.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.result.message).toMatch(/^Die Notiz wurde inzwischen von Test Person geändert\./);
    const empty = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/postNoteToTimeline',
      payload: { customerId: customer.id, text: '   ' },
    });
    expect(empty.status).toBe(400);
  });

  it('shows a note sent later at the time it was written, never in the future; the arrival is kept too', async () => {
    const post = (text: string, writtenAt: string) =>
      t.call(SELLER, {
        method: 'POST',
        url: '/api/kunde/postNoteToTimeline',
        payload: { customerId: customer.id, text, writtenAt },
      });
    const written = new Date(Date.now() - 4 * 60_000).toISOString();
    const late = await post('Offline geschrieben', written);
    expect(late.status).toBe(200);
    const ahead = await post('Uhr geht vor', new Date(Date.now() + 60 * 60_000).toISOString());
    expect(ahead.status).toBe(200);
    // The whole timeline (the note written 4 minutes ago sits below the ones posted since).
    const items: { kind: string; text: string; at: string }[] = [];
    let after: string | null = null;
    do {
      const page = (await get(
        `/api/kunde/getTimelineForCustomer/${customer.id}${after ? `?after=${encodeURIComponent(after)}` : ''}`,
      )) as unknown as { items: { kind: string; text: string; at: string }[]; next: string | null };
      items.push(...page.items);
      after = page.next;
    } while (after);
    const at = (text: string) => new Date(items.find((item) => item.text === text)!.at).getTime();
    expect(at('Offline geschrieben')).toBe(new Date(written).getTime());
    expect(at('Uhr geht vor')).toBeLessThanOrEqual(Date.now());
    const { rows } = await sql<{ arrived: Date; written: Date }>`
      SELECT created_at AS arrived, written_at AS written FROM timeline_note
      WHERE id = ${(late.body.result as { id: number }).id}`.execute(t.db);
    expect(rows[0]!.arrived.getTime()).toBeGreaterThan(rows[0]!.written.getTime() + 3 * 60_000);
    const invalid = await post('Kaputt', 'gestern');
    expect(invalid.status).toBe(400);
  });

  it('keeps personal notes private to each user and refuses a stale save', async () => {
    const url = `/api/kunde/updatePersonalNotes/${customer.id}`;
    expect(await get(`/api/kunde/getPersonalNotes/${customer.id}`)).toEqual({ text: '', version: 0 });
    const first = await t.call(SELLER, {
      method: 'PUT',
      url,
      payload: { text: 'Mag keine Anrufe vor 9', version: 0 },
    });
    expect(first.body.result).toEqual({ text: 'Mag keine Anrufe vor 9', version: 1 });
    const second = await t.call(SELLER, {
      method: 'PUT',
      url,
      payload: { text: 'Mag keine Anrufe vor 10', version: 1 },
    });
    expect(second.body.result.version).toBe(2);
    expect((await t.call(SELLER, { method: 'PUT', url, payload: { text: 'alt', version: 1 } })).status).toBe(
      409,
    );
    const colleague = await asOther({ method: 'GET', url: `/api/kunde/getPersonalNotes/${customer.id}` });
    expect(colleague.body.result).toEqual({ text: '', version: 0 });
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
      for (const headers of [{}, { 'idempotency-key': randomUUID() }]) {
        const text = `Halb gespeichert? ${JSON.stringify(headers)}`;
        const posted = await t.call(SELLER, {
          method: 'POST',
          url: '/api/kunde/postNoteToTimeline',
          headers,
          payload: { customerId: customer.id, text },
        });
        expect(posted.status, text).toBe(500);
        expect(await notesWith(text), text).toBe(0);
      }
    } finally {
      await allow();
    }
    const posted = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/postNoteToTimeline',
      payload: { customerId: customer.id, text: 'Ganz gespeichert' },
    });
    expect(posted.status).toBe(200);
    expect(await notesWith('Ganz gespeichert')).toBe(1);
    const { rows } = await sql<{ moved: boolean }>`
      SELECT last_activity_at > '2020-01-01' AS moved FROM customer WHERE id = ${customer.id}`.execute(t.db);
    expect(rows[0]!.moved).toBe(true);
  });
});

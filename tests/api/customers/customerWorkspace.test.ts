import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { createTestApp, ISSUER, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';

const SELLER = ['APP_KUNDE'];
type Row = Record<string, unknown>;

/** A multipart body with one file field, as a browser sends it. */
function multipart(name: string, content: Buffer) {
  const boundary = '----fenster' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('customer workspace (issue 6)', () => {
  let t: TestApp;
  let customer: Row & { id: number; version: number };
  let otherToken: string;
  const get = async (url: string, groups = SELLER) =>
    (await t.call(groups, { method: 'GET', url })).body.result;
  const asOther = (options: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown }) =>
    t.call(null, {
      ...options,
      payload: options.payload as Row,
      headers: { authorization: `Bearer ${otherToken}` },
    });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 40 });
    otherToken = await signAccessToken(t.signingKey, ISSUER, SELLER, {
      oid: 'oid-kollegin',
      name: 'Karin Kollegin',
    });
    const { rows } = await sql<{ id: number }>`SELECT id FROM customer ORDER BY id LIMIT 1`.execute(t.db);
    customer = (await get(`/api/kunde/getSingleCustomer/${rows[0]!.id}`)) as typeof customer;
  });
  afterAll(() => t.close());

  it('refuses every kunde/ and activity/ call without APP_KUNDE', async () => {
    const routes = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => /(\/api\/(?:kunde|activity)\/\S+) \(([A-Z, ]+)\)/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .flatMap((match) => match[2]!.split(', ').map((method) => [method, match[1]!] as const))
      .filter(([method]) => method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(15);
    for (const [method, path] of routes) {
      const url = path.replace(/:id/g, String(customer.id));
      for (const groups of [['APP_NPS', 'APP_DATEIEN', 'APP_ADMIN', 'APP_ADMIN_VERKAUF'], []]) {
        const { status } = await t.call(groups, {
          method: method as 'GET',
          url,
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(status, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('edits single fields in place at the version shown, with the form rules', async () => {
    const badZip = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/updateCustomerField',
      payload: { id: customer.id, version: customer.version, field: 'zip', value: '123' },
    });
    expect(badZip.status).toBe(400);
    expect(badZip.body.result.errors).toHaveProperty('zip');
    const saved = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/updateCustomerField',
      payload: { id: customer.id, version: customer.version, field: 'phone', value: '0463 / 12 34-56' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({ phone: '+43 463 123456', version: customer.version + 1 });
    const stale = await asOther({
      method: 'POST',
      url: '/api/kunde/updateCustomerField',
      payload: { id: customer.id, version: customer.version, field: 'city', value: 'Graz' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.result.message).toMatch(/inzwischen von jemand anderem geändert/);
    customer = saved.body.result as typeof customer;
  });

  it('adds and removes labels in place; a label that stays keeps its due date', async () => {
    const { rows: labels } = await sql<{ id: number; name: string }>`
      SELECT id, name FROM label WHERE for_customer AND active ORDER BY name`.execute(t.db);
    await sql`DELETE FROM customer_label WHERE customer_id = ${customer.id}`.execute(t.db);
    const change = async (labelIds: number[]) => {
      const response = await t.call(SELLER, {
        method: 'POST',
        url: '/api/kunde/updateCustomerField',
        payload: { id: customer.id, version: customer.version, field: 'labelIds', value: labelIds },
      });
      expect(response.status).toBe(200);
      customer = response.body.result as typeof customer;
    };
    await change([labels[0]!.id]);
    await sql`UPDATE customer_label SET due_date = '2030-01-01' WHERE customer_id = ${customer.id}`.execute(
      t.db,
    );
    await change([labels[0]!.id, labels[1]!.id]);
    await change([labels[1]!.id]);
    await change([labels[0]!.id, labels[1]!.id]);
    const { rows } = await sql<{ labelId: number; due: string | null }>`
      SELECT label_id AS "labelId", due_date::text AS due FROM customer_label WHERE customer_id = ${customer.id} ORDER BY label_id`.execute(
      t.db,
    );
    expect(rows).toHaveLength(2);
    expect(customer.labelIds).toEqual(rows.map((r) => r.labelId));
    // The re-added first label got a fresh due date from its label, not the old 2030 one.
    expect(rows.every((r) => r.due !== '2030-01-01')).toBe(true);
  });

  it("dates a new label from the company's day, also just after midnight in Vienna (still yesterday in UTC)", async () => {
    const { rows: labels } = await sql<{ id: number; days: number }>`
      SELECT id, due_after_days AS days FROM label
      WHERE for_customer AND active AND due_after_days IS NOT NULL ORDER BY id LIMIT 1`.execute(t.db);
    const label = labels[0]!;
    await sql`DELETE FROM customer_label WHERE customer_id = ${customer.id}`.execute(t.db);
    const current = (await get(`/api/kunde/getSingleCustomer/${customer.id}`)) as typeof customer;
    // 00:30 on 30 March in Vienna, the night the clocks went forward: 22:30 on the 29th in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-29T22:30:00Z'));
      const response = await t.call(SELLER, {
        method: 'POST',
        url: '/api/kunde/updateCustomerField',
        payload: { id: customer.id, version: current.version, field: 'labelIds', value: [label.id] },
      });
      expect(response.status).toBe(200);
      customer = response.body.result as typeof customer;
    } finally {
      vi.useRealTimers();
    }
    const { rows } = await sql<{ due: string }>`
      SELECT due_date::text AS due FROM customer_label WHERE customer_id = ${customer.id}`.execute(t.db);
    const due = new Date(Date.UTC(2026, 2, 30 + label.days)).toISOString().slice(0, 10);
    expect(rows).toEqual([{ due }]);
  });

  it('logs an activity: reason labels go to the customer, the activity to the caller, the list is the customer’s', async () => {
    const { rows } = await sql<{
      id: number;
    }>`SELECT id FROM reason_option WHERE text = 'Erstkontakt'`.execute(t.db);
    await sql`DELETE FROM customer_label WHERE customer_id = ${customer.id}`.execute(t.db);
    await sql`INSERT INTO app_user (azure_oid, username, name) VALUES ('11111111-2222-3333-4444-555555555555', 'test', 'Test Person') ON CONFLICT DO NOTHING`.execute(
      t.db,
    );
    const missing = await t.call(SELLER, {
      method: 'POST',
      url: '/api/activity/createNewActivity',
      payload: { customerId: customer.id, activityDate: 'gestern' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.result.errors).toMatchObject({
      activityType: expect.any(String),
      activityDate: expect.any(String),
    });
    const created = await t.call(SELLER, {
      method: 'POST',
      url: '/api/activity/createNewActivity',
      payload: {
        customerId: customer.id,
        activityType: 'anruf',
        reasonId: rows[0]!.id,
        activityDate: '2026-11-20',
        note: 'Ruft zurück',
      },
    });
    expect(created.status).toBe(200);
    const activity = created.body.result as Row & { id: number; version: number };
    expect(activity.userId).toBeGreaterThan(0);
    const after = (await get(`/api/kunde/getSingleCustomer/${customer.id}`)) as typeof customer;
    const { rows: names } = await sql<{ name: string }>`
      SELECT l.name FROM customer_label cl JOIN label l ON l.id = cl.label_id WHERE cl.customer_id = ${customer.id}`.execute(
      t.db,
    );
    expect(names.map((n) => n.name)).toEqual(['Rückruf']);
    customer = after;
    const list = (await get(
      `/api/kunde/getActivitiesForCustomer?filter=${encodeURIComponent(JSON.stringify({ customerId: customer.id }))}`,
    )) as { data: Row[]; total: number };
    expect(list.data.map((a) => a.id)).toContain(activity.id);
    expect(list.data.every((a) => a.customerId === customer.id)).toBe(true);
    const done = await t.call(SELLER, {
      method: 'PUT',
      url: `/api/activity/putSingleActivity/${activity.id}`,
      payload: { ...activity, done: true },
    });
    expect(done.status).toBe(200);
    const stale = await t.call(SELLER, {
      method: 'PUT',
      url: `/api/activity/putSingleActivity/${activity.id}`,
      payload: { ...activity, note: 'alt' },
    });
    expect(stale.status).toBe(409);
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
    const empty = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/postNoteToTimeline',
      payload: { customerId: customer.id, text: '   ' },
    });
    expect(empty.status).toBe(400);
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

  it('finds likely duplicates by e-mail, phone, or name and postcode', async () => {
    await sql`UPDATE customer SET email = 'Maria.Gruber@example.at', last_name = 'Gruber', company_name = NULL, zip = '9020', country = 'AT'
              WHERE id = ${customer.id}`.execute(t.db);
    const find = async (query: Record<string, string>) =>
      (await get(`/api/kunde/possibleDuplicates?${new URLSearchParams(query)}`)) as unknown as Row[];
    expect(await find({ email: 'maria.gruber@example.at' })).toEqual([
      expect.objectContaining({ id: customer.id, reason: 'gleiche E-Mail-Adresse' }),
    ]);
    expect(await find({ phone: '0463 123456', country: 'AT' })).toEqual([
      expect.objectContaining({ id: customer.id, reason: 'gleiche Telefonnummer' }),
    ]);
    expect(await find({ lastName: 'GRUBER', zip: '9020' })).toEqual([
      expect.objectContaining({ id: customer.id, reason: 'gleicher Name und gleiche PLZ' }),
    ]);
    expect(await find({ lastName: 'Gruber', zip: '9020', excludeId: String(customer.id) })).toEqual([]);
    expect(await find({ lastName: 'Gruber' })).toEqual([]);
  });

  it('exports exactly the filtered customers as a real Excel file', async () => {
    const filter = JSON.stringify({ country: 'AT' });
    // Late evening UTC is already the next day in Vienna: the export shows the company's day.
    const { rows: late } = await sql<{ customerNumber: string }>`
      UPDATE customer SET last_activity_at = '2026-03-14T23:30:00Z', created_at = '2026-06-30T22:30:00Z'
      WHERE id = (SELECT id FROM customer WHERE country = 'AT' AND customer_number IS NOT NULL ORDER BY id LIMIT 1)
      RETURNING customer_number AS "customerNumber"`.execute(t.db);
    const { total } = (await get(
      `/api/kunde/allCustomers?perPage=1&filter=${encodeURIComponent(filter)}`,
    )) as { total: number };
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/kunde/exportExcel?sort=displayName&order=ASC&filter=${encodeURIComponent(filter)}`,
      headers: { authorization: `Bearer ${await t.tokenFor(SELLER)}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Kunden_\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Kunden')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Kundennummer');
    expect(sheet.rowCount - 1).toBe(total);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string) => headers.indexOf(name) + 1;
    const withActivity = sheet.getColumn(column('Letzte Aktivität')).values.find((v) => v instanceof Date);
    expect(withActivity).toBeInstanceOf(Date);
    expect(typeof sheet.getRow(2).getCell(column('Volumen netto')).value).toBe('number');
    const lateRow = sheet
      .getColumn(column('Kundennummer'))
      .values.findIndex((value) => value === late[0]!.customerNumber);
    expect(sheet.getRow(lateRow).getCell(column('Letzte Aktivität')).value).toEqual(
      new Date('2026-03-15T00:00:00Z'),
    );
    expect(sheet.getRow(lateRow).getCell(column('Angelegt am')).value).toEqual(
      new Date('2026-07-01T00:00:00Z'),
    );
    expect(sheet.getColumn(column('Volumen netto')).numFmt).toContain('€');
    const bad = await t.call(SELLER, {
      method: 'GET',
      url: '/api/kunde/exportExcel?filter=%7B%22gibtsnicht%22%3A1%7D',
    });
    expect(bad.status).toBe(400);
  });

  it('stores an allowed upload under a generated name and gives it back with its original name', async () => {
    const content = Buffer.from('%PDF-1.4 Aufmaßblatt');
    const upload = await t.call(SELLER, {
      method: 'POST',
      url: `/api/kunde/uploadFile/${customer.id}`,
      ...multipart('Aufmaß Küche.pdf', content),
    });
    expect(upload.status).toBe(200);
    const file = upload.body.result as Row & { id: number };
    expect(file).toMatchObject({
      name: 'Aufmaß Küche.pdf',
      size: content.length,
      mimeType: 'application/pdf',
    });
    const stored = await readdir(t.filesDir);
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toContain('Aufma');
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/kunde/downloadFile/${file.id}`,
      headers: { authorization: `Bearer ${await t.tokenFor(SELLER)}` },
    });
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Aufmaß Küche.pdf')}`,
    );
    expect(
      (await t.call(['APP_DATEIEN'], { method: 'GET', url: `/api/kunde/downloadFile/${file.id}` })).status,
    ).toBe(403);
    expect((await t.call(null, { method: 'GET', url: `/api/kunde/downloadFile/${file.id}` })).status).toBe(
      401,
    );
    const files = (await get(`/api/kunde/getFilesForCustomer/${customer.id}`)) as unknown as Row[];
    expect(files.map((f) => f.id)).toEqual([file.id]);
  });

  it('refuses a forbidden or oversized upload in German and stores nothing', async () => {
    const before = (await readdir(t.filesDir)).length;
    const { rows: count } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM stored_file`.execute(
      t.db,
    );
    const exe = await t.call(SELLER, {
      method: 'POST',
      url: `/api/kunde/uploadFile/${customer.id}`,
      ...multipart('rechnung.exe', Buffer.from('MZ')),
    });
    expect(exe.status).toBe(400);
    expect(exe.body.result.message).toMatch(/nicht erlaubt/);
    const big = await t.call(SELLER, {
      method: 'POST',
      url: `/api/kunde/uploadFile/${customer.id}`,
      ...multipart('plan.pdf', Buffer.alloc(1024 * 1024 + 10, 1)),
    });
    expect(big.status).toBe(400);
    expect(big.body.result.message).toBe('Die Datei ist zu groß: höchstens 1 MB sind erlaubt.');
    expect(await readdir(t.filesDir)).toHaveLength(before);
    const { rows: after } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM stored_file`.execute(
      t.db,
    );
    expect(after[0]!.n).toBe(count[0]!.n);
  });

  it('hangs files on an activity: listed for it and on its timeline entry, downloaded, removed (issue 37, item 11)', async () => {
    const created = await t.call(SELLER, {
      method: 'POST',
      url: '/api/activity/createNewActivity',
      payload: {
        customerId: customer.id,
        activityType: 'termin',
        activityDate: '2027-06-01',
        note: 'Aufmaß',
      },
    });
    expect(created.status).toBe(200);
    const activityId = (created.body.result as { id: number }).id;
    const content = Buffer.from('%PDF-1.4 Skizze');
    const upload = await t.call(SELLER, {
      method: 'POST',
      url: `/api/activity/uploadFile/${activityId}`,
      ...multipart('Skizze Wohnzimmer.pdf', content),
    });
    expect(upload.status).toBe(200);
    const file = upload.body.result as Row & { id: number };
    const listed = (await get(`/api/activity/getFiles/${activityId}`)) as unknown as Row[];
    expect(listed).toEqual([
      expect.objectContaining({ id: file.id, name: 'Skizze Wohnzimmer.pdf', activityId }),
    ]);
    expect((await t.call(SELLER, { method: 'GET', url: '/api/activity/getFiles/999999' })).status).toBe(404);
    const timeline = (await get(`/api/kunde/getTimelineForCustomer/${customer.id}`)) as unknown as {
      items: { kind: string; id: number; details: Row }[];
    };
    // The newest entry: a Termin ahead of everything the demo data holds.
    const entry = timeline.items.find((item) => item.kind === 'aktivitaet' && item.id === activityId)!;
    expect(entry.details.files).toEqual([{ id: file.id, name: 'Skizze Wohnzimmer.pdf' }]);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/kunde/downloadFile/${file.id}`,
      headers: { authorization: `Bearer ${await t.tokenFor(SELLER)}` },
    });
    expect(download.rawPayload.equals(content)).toBe(true);
    expect((await t.call(SELLER, { method: 'DELETE', url: `/api/kunde/deleteFile/${file.id}` })).status).toBe(
      200,
    );
    expect(await get(`/api/activity/getFiles/${activityId}`)).toEqual([]);
    // The later tests expect their own entries on top of the timeline.
    await sql`DELETE FROM activity WHERE id = ${activityId}`.execute(t.db);
  });

  it('sends an e-mail from a template into the mail catcher; it shows on the timeline and in the Postausgang', async () => {
    const templates = (await get('/api/adminExtended/getTextTemplatesForUser')) as unknown as {
      id: number;
    }[];
    const draft = await t.call(SELLER, {
      method: 'POST',
      url: '/api/mail/prepareMailToCustomer',
      payload: { customerId: customer.id, templateId: templates[0]!.id },
    });
    const { to, subject, body } = draft.body.result as { to: string; subject: string; body: string };
    expect(to).toBe('Maria.Gruber@example.at');
    expect(`${subject}${body}`).not.toMatch(/\{\{/);
    const sent = await t.call(SELLER, {
      method: 'POST',
      url: '/api/mail/sendMailToCustomer',
      payload: {
        customerId: customer.id,
        templateId: templates[0]!.id,
        to,
        subject,
        body: `{{Anrede}} Gruber,\n${body}`,
      },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.result.via).toBe('mailcatcher');
    const timeline = (await get(`/api/kunde/getTimelineForCustomer/${customer.id}`)) as unknown as {
      items: Row[];
    };
    expect(timeline.items[0]).toMatchObject({
      kind: 'email',
      details: expect.objectContaining({ subject, status: 'gesendet' }),
    });
    expect(String(timeline.items[0]!.text)).toMatch(/^Sehr geehrte Frau Gruber,/);
    const outbox = (await get('/api/mail/getSentMails', ['APP_ADMIN'])) as { data: Row[] };
    expect(outbox.data[0]).toMatchObject({ subject, deliveredVia: 'mailcatcher' });
    expect((await t.call(SELLER, { method: 'GET', url: '/api/mail/getSentMails' })).status).toBe(403);
    const bad = await t.call(SELLER, {
      method: 'POST',
      url: '/api/mail/sendMailToCustomer',
      payload: { customerId: customer.id, to: 'kein-mail', subject: '', body: '{{Kunde}}' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.result.errors ?? {}).sort()).toEqual(['body', 'subject', 'to']);
  });

  it('says why a send over SMTP failed, and keeps the failed mail on the timeline', async () => {
    const smtp = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      await seedDemoData(smtp.db, { tenant: 'strussnig', customers: 3 });
      // Mails go only to addresses on record (issue 14): the customer's own.
      const { rows } = await sql<{ id: number; email: string }>`
        SELECT id, email FROM customer WHERE email IS NOT NULL LIMIT 1`.execute(smtp.db);
      const failed = await smtp.call(SELLER, {
        method: 'POST',
        url: '/api/mail/sendMailToCustomer',
        payload: {
          customerId: rows[0]!.id,
          to: rows[0]!.email,
          subject: 'Ihr Angebot',
          body: 'Guten Tag',
        },
      });
      expect(failed.status).toBe(502);
      expect(failed.body.result.message).toMatch(
        /^Die E-Mail konnte nicht gesendet werden: Der Mailserver ist nicht erreichbar/,
      );
      const { rows: kept } = await sql<{ status: string }>`SELECT status FROM sent_mail`.execute(smtp.db);
      expect(kept).toEqual([{ status: 'fehler' }]);
    } finally {
      await smtp.close();
    }
  });

  it('adds an Endkunde to a Vorgang and an own text to a position, each only at the version shown', async () => {
    const vorgaenge = (await get(`/api/kunde/getVorgaengeForCustomer/${customer.id}`)) as unknown as (Row & {
      id: number;
      version: number;
      belege: { positions: { id: number; version: number }[] }[];
    })[];
    const { rows } = await sql<{ customerId: number }>`
      SELECT v.customer_id AS "customerId" FROM vorgang v JOIN beleg b ON b.vorgang_id = v.id
      JOIN beleg_position p ON p.beleg_id = b.id LIMIT 1`.execute(t.db);
    const owner = vorgaenge.length && vorgaenge[0]!.belege.length ? customer.id : rows[0]!.customerId;
    const list = (await get(`/api/kunde/getVorgaengeForCustomer/${owner}`)) as unknown as typeof vorgaenge;
    const vorgang = list.find((v) => v.belege.some((b) => b.positions.length))!;
    const badZip = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/addEndkundeToVorgang',
      payload: {
        customerId: owner,
        vorgangId: vorgang.id,
        version: vorgang.version,
        endCustomer: { name: 'Familie Berger', zip: '12' },
      },
    });
    expect(badZip.status).toBe(400);
    expect(badZip.body.result.errors).toHaveProperty('zip');
    const added = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/addEndkundeToVorgang',
      payload: {
        customerId: owner,
        vorgangId: vorgang.id,
        version: vorgang.version,
        endCustomer: { name: 'Familie Berger', zip: '9500', city: 'Villach' },
      },
    });
    expect(added.status).toBe(200);
    const again = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/addEndkundeToVorgang',
      payload: {
        customerId: owner,
        vorgangId: vorgang.id,
        version: vorgang.version,
        endCustomer: { name: 'Doppelt' },
      },
    });
    expect(again.status).toBe(409);
    const position = vorgang.belege.find((b) => b.positions.length)!.positions[0]!;
    const text = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/addCustomDescriptionToPosNr',
      payload: {
        customerId: owner,
        positionId: position.id,
        version: position.version,
        customDescription: 'Mit Insektenschutz',
      },
    });
    expect(text.body.result).toMatchObject({
      customDescription: 'Mit Insektenschutz',
      version: position.version + 1,
    });
    const staleText = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/addCustomDescriptionToPosNr',
      payload: {
        customerId: owner,
        positionId: position.id,
        version: position.version,
        customDescription: 'x',
      },
    });
    expect(staleText.status).toBe(409);
    const reread = (await get(`/api/kunde/getVorgaengeForCustomer/${owner}`)) as unknown as (Row & {
      id: number;
      endCustomer: Row | null;
    })[];
    expect(reread.find((v) => v.id === vorgang.id)!.endCustomer).toMatchObject({
      name: 'Familie Berger',
      city: 'Villach',
    });
  });

  it('filters "nur meine", by Betreuer, Filiale and label', async () => {
    const me = await sql<{
      id: number;
    }>`SELECT id FROM app_user WHERE azure_oid = '11111111-2222-3333-4444-555555555555'`.execute(t.db);
    await sql`UPDATE customer SET owner_user_id = ${me.rows[0]!.id} WHERE id = ${customer.id}`.execute(t.db);
    const list = async (filter: Row) =>
      (await get(
        `/api/kunde/allCustomers?perPage=100&filter=${encodeURIComponent(JSON.stringify(filter))}`,
      )) as {
        data: (Row & { id: number })[];
        total: number;
      };
    expect((await list({ mine: true })).data.map((c) => c.id)).toEqual([customer.id]);
    expect((await list({ ownerUserId: 'me' })).data.map((c) => c.id)).toEqual([customer.id]);
    const labelId = (customer.labelIds as number[])[0]!;
    const labelled = await list({ labelIds: [labelId] });
    expect(labelled.data.every((c) => (c.labelIds as number[]).includes(labelId))).toBe(true);
    const branchId = (await list({})).data.find((c) => c.branchId)!.branchId;
    const inBranch = await list({ branchId });
    expect(inBranch.total).toBeGreaterThan(0);
    expect(inBranch.data.every((c) => c.branchId === branchId)).toBe(true);
  });
});

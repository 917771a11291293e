import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { multipartBody as multipart } from '../../support/multipartBody';
import { createTestApp, ISSUER, resultOf, type TestApp, type TestCaller } from '../../support/testApp';
import { pathOf, type BodyOf } from '../../../src/api/endpoint';
import { deleteFile } from '../../../src/resources/files/files.endpoints';
import {
  markDueItemDone,
  postponeDueItem,
  reopenDueItem,
} from '../../../src/resources/todos/dueItems.endpoints';
import {
  changeLabelOfVorgang,
  getFilesForVorgang,
  getSellerOptions,
  getStatusHistoryForVorgang,
  getTimelineForVorgang,
  getVorgang,
  setCustomStatusForVorgang,
  setSellerForVorgang,
  uploadVorgangFile,
} from '../../../src/resources/vorgaenge/vorgang.endpoints';
import { signAccessToken } from '../../support/tokens';

const SELLER = ['APP_KUNDE'];

// Every change a seller makes on a Vorgang leaves a line in its own history (vorgang_event,
// migration 0033), with who and when, written in the change's transaction. Item 17: a stale change learns whether
// the newer version was a move of the card ("verschoben") or any other change ("geändert").
describe('the Vorgang’s own history', () => {
  let t: TestApp;
  let vorgangId: number;
  let statuses: { id: number; name: string }[];
  let lenaToken: string;

  const lena = (): TestCaller => ({ token: lenaToken });
  /** Sets the Eigener Status; as Lena Leitung (`lena()`) when a 409 must name her. */
  const setStatus = (body: BodyOf<typeof setCustomStatusForVorgang>, caller: TestCaller = SELLER) =>
    t.callEndpoint(caller, setCustomStatusForVorgang, { body });
  const changeLabel = (body: BodyOf<typeof changeLabelOfVorgang>, caller: TestCaller = SELLER) =>
    t.callEndpoint(caller, changeLabelOfVorgang, { body });
  const setSeller = (body: BodyOf<typeof setSellerForVorgang>, caller: TestCaller = SELLER) =>
    t.callEndpoint(caller, setSellerForVorgang, { body });
  const versionOf = async (id: number) =>
    (await sql<{ version: number }>`SELECT version FROM vorgang WHERE id = ${id}`.execute(t.db)).rows[0]!
      .version;
  /** The newest entries of the Vorgang's timeline that record a change (kind 'aenderung'). */
  const changes = async () =>
    (
      await resultOf(t.callEndpoint(SELLER, getTimelineForVorgang, { params: { id: vorgangId }, query: {} }))
    ).items.filter((item) => item.kind === 'aenderung');
  const history = () =>
    resultOf(t.callEndpoint(SELLER, getStatusHistoryForVorgang, { params: { id: vorgangId } }));
  const labelOf = async () =>
    (
      await sql<{ id: number; name: string }>`
        SELECT id, name FROM label WHERE for_vorgang AND active ORDER BY id LIMIT 1`.execute(t.db)
    ).rows[0]!;

  beforeAll(async () => {
    t = await createTestApp({
      directoryPeople: [
        { oid: 'aaaaaaaa-0000-0000-0000-000000000001', name: 'Vera Eins', groups: ['APP_KUNDE'] },
        { oid: 'aaaaaaaa-0000-0000-0000-000000000002', name: 'Veit Zwei', groups: ['APP_KUNDE', 'APP_NPS'] },
      ],
    });
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 5 });
    lenaToken = await signAccessToken(t.signingKey, ISSUER, SELLER, {
      oid: 'oid-lena',
      name: 'Lena Leitung',
    });
    statuses = (
      await sql<{ id: number; name: string }>`
        SELECT id, name FROM custom_status WHERE active ORDER BY sort_order`.execute(t.db)
    ).rows;
    const { rows: customers } = await sql<{
      id: number;
    }>`SELECT id FROM customer ORDER BY id LIMIT 1`.execute(t.db);
    const { rows } = await sql<{ id: number }>`
      INSERT INTO vorgang (vorgang_number, customer_id, title, system_status, board_position)
      VALUES ('VH-000001', ${customers[0]!.id}, 'Verlauf Fenster', 'anfrage', 0) RETURNING id`.execute(t.db);
    vorgangId = rows[0]!.id;
  });
  afterAll(() => t.close());

  it('records an Eigener Status set on the page: Statusverlauf and timeline, who and when', async () => {
    const before = new Date();
    const set = await setStatus({
      vorgangId,
      customStatusId: statuses[0]!.id,
      version: await versionOf(vorgangId),
      via: 'page',
    });
    expect(set.status).toBe(200);
    const [newest] = await history();
    expect(newest).toMatchObject({
      kind: 'eigener_status',
      fromStatus: null,
      toStatus: statuses[0]!.name,
      via: 'page',
      changedBy: 'Test Person',
    });
    expect(new Date(String(newest!.changedAt)).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect((await changes())[0]).toMatchObject({
      author: 'Test Person',
      details: { event: 'eigener_status', from: null, to: statuses[0]!.name, via: 'page' },
    });
  });

  it('records a move on the board into another column, not a move within the column', async () => {
    const moved = await setStatus({
      vorgangId,
      customStatusId: statuses[1]!.id,
      version: await versionOf(vorgangId),
    });
    expect(moved.status).toBe(200);
    expect((await history())[0]).toMatchObject({
      kind: 'eigener_status',
      fromStatus: statuses[0]!.name,
      toStatus: statuses[1]!.name,
      via: 'board',
    });
    const count = (await history()).length;
    const reordered = await setStatus({
      vorgangId,
      customStatusId: statuses[1]!.id,
      version: moved.result.version,
    });
    expect(reordered.status).toBe(200);
    expect((await history()).length).toBe(count);
  });

  it('records a label added (with its due date), its due date changed and the label removed', async () => {
    const label = await labelOf();
    const added = await changeLabel({
      vorgangId,
      version: await versionOf(vorgangId),
      labelId: label.id,
      action: 'add',
      dueDate: '2026-12-01',
    });
    expect(added.status).toBe(200);
    const due = await changeLabel({
      vorgangId,
      version: added.result.version,
      labelId: label.id,
      action: 'setDueDate',
      dueDate: '2026-12-24',
    });
    const removed = await changeLabel({
      vorgangId,
      version: due.result.version,
      labelId: label.id,
      action: 'remove',
    });
    expect(removed.status).toBe(200);
    const refused = await changeLabel({
      vorgangId,
      version: removed.result.version,
      labelId: label.id,
      action: 'remove',
    });
    expect(refused.status).toBe(400);
    expect((await changes()).slice(0, 3).map((item) => item.details)).toEqual([
      expect.objectContaining({ event: 'label_entfernt', label: label.name, dueDate: '2026-12-24' }),
      expect.objectContaining({
        event: 'label_faellig',
        label: label.name,
        from: '2026-12-01',
        to: '2026-12-24',
      }),
      expect.objectContaining({ event: 'label_hinzu', label: label.name, dueDate: '2026-12-01' }),
    ]);
  });

  it('records a file uploaded and deleted, with its name', async () => {
    // An upload is multipart, which callEndpoint does not send: the declaration gives the path only.
    const saved = await t.callAs(SELLER, {
      method: 'POST',
      url: `/api/${pathOf(uploadVorgangFile, { id: vorgangId })}`,
      ...multipart('Aufmaß Küche.pdf', Buffer.from('%PDF-1.4 test')),
    });
    expect(saved.status).toBe(200);
    expect((await changes())[0]).toMatchObject({
      author: 'Test Person',
      details: { event: 'datei_hoch', file: 'Aufmaß Küche.pdf' },
    });
    // The file as the Vorgang's list types it, the one the upload answered.
    const [file] = await resultOf(t.callEndpoint(SELLER, getFilesForVorgang, { params: { id: vorgangId } }));
    expect(saved.result).toMatchObject({ id: file?.id, name: 'Aufmaß Küche.pdf' });
    const fileId = file!.id;
    const deleted = await t.callEndpoint(SELLER, deleteFile, { params: { id: fileId } });
    expect(deleted.status).toBe(200);
    expect((await changes())[0]).toMatchObject({
      details: { event: 'datei_geloescht', file: 'Aufmaß Küche.pdf' },
    });
  });

  it('changes the Verkäufer at the version shown and records both names; 400 at the field, 409, 403', async () => {
    const { rows: users } = await sql<{ id: number; name: string }>`
      INSERT INTO app_user (azure_oid, username, name) VALUES
        ('aaaaaaaa-0000-0000-0000-000000000001', 'vh.eins', 'Vera Eins'),
        ('aaaaaaaa-0000-0000-0000-000000000002', 'vh.zwei', 'Veit Zwei')
      RETURNING id, name`.execute(t.db);
    let version = await versionOf(vorgangId);
    const first = await setSeller({
      vorgangId,
      version,
      sellerUserId: users[0]!.id,
    });
    expect(first).toMatchObject({ status: 200, result: { seller: 'Vera Eins', version: version + 1 } });
    version += 1;
    const second = await setSeller({
      vorgangId,
      version,
      sellerUserId: users[1]!.id,
    });
    expect(second.result.seller).toBe('Veit Zwei');
    expect((await changes())[0]).toMatchObject({
      author: 'Test Person',
      details: { event: 'verkaeufer', from: 'Vera Eins', to: 'Veit Zwei' },
    });
    expect(await resultOf(t.callEndpoint(SELLER, getVorgang, { params: { id: vorgangId } }))).toMatchObject({
      seller: 'Veit Zwei',
    });

    const unknown = await setSeller({
      vorgangId,
      version: version + 1,
      sellerUserId: 99999999,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.errors).toHaveProperty('sellerUserId');
    // Decided by the directory's groups: no groups (Otto Ohne) or only a location (Sven Standort) is no Verkäufer.
    for (const username of ['otto.ohne', 'sven.standort']) {
      const { rows } = await sql<{
        id: number;
      }>`SELECT id FROM app_user WHERE username = ${username}`.execute(t.db);
      const refused = await setSeller({
        vorgangId,
        version: version + 1,
        sellerUserId: rows[0]!.id,
      });
      expect(refused.status, username).toBe(400);
      expect(refused.errors).toEqual({
        sellerUserId: 'Verkäufer: Diese Person ist nicht aktiv oder hat keinen Zugriff auf Kunden.',
      });
    }
    const stale = await setSeller({ vorgangId, version, sellerUserId: null });
    expect(stale.status).toBe(409);
    expect(stale.message).toContain('geändert');
    const forbidden = await setSeller({ vorgangId, version: version + 1, sellerUserId: null }, [
      'APP_NPS',
      'APP_DATEIEN',
      'APP_ADMIN',
    ]);
    expect(forbidden.status).toBe(403);
    expect(await versionOf(vorgangId)).toBe(version + 1);
  });

  it("offers as Verkäufer only active people with customer access, the Vorgang's branch first", async () => {
    const { rows: branch } = await sql<{
      id: number;
    }>`SELECT id FROM branch ORDER BY id DESC LIMIT 1`.execute(t.db);
    await sql`UPDATE vorgang SET branch_id = ${branch[0]!.id} WHERE id = ${vorgangId}`.execute(t.db);
    await sql`UPDATE app_user SET branch_id = ${branch[0]!.id} WHERE username = 'vh.zwei'`.execute(t.db);
    await sql`UPDATE app_user SET active = false WHERE username = 'victor.verkauf'`.execute(t.db);
    const options = await resultOf(t.callEndpoint(SELLER, getSellerOptions, { query: { vorgangId } }));
    const names = options.map((option) => option.name);
    expect(names).toEqual(expect.arrayContaining(['Anna Admin', 'Lena Leitung', 'Vera Eins', 'Veit Zwei']));
    // Otto has no groups, Sven only a location, Victor is inactive, the seed's other sellers are not in the
    // demo directory.
    expect(names.filter((name) => /Otto|Sven|Victor/.test(name))).toEqual([]);
    const firstOther = options.findIndex((option) => !option.sameBranch);
    expect(options.slice(0, firstOther).map((option) => option.name)).toContain('Veit Zwei');
    expect(options.slice(firstOther).every((option) => !option.sameBranch)).toBe(true);
    await sql`UPDATE app_user SET active = true WHERE username = 'victor.verkauf'`.execute(t.db);
    const refused = await t.callEndpoint(['APP_NPS'], getSellerOptions, { query: {} });
    expect(refused.status).toBe(403);
  });

  it('records a label done, postponed and set again from the Todos / Fällige Labels', async () => {
    // The due item is the caller's: the Vorgang's Verkäufer is the signed-in test person.
    await sql`
      INSERT INTO app_user (azure_oid, username, name)
      VALUES ('11111111-2222-3333-4444-555555555555', 'test', 'Test Person') ON CONFLICT DO NOTHING`.execute(
      t.db,
    );
    await sql`UPDATE vorgang SET seller_user_id = (
      SELECT id FROM app_user WHERE azure_oid = '11111111-2222-3333-4444-555555555555') WHERE id = ${vorgangId}`.execute(
      t.db,
    );
    const label = await labelOf();
    const added = await changeLabel({
      vorgangId,
      version: await versionOf(vorgangId),
      labelId: label.id,
      action: 'add',
      dueDate: '2026-12-02',
    });
    expect(added.status).toBe(200);
    const key = `vorgangLabel:${vorgangId}:${label.id}`;
    const postponed = await t.callEndpoint(SELLER, postponeDueItem, {
      body: { key, expectedDueDate: '2026-12-02', dueDate: '2026-12-09' },
    });
    expect(postponed.status).toBe(200);
    const done = await t.callEndpoint(SELLER, markDueItemDone, {
      body: { key, expectedDueDate: '2026-12-09' },
    });
    expect(done.status).toBe(200);
    const reopened = await t.callEndpoint(SELLER, reopenDueItem, { body: { key, dueDate: '2026-12-09' } });
    expect(reopened.status).toBe(200);
    expect((await changes()).slice(0, 3).map((item) => [item.author, item.details])).toEqual([
      [
        'Test Person',
        expect.objectContaining({ event: 'label_hinzu', label: label.name, dueDate: '2026-12-09' }),
      ],
      [
        'Test Person',
        expect.objectContaining({ event: 'label_entfernt', label: label.name, dueDate: '2026-12-09' }),
      ],
      [
        'Test Person',
        expect.objectContaining({
          event: 'label_faellig',
          label: label.name,
          from: '2026-12-02',
          to: '2026-12-09',
        }),
      ],
    ]);
    const version = await versionOf(vorgangId);
    const removed = await changeLabel({
      vorgangId,
      version,
      labelId: label.id,
      action: 'remove',
    });
    expect(removed.status).toBe(200);
  });

  it('says "geändert" to a stale change after a label change or a status set on the page', async () => {
    const label = await labelOf();
    const version = await versionOf(vorgangId);
    // Lena sets the Eigener Status on the page: that writes a kanban_event (the live board) but is no move.
    const page = await setStatus(
      {
        vorgangId,
        customStatusId: statuses[0]!.id,
        version,
        via: 'page',
      },
      lena(),
    );
    expect(page.status).toBe(200);
    const afterPage = await changeLabel({
      vorgangId,
      version,
      labelId: label.id,
      action: 'add',
    });
    expect(afterPage.status).toBe(409);
    expect(afterPage.message).toBe(
      'Der Vorgang wurde inzwischen von Lena Leitung geändert. Bitte laden Sie ihn neu und wiederholen Sie Ihre Änderung.',
    );

    const added = await changeLabel(
      {
        vorgangId,
        version: version + 1,
        labelId: label.id,
        action: 'add',
      },
      lena(),
    );
    expect(added.status).toBe(200);
    const afterLabel = await changeLabel({
      vorgangId,
      version: version + 1,
      labelId: label.id,
      action: 'remove',
    });
    expect(afterLabel.status).toBe(409);
    expect(afterLabel.message).toContain('von Lena Leitung geändert');
  });

  it('says "verschoben" to a stale change after a move of the card on the board', async () => {
    const label = await labelOf();
    const version = await versionOf(vorgangId);
    const moved = await setStatus(
      {
        vorgangId,
        customStatusId: statuses[1]!.id,
        version,
      },
      lena(),
    );
    expect(moved.status).toBe(200);
    const stale = await changeLabel({
      vorgangId,
      version,
      labelId: label.id,
      action: 'remove',
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toBe('Der Vorgang wurde inzwischen von Lena Leitung verschoben.');
  });
});

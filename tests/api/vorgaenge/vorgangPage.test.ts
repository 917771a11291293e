import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { addCompanyDays, companyToday } from '../../../src/config/companyTime';
import { BOARD_GAP } from '../../../src/resources/vorgaenge/kanban/boardPositions.rules';
import { multipartBody as multipart } from '../../support/multipartBody';
import { createTestApp, ISSUER, resultOf, type TestApp } from '../../support/testApp';
import { pathOf, type BodyOf, type HttpMethod } from '../../../src/api/endpoint';
import {
  addNoteToBelegInteraction,
  caluclatePlanDBForVorgang,
  changeLabelOfVorgang,
  getFilesForVorgang,
  getLostReasons,
  getStatusHistoryForVorgang,
  getTimelineForVorgang,
  getVorgang,
  setCustomStatusForVorgang,
  setLostForVorgang,
  uploadVorgangFile,
} from '../../../src/resources/vorgaenge/vorgang.endpoints';
import activityEntity from '../../../src/resources/activities/activity.entity';
import { entityCalls } from '../../support/entityCalls';
import { signAccessToken } from '../../support/tokens';

const SELLER = ['APP_KUNDE'];
const HTTP_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies HttpMethod[];
const isHttpMethod = (method: string): method is HttpMethod => HTTP_METHODS.includes(method);

describe('the page per Vorgang', () => {
  let t: TestApp;
  let vorgangId: number;
  let offerId: number;
  let statuses: { id: number; name: string }[];
  let lenaToken: string;

  const setStatus = (body: BodyOf<typeof setCustomStatusForVorgang>) =>
    t.callEndpoint(SELLER, setCustomStatusForVorgang, { body });
  const changeLabel = (body: BodyOf<typeof changeLabelOfVorgang>) =>
    t.callEndpoint(SELLER, changeLabelOfVorgang, { body });
  const setLost = (body: BodyOf<typeof setLostForVorgang>) =>
    t.callEndpoint(SELLER, setLostForVorgang, { body });
  const addNote = (body: BodyOf<typeof addNoteToBelegInteraction>) =>
    t.callEndpoint(SELLER, addNoteToBelegInteraction, { body });
  const ofVorgang = () => ({ params: { id: vorgangId } });
  const versionOf = async (id: number) =>
    (await sql<{ version: number }>`SELECT version FROM vorgang WHERE id = ${id}`.execute(t.db)).rows[0]!
      .version;
  /** The cards of a board column (the open pipeline; invoiced and lost Vorgänge have no place on the board). */
  const column = async (customStatusId: number) =>
    (
      await sql<{ id: number; pos: number }>`
        SELECT id, board_position AS pos FROM vorgang WHERE custom_status_id = ${customStatusId}
          AND system_status IN ('anfrage', 'angebot', 'auftrag')
        ORDER BY board_position, id`.execute(t.db)
    ).rows;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 30 });
    lenaToken = await signAccessToken(t.signingKey, ISSUER, SELLER, {
      oid: 'oid-lena',
      name: 'Lena Leitung',
    });
    statuses = (
      await sql<{ id: number; name: string }>`SELECT id, name FROM custom_status ORDER BY id`.execute(t.db)
    ).rows;
    // A Vorgang whose numbers are known: two positions with article costs, one without an article.
    const { rows: articles } = await sql<{ id: number; number: string; cost: number }>`
      SELECT id, article_number AS number, cost_cents::int AS cost FROM article WHERE cost_cents > 0
      ORDER BY id LIMIT 2`.execute(t.db);
    const { rows: customers } = await sql<{
      id: number;
    }>`SELECT id FROM customer ORDER BY id LIMIT 1`.execute(t.db);
    const { rows: created } = await sql<{ id: number }>`
      INSERT INTO vorgang (vorgang_number, customer_id, title, system_status, net_total_cents, board_position)
      VALUES ('VT-000001', ${customers[0]!.id}, 'Testvorgang Fenster', 'angebot', 300000, 0) RETURNING id`.execute(
      t.db,
    );
    vorgangId = created[0]!.id;
    const { rows: belege } = await sql<{ id: number }>`
      INSERT INTO beleg (vorgang_id, beleg_number, beleg_type, beleg_date, net_cents, gross_cents)
      VALUES (${vorgangId}, 'AN-TEST-1', 'angebot', '2026-03-01', 300000, 360000) RETURNING id`.execute(t.db);
    offerId = belege[0]!.id;
    const [a, b] = articles;
    await sql`
      INSERT INTO beleg_position (beleg_id, pos_nr, article_id, article_number, description, quantity, unit,
        unit_price_cents, total_cents) VALUES
        (${offerId}, 10, ${a!.id}, ${a!.number}, 'Fenster', 2, 'Stk', 100000, 200000),
        (${offerId}, 20, NULL, ${b!.number}, 'Rollladen', 1, 'Stk', 80000, 80000),
        (${offerId}, 30, NULL, NULL, 'Montage', 1, 'Psch', 20000, 20000)`.execute(t.db);
  });
  afterAll(() => t.close());

  it('refuses every vorgang/ call of this page to other groups (the route table read)', async () => {
    const routes = t.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => /(\/api\/vorgang\/\S+) \(([A-Z, ]+)\)/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .flatMap((match) => match[2]!.split(', ').map((method) => [method, match[1]!] as const))
      .filter(([method]) => method !== 'HEAD')
      .map(([method, path]) => {
        if (!isHttpMethod(method)) throw new Error(`${method} ${path}: unbekannte Methode`);
        return [method, path] as const;
      });
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const [method, path] of routes) {
      const url = path.replace(/:[a-z]+/gi, String(vorgangId));
      for (const groups of [['APP_NPS', 'APP_DATEIEN', 'APP_ADMIN', 'APP_ADMIN_VERKAUF'], []]) {
        const { status } = await t.callAs(groups, {
          method,
          url,
          payload: method === 'GET' ? undefined : {},
        });
        expect(status, `${method} ${url}`).toBe(403);
      }
      expect((await t.callAs(null, { method, url })).status, `${method} ${url}`).toBe(401);
    }
  });

  it('reads one Vorgang with header, Belege, positions and notes; 404 for an unknown one', async () => {
    const { status, result: detail } = await t.callEndpoint(SELLER, getVorgang, ofVorgang());
    expect(status).toBe(200);
    expect(detail).toMatchObject({
      vorgangNumber: 'VT-000001',
      title: 'Testvorgang Fenster',
      systemStatus: 'angebot',
    });
    expect(detail.customer.name).toEqual(expect.any(String));
    expect(detail.belege[0]!.positions.map((p) => p.unitPriceCents)).toEqual([100000, 80000, 20000]);
    expect((await t.callEndpoint(SELLER, getVorgang, { params: { id: 99999999 } })).status).toBe(404);
  });

  it('sets the Eigener Status at the version shown; stale: 409 naming who changed it, nothing saved', async () => {
    const version = await versionOf(vorgangId);
    const moved = await setStatus({
      vorgangId,
      customStatusId: statuses[0]!.id,
      version,
    });
    expect(moved.status).toBe(200);
    expect(moved.result).toMatchObject({ customStatusId: statuses[0]!.id, version: version + 1 });
    const last = await column(statuses[0]!.id);
    // Last in the column, a gap after the card that was last.
    expect(last.at(-1)).toEqual({ id: vorgangId, pos: last.at(-2)!.pos + BOARD_GAP });

    const stale = await t.callEndpoint({ token: lenaToken }, setCustomStatusForVorgang, {
      body: { vorgangId, customStatusId: statuses[1]!.id, version },
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toContain('Test Person');
    const unknown = await setStatus({
      vorgangId,
      customStatusId: 999999,
      version: version + 1,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.errors).toHaveProperty('customStatusId');
    const badBefore = await setStatus({
      vorgangId,
      customStatusId: statuses[1]!.id,
      version: version + 1,
      beforeVorgangId: vorgangId,
    });
    expect(badBefore.status).toBe(400);
    expect(badBefore.errors).toHaveProperty('beforeVorgangId');
    // Outside the declared body (no customStatusId), so by path: what the declaration's type cannot send.
    const missing = await t.callAs(SELLER, {
      method: 'POST',
      url: `/api/${setCustomStatusForVorgang.path}`,
      payload: { vorgangId, version: version + 1 },
    });
    expect(missing.status).toBe(400);
    expect(missing.message).toMatch(/customStatusId/);
    expect(await versionOf(vorgangId)).toBe(version + 1);
    const row = (
      await sql<{ cs: number }>`SELECT custom_status_id AS cs FROM vorgang WHERE id = ${vorgangId}`.execute(
        t.db,
      )
    ).rows[0]!;
    expect(row.cs).toBe(statuses[0]!.id);
  });

  it('places a card between its neighbours and writes no other card of the board', async () => {
    const target = statuses[2]!.id;
    const everyPlace = async () =>
      (
        await sql<{ id: number; pos: number }>`
          SELECT id, board_position AS pos FROM vorgang WHERE id <> ${vorgangId} ORDER BY id`.execute(t.db)
      ).rows;
    const placesBefore = await everyPlace();
    const [previous, before] = await column(target);
    const moved = await setStatus({
      vorgangId,
      customStatusId: target,
      version: await versionOf(vorgangId),
      beforeVorgangId: before!.id,
    });
    expect(moved.status).toBe(200);
    expect(moved.result.boardPosition).toBeGreaterThan(previous!.pos);
    expect(moved.result.boardPosition).toBeLessThan(before!.pos);
    const after = await column(target);
    expect(after.slice(0, 3).map((r) => r.id)).toEqual([previous!.id, vorgangId, before!.id]);
    // One row written: the column it left keeps its gap, the column it joined keeps its numbers.
    expect(await everyPlace()).toEqual(placesBefore);
  });

  it('keeps each column in one strict order, no card twice or lost, when many moves into it run at once', async () => {
    const target = statuses[1]!.id;
    const { rows: cards } = await sql<{ id: number; version: number }>`
      SELECT id, version FROM vorgang WHERE custom_status_id IS DISTINCT FROM ${target} AND id <> ${vorgangId}
        AND system_status IN ('anfrage', 'angebot', 'auftrag')
      ORDER BY id LIMIT 8`.execute(t.db);
    const first = (await column(target))[0]!.id;
    const answers = await Promise.all(
      cards.map((card, i) =>
        setStatus({
          vorgangId: card.id,
          customStatusId: target,
          version: card.version,
          beforeVorgangId: i % 2 ? first : null,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(cards.map(() => 200));
    for (const id of [target, ...statuses.map((s) => s.id)]) {
      const positions = (await column(id)).map((r) => r.pos);
      expect(positions, `Spalte ${id}`).toEqual([...new Set(positions)].sort((x, y) => x - y));
    }
    const ids = (await column(target)).map((r) => r.id);
    cards.forEach((card, i) => {
      const at = ids.indexOf(card.id);
      if (i % 2) expect(at).toBeLessThan(ids.indexOf(first));
      else expect(at).toBeGreaterThan(ids.indexOf(first));
    });
  });

  it('adds a label due after its days in the company day, changes its due date, removes it; 409 when stale', async () => {
    const { rows } = await sql<{ id: number; days: number }>`
      SELECT id, due_after_days AS days FROM label WHERE for_vorgang AND active AND due_after_days IS NOT NULL
      ORDER BY id LIMIT 1`.execute(t.db);
    const label = rows[0]!;
    let version = await versionOf(vorgangId);
    const added = await changeLabel({
      vorgangId,
      version,
      labelId: label.id,
      action: 'add',
    });
    expect(added.status).toBe(200);
    const expected = addCompanyDays(companyToday('Europe/Vienna'), label.days);
    expect(added.result.labels).toEqual([expect.objectContaining({ labelId: label.id, dueDate: expected })]);
    version = added.result.version;

    const stale = await changeLabel({
      vorgangId,
      version: version - 1,
      labelId: label.id,
      action: 'remove',
    });
    expect(stale.status).toBe(409);
    const badDay = await changeLabel({
      vorgangId,
      version,
      labelId: label.id,
      action: 'setDueDate',
      dueDate: '2026-02-30',
    });
    expect(badDay.status).toBe(400);
    expect(badDay.errors).toHaveProperty('dueDate');
    const twice = await changeLabel({
      vorgangId,
      version,
      labelId: label.id,
      action: 'add',
    });
    expect(twice.status).toBe(400);
    expect(twice.errors).toHaveProperty('labelId');
    expect(await versionOf(vorgangId)).toBe(version);

    const moved = await changeLabel({
      vorgangId,
      version,
      labelId: label.id,
      action: 'setDueDate',
      dueDate: '2026-12-24',
    });
    expect(moved.result.labels).toEqual([expect.objectContaining({ dueDate: '2026-12-24' })]);
    const removed = await changeLabel({
      vorgangId,
      version: moved.result.version,
      labelId: label.id,
      action: 'remove',
    });
    expect(removed.result.labels).toEqual([]);
  });

  it('adds a note to a Beleg with author and time; an empty one is a 400 at the field, nothing saved', async () => {
    const empty = await addNote({ belegId: offerId, text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.errors).toEqual({ text: 'Bitte geben Sie eine Notiz ein.' });
    const missingBeleg = await addNote({ belegId: 99999999, text: 'x' });
    expect(missingBeleg.status).toBe(404);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM beleg_note`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
    const note = await addNote({
      belegId: offerId,
      text: 'Angebot telefonisch besprochen, Kunde will Raffstore dazu',
    });
    expect(note.status).toBe(200);
    expect(note.result).toMatchObject({ author: 'Test Person', text: expect.stringContaining('Raffstore') });
    const detail = await resultOf(t.callEndpoint(SELLER, getVorgang, ofVorgang()));
    expect(detail.belege[0]!.notes[0]).toMatchObject({ author: 'Test Person' });
  });

  it('computes the Plan-DB of the current offer from the article costs and names positions without cost', async () => {
    const { rows: costs } = await sql<{ cost: number }>`
      SELECT cost_cents::int AS cost FROM article WHERE cost_cents > 0 ORDER BY id LIMIT 2`.execute(t.db);
    const cost = 2 * costs[0]!.cost + costs[1]!.cost;
    const { status, result: plan } = await t.callEndpoint(SELLER, caluclatePlanDBForVorgang, ofVorgang());
    expect(status).toBe(200);
    expect(plan).toMatchObject({
      revenueCents: 300000,
      costCents: cost,
      marginCents: 300000 - cost,
      marginPercent: Math.round(((300000 - cost) / 300000) * 1000) / 10,
      beleg: { belegNumber: 'AN-TEST-1' },
    });
    expect(plan.withoutCost.map((p) => p.posNr)).toEqual([30]);
  });

  it('marks the Vorgang lost with a Verlustgrund and takes it back, both in the status history', async () => {
    // A follow-up label, due after its days: a lost deal keeps the tag but nobody is reminded of it any more.
    const { rows: dueLabels } = await sql<{ id: number }>`
      SELECT id FROM label WHERE for_vorgang AND active AND due_after_days IS NOT NULL ORDER BY id LIMIT 1`.execute(
      t.db,
    );
    const followUp = await changeLabel({
      vorgangId,
      version: await versionOf(vorgangId),
      labelId: dueLabels[0]!.id,
      action: 'add',
    });
    expect(followUp.result.labels).toEqual([expect.objectContaining({ dueDate: expect.any(String) })]);
    let version = await versionOf(vorgangId);
    const wrong = await setLost({ vorgangId, version, lostReason: 'Keine Lust' });
    expect(wrong.status).toBe(400);
    expect(wrong.errors).toHaveProperty('lostReason');
    expect(await versionOf(vorgangId)).toBe(version);
    const reasons = await resultOf(t.callEndpoint(SELLER, getLostReasons));
    expect(reasons).toContain('Mitbewerber');
    const lost = await setLost({ vorgangId, version, lostReason: 'Mitbewerber' });
    expect(lost.result).toMatchObject({ systemStatus: 'verloren', version: version + 1 });
    const { rows: labelsAfter } = await sql<{ labelId: number; due: string | null }>`
      SELECT label_id AS "labelId", due_date::text AS due FROM vorgang_label WHERE vorgang_id = ${vorgangId}`.execute(
      t.db,
    );
    expect(labelsAfter).toEqual([{ labelId: dueLabels[0]!.id, due: null }]);
    version += 1;
    const again = await setLost({
      vorgangId,
      version: version - 1,
      lostReason: null,
    });
    expect(again.status).toBe(409);
    const back = await setLost({ vorgangId, version, lostReason: null });
    expect(back.result).toMatchObject({ systemStatus: 'angebot' });
    const history = await resultOf(t.callEndpoint(SELLER, getStatusHistoryForVorgang, ofVorgang()));
    expect(history.slice(0, 2)).toEqual([
      expect.objectContaining({
        fromStatus: 'Verloren',
        toStatus: 'Angebot',
        reason: null,
        changedBy: 'Test Person',
      }),
      expect.objectContaining({ fromStatus: 'Angebot', toStatus: 'Verloren', reason: 'Mitbewerber' }),
    ]);
  });

  it('ties a new activity to the Vorgang: listed by vorgangId and on its timeline', async () => {
    await sql`INSERT INTO app_user (azure_oid, username, name) VALUES ('11111111-2222-3333-4444-555555555555', 'test', 'Test Person') ON CONFLICT DO NOTHING`.execute(
      t.db,
    );
    const { rows } = await sql<{ customerId: number }>`
      SELECT customer_id AS "customerId" FROM vorgang WHERE id = ${vorgangId}`.execute(t.db);
    // Activities are an entity (activity.entity.ts), read and written through its routes, not a declaration.
    const activities = entityCalls(t, activityEntity);
    const created = await activities.create(SELLER, {
      customerId: rows[0]!.customerId,
      vorgangId,
      activityType: 'anruf',
      activityDate: '2026-11-20',
      note: 'Raffstore-Muster gezeigt',
    });
    expect(created.status).toBe(200);
    const list = await activities.list(SELLER, { filter: { vorgangId } });
    expect(list.result).toMatchObject({ data: [{ note: 'Raffstore-Muster gezeigt' }] });
    const page = await resultOf(t.callEndpoint(SELLER, getTimelineForVorgang, { ...ofVorgang(), query: {} }));
    expect(
      page.items.some((item) => item.kind === 'aktivitaet' && item.text === 'Raffstore-Muster gezeigt'),
    ).toBe(true);
  });

  it('shows the Vorgang timeline with its Beleg notes, Belege and status changes', async () => {
    const page = await resultOf(t.callEndpoint(SELLER, getTimelineForVorgang, { ...ofVorgang(), query: {} }));
    const kinds = page.items.map((item) => item.kind);
    expect(kinds).toEqual(expect.arrayContaining(['notiz', 'beleg', 'status']));
    expect(page.items.find((item) => item.kind === 'status' && item.text === 'Mitbewerber')).toBeDefined();
  });

  it('uploads a file to the Vorgang, lists it and downloads it; a refused type is a 400', async () => {
    const upload = multipart('Aufmass.pdf', Buffer.from('%PDF-1.4 test'));
    // An upload is multipart, which callEndpoint does not send: the declaration gives the path only.
    const uploadUrl = `/api/${pathOf(uploadVorgangFile, { id: vorgangId })}`;
    const saved = await t.callAs(SELLER, { method: 'POST', url: uploadUrl, ...upload });
    expect(saved.status).toBe(200);
    const files = await resultOf(t.callEndpoint(SELLER, getFilesForVorgang, ofVorgang()));
    expect(files.map((f) => f.name)).toEqual(['Aufmass.pdf']);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/kunde/downloadFile/${files[0]!.id}`,
      headers: { authorization: `Bearer ${await t.tokenFor(SELLER)}` },
    });
    expect(download.body).toBe('%PDF-1.4 test');
    const refused = await t.callAs(SELLER, {
      method: 'POST',
      url: uploadUrl,
      ...multipart('virus.exe', Buffer.from('MZ')),
    });
    expect(refused.status).toBe(400);
    expect(await resultOf(t.callEndpoint(SELLER, getFilesForVorgang, ofVorgang()))).toHaveLength(1);
  });
});

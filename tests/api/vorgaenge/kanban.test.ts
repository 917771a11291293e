import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { connectionStringOf } from '../../../server/platform/db/database';
import { BOARD_GAP } from '../../../src/resources/vorgaenge/kanban/boardPositions.rules';
import {
  BOARD_COUNT_LIMIT,
  type KanbanBoard,
  type KanbanCard,
  type KanbanMoveEvent,
  type KanbanPage,
} from '../../../src/resources/vorgaenge/kanban/kanbanTypes';
import { KANBAN_CHANNEL } from '../../../server/vorgaenge/kanban/kanbanEventQueries';
import { openSse } from '../../support/sseStream';
import type { BodyOf, QueryOf } from '../../../src/api/endpoint';
import { getKanban, getKanbanPage } from '../../../src/resources/vorgaenge/kanban/kanban.endpoints';
import {
  changeLabelOfVorgang,
  setCustomStatusForVorgang,
} from '../../../src/resources/vorgaenge/vorgang.endpoints';
import { saveNewVorgang } from '../../../src/resources/vorgaenge/newVorgang.endpoints';
import { createTestApp, ISSUER, resultOf, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';

const KUNDE = ['APP_KUNDE'];
// The oid the test tokens carry ("nur meine").
const CALLER_OID = '11111111-2222-3333-4444-555555555555';

describe('Kartenansicht: vorgang/kanban, kanban-page, kanban-events and the move', () => {
  let a: TestApp;
  let b: TestApp;
  let urlB: string;
  let lenaToken: string;
  let statuses: { id: number; name: string; sortOrder: number }[];

  const board = (query: QueryOf<typeof getKanban> = {}): Promise<KanbanBoard> =>
    resultOf(a.callEndpoint(KUNDE, getKanban, { query }));
  const kanbanPage = (query: QueryOf<typeof getKanbanPage>): Promise<KanbanPage> =>
    resultOf(a.callEndpoint(KUNDE, getKanbanPage, { query }));
  /** Moves a card as the test person, or as whoever holds the token. */
  const move = (body: BodyOf<typeof setCustomStatusForVorgang>, token?: string) =>
    a.callEndpoint(token ? { token } : KUNDE, setCustomStatusForVorgang, { body });
  const versionOf = async (id: number) =>
    (await sql<{ version: number }>`SELECT version FROM vorgang WHERE id = ${id}`.execute(a.db)).rows[0]!
      .version;
  /** The board column as the database holds it: (position, id) of every Vorgang on the board. */
  const columnInDb = async (customStatusId: number | null) =>
    (
      await sql<{ id: number; pos: number }>`
        SELECT id, board_position AS pos FROM vorgang
        WHERE custom_status_id IS NOT DISTINCT FROM ${customStatusId}::int AND system_status IN ('anfrage', 'angebot', 'auftrag')
        ORDER BY board_position, id`.execute(a.db)
    ).rows;
  const allPositions = async (customStatusId: number) =>
    (
      await sql<{
        pos: number;
      }>`SELECT board_position AS pos FROM vorgang WHERE custom_status_id = ${customStatusId}
        AND system_status IN ('anfrage', 'angebot', 'auftrag') ORDER BY board_position`.execute(a.db)
    ).rows.map((row) => row.pos);
  const streamHeaders = async (app: TestApp, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${await app.tokenFor(KUNDE)}`,
    ...extra,
  });

  beforeAll(async () => {
    a = await createTestApp();
    await seedDemoData(a.db, { tenant: 'strussnig', customers: 60 });
    // A second server instance over the same database: its moves and streams meet A's through PostgreSQL.
    b = await createTestApp({ databaseUrl: connectionStringOf(a.db) });
    urlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    lenaToken = await signAccessToken(a.signingKey, ISSUER, KUNDE, { oid: 'oid-lena', name: 'Lena Leitung' });
    // The caller sells a few Vorgänge ("nur meine").
    await sql`INSERT INTO app_user (azure_oid, name) VALUES (${CALLER_OID}, 'Test Person')`.execute(a.db);
    await sql`UPDATE vorgang SET seller_user_id = (SELECT id FROM app_user WHERE azure_oid = ${CALLER_OID})
      WHERE id IN (SELECT id FROM vorgang ORDER BY id DESC LIMIT 7)`.execute(a.db);
    // "Ohne Status": two new Vorgänge at the same board position (as new ones start, at 0).
    await sql`UPDATE vorgang SET custom_status_id = NULL, board_position = 0
      WHERE id IN (SELECT id FROM vorgang WHERE system_status IN ('anfrage', 'angebot', 'auftrag') ORDER BY id LIMIT 5)`.execute(
      a.db,
    );
    statuses = (
      await sql<{ id: number; name: string; sortOrder: number }>`
        SELECT id, name, sort_order AS "sortOrder" FROM custom_status WHERE active ORDER BY sort_order, id`.execute(
        a.db,
      )
    ).rows;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('shows "Ohne Status", then the active statuses in board order, with totals and sums counted by hand', async () => {
    // Admins put "Nachfassen" first and switch "Aufmaß" off: the board follows.
    const nachfassen = statuses.find((s) => s.name === 'Nachfassen')!;
    const aufmass = statuses.find((s) => s.name === 'Aufmaß geplant')!;
    await sql`UPDATE custom_status SET sort_order = -1 WHERE id = ${nachfassen.id}`.execute(a.db);
    await sql`UPDATE custom_status SET active = false WHERE id = ${aufmass.id}`.execute(a.db);
    try {
      const result = await board({ perColumn: 4 });
      const expectedOrder = [
        'Ohne Status',
        'Nachfassen',
        ...statuses.filter((s) => s.id !== nachfassen.id && s.id !== aufmass.id).map((s) => s.name),
      ];
      expect(result.columns.map((c) => c.name)).toEqual(expectedOrder);
      const { rows: hand } = await sql<{ key: number | null; n: number; sum: number }>`
        SELECT custom_status_id AS key, count(*)::int AS n,
          -- An Anfrage has no Beleg yet: it counts with the seller's estimate.
          sum(CASE WHEN system_status = 'anfrage' THEN coalesce(expected_value_cents, 0) ELSE net_total_cents END)::float8 AS sum
        FROM vorgang WHERE system_status IN ('anfrage', 'angebot', 'auftrag') GROUP BY 1`.execute(a.db);
      for (const column of result.columns) {
        const counted = hand.find((row) => row.key === column.customStatusId);
        expect(column.total, column.name).toBe(counted?.n ?? 0);
        expect(column.sumNetCents, column.name).toBe(counted?.sum ?? 0);
        const inDb = await columnInDb(column.customStatusId);
        expect(column.cards.map((card) => card.id)).toEqual(inDb.slice(0, 4).map((row) => row.id));
      }
      // Invoiced and lost Vorgänge are no cards: the board is the open pipeline.
      const lost = await sql<{
        id: number;
      }>`SELECT id FROM vorgang WHERE system_status IN ('rechnung', 'verloren')`.execute(a.db);
      const shown = new Set(result.columns.flatMap((c) => c.cards.map((card) => card.id)));
      expect(lost.rows.length).toBeGreaterThan(0);
      expect(lost.rows.some((row) => shown.has(row.id))).toBe(false);
      expect(result.lastEventId).toMatch(/^\d+$/);
    } finally {
      await sql`UPDATE custom_status SET sort_order = ${nachfassen.sortOrder} WHERE id = ${nachfassen.id}`.execute(
        a.db,
      );
      await sql`UPDATE custom_status SET active = true WHERE id = ${aufmass.id}`.execute(a.db);
    }
  });

  it('fills a card: customer, seller initials, labels due by the company day, days in status', async () => {
    const { rows } = await sql<{ id: number; statusId: number }>`
      SELECT v.id, v.custom_status_id AS "statusId" FROM vorgang v
      WHERE v.system_status IN ('anfrage', 'angebot', 'auftrag') AND v.seller_user_id IS NOT NULL AND v.custom_status_id IS NOT NULL
      ORDER BY v.id LIMIT 1`.execute(a.db);
    const { id, statusId } = rows[0]!;
    // First in its column, with one label due yesterday and one in a week.
    await sql`UPDATE vorgang SET board_position = -1 WHERE id = ${id}`.execute(a.db);
    const [overdue, later] = (
      await sql<{ id: number }>`SELECT id FROM label ORDER BY id LIMIT 2`.execute(a.db)
    ).rows.map((row) => row.id);
    await sql`DELETE FROM vorgang_label WHERE vorgang_id = ${id}`.execute(a.db);
    await sql`INSERT INTO vorgang_label (vorgang_id, label_id, due_date) VALUES
      (${id}, ${overdue}, (now() AT TIME ZONE 'Europe/Vienna')::date - 1),
      (${id}, ${later}, (now() AT TIME ZONE 'Europe/Vienna')::date + 7)`.execute(a.db);
    const card = (await board()).columns.find((c) => c.customStatusId === statusId)!.cards[0]!;
    const { rows: facts } = await sql<{ number: string; customer: string; seller: string; cents: number }>`
      SELECT v.vorgang_number AS number, c.display_name AS customer, u.name AS seller,
        v.net_total_cents::float8 AS cents
      FROM vorgang v JOIN customer c ON c.id = v.customer_id JOIN app_user u ON u.id = v.seller_user_id
      WHERE v.id = ${id}`.execute(a.db);
    const fact = facts[0]!;
    expect(card).toMatchObject({
      id,
      vorgangNumber: fact.number,
      customerName: fact.customer,
      netTotalCents: fact.cents,
      customStatusId: statusId,
      boardPosition: -1,
      version: await versionOf(id),
    });
    const words = fact.seller.split(' ');
    expect(card.seller).toEqual({
      name: fact.seller,
      initials: `${words[0]![0]}${words.at(-1)![0]}`.toUpperCase(),
    });
    expect(card.labels.map((label) => [label.id, label.due])).toEqual([
      [overdue, true],
      [later, false],
    ]);
    expect(Number.isNaN(Date.parse(card.customStatusSince!))).toBe(false);
  });

  it('filters like the list: nur meine, Verkäufer, Filiale, Label, Suche (totals and cards)', async () => {
    const one = async (query: ReturnType<typeof sql<{ id: number }>>) =>
      (await query.execute(a.db)).rows[0]!.id;
    const seller = await one(
      sql`SELECT seller_user_id AS id FROM vorgang WHERE seller_user_id IS NOT NULL LIMIT 1`,
    );
    const branch = await one(sql`SELECT branch_id AS id FROM vorgang WHERE branch_id IS NOT NULL LIMIT 1`);
    const label = await one(
      sql`SELECT label_id AS id FROM vorgang_label GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const { rows: sample } = await sql<{ number: string; customer: string }>`
      SELECT v.vorgang_number AS number, c.last_name AS customer FROM vorgang v JOIN customer c ON c.id = v.customer_id
      WHERE v.system_status IN ('anfrage', 'angebot', 'auftrag') AND c.last_name IS NOT NULL ORDER BY v.id LIMIT 1`.execute(
      a.db,
    );
    const cases: [QueryOf<typeof getKanban>, ReturnType<typeof sql>][] = [
      [{ mine: true }, sql`v.seller_user_id = (SELECT id FROM app_user WHERE azure_oid = ${CALLER_OID})`],
      [{ sellerUserId: seller }, sql`v.seller_user_id = ${seller}`],
      [{ branchId: branch }, sql`v.branch_id = ${branch}`],
      [{ labelId: label }, sql`v.id IN (SELECT vorgang_id FROM vorgang_label WHERE label_id = ${label})`],
      [{ q: sample[0]!.number }, sql`v.vorgang_number = ${sample[0]!.number}`],
      [
        { q: sample[0]!.customer.toUpperCase() },
        sql`v.customer_id IN (SELECT id FROM customer WHERE display_name ILIKE ${`%${sample[0]!.customer}%`})`,
      ],
    ];
    for (const [query, condition] of cases) {
      const result = await board({ ...query, perColumn: 100 });
      const { rows } = await sql<{ id: number; key: number | null }>`
        SELECT v.id, v.custom_status_id AS key FROM vorgang v WHERE v.system_status IN ('anfrage', 'angebot', 'auftrag') AND ${condition}
        ORDER BY v.id`.execute(a.db);
      const label = JSON.stringify(query);
      expect(rows.length, label).toBeGreaterThan(0);
      expect(
        result.columns.reduce((sum, c) => sum + c.total, 0),
        label,
      ).toBe(rows.length);
      const cards = result.columns.flatMap((c) => c.cards.map((card) => card.id)).sort((x, y) => x - y);
      expect(cards, label).toEqual(rows.map((row) => row.id));
      for (const column of result.columns) {
        expect(column.total, label).toBe(rows.filter((row) => row.key === column.customStatusId).length);
      }
    }
  });

  it('pages every column to its end without duplicates or gaps, also across equal positions', async () => {
    const result = await board({ perColumn: 2 });
    for (const column of result.columns) {
      const seen: KanbanCard[] = [...column.cards];
      let hasMore = column.total > seen.length;
      while (hasMore) {
        const last = seen.at(-1)!;
        const page = await kanbanPage({
          customStatusId: column.customStatusId ?? 0,
          afterPosition: last.boardPosition,
          afterId: last.id,
          limit: 3,
        });
        seen.push(...page.cards);
        hasMore = page.hasMore;
        expect(page.cards.length).toBeGreaterThan(0);
      }
      const inDb = await columnInDb(column.customStatusId);
      expect(
        seen.map((card) => card.id),
        column.name,
      ).toEqual(inDb.map((row) => row.id));
    }
    // "Ohne Status" holds five cards at position 0: without afterId they would be skipped.
    const ohne = result.columns[0]!;
    expect(ohne.customStatusId).toBeNull();
    expect(ohne.total).toBe(5);
    const after = await kanbanPage({
      customStatusId: 0,
      afterPosition: 0,
      afterId: ohne.cards[1]!.id,
    });
    expect(after.cards).toHaveLength(3);
    expect(after.hasMore).toBe(false);
  });

  it('keeps a column in one strict order, no card twice or lost, when two moves into it run at once', async () => {
    const target = statuses.find((s) => s.name === 'Verhandlung')!.id;
    const { rows } = await sql<{ id: number; version: number }>`
      SELECT id, version FROM vorgang WHERE custom_status_id IS DISTINCT FROM ${target}::int
        AND system_status IN ('anfrage', 'angebot', 'auftrag') ORDER BY id DESC LIMIT 4`.execute(a.db);
    const first = (await columnInDb(target))[0]!.id;
    const results = await Promise.all(
      rows.map((row, index) =>
        move({
          vorgangId: row.id,
          version: row.version,
          customStatusId: target,
          beforeVorgangId: index % 2 ? first : null,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const positions = await allPositions(target);
    expect(positions).toEqual([...new Set(positions)].sort((x, y) => x - y));
    const column = (await columnInDb(target)).map((row) => row.id);
    for (const row of rows) expect(column).toContain(row.id);
    expect(new Set(column).size).toBe(column.length);
  });

  it('makes room in a full spot by moving up only the cards up to the next free number', async () => {
    const target = statuses.find((s) => s.name === 'Verhandlung')!.id;
    const cards = await columnInDb(target);
    expect(cards.length).toBeGreaterThanOrEqual(5);
    // Numbers 1, 2, 3 without room between them, then 10, 11, … (as after many drops into one spot).
    const numbers = cards.map((_, i) => (i < 3 ? i + 1 : i + 7));
    await sql`UPDATE vorgang v SET board_position = u.pos
      FROM unnest(${cards.map((c) => c.id)}::int[], ${numbers}::int[]) AS u(id, pos) WHERE v.id = u.id`.execute(
      a.db,
    );
    const { rows } = await sql<{ id: number; version: number }>`
      SELECT id, version FROM vorgang WHERE custom_status_id IS DISTINCT FROM ${target}::int
        AND system_status IN ('anfrage', 'angebot', 'auftrag') ORDER BY id LIMIT 1`.execute(a.db);
    const moved = await move({
      vorgangId: rows[0]!.id,
      version: rows[0]!.version,
      customStatusId: target,
      beforeVorgangId: cards[1]!.id,
    });
    expect(moved.status).toBe(200);
    expect(moved.result.boardPosition).toBe(2);
    const after = await columnInDb(target);
    expect(after.map((c) => c.id)).toEqual([cards[0]!.id, rows[0]!.id, ...cards.slice(1).map((c) => c.id)]);
    // 2 and 3 moved up to 3 and 4; 10 onwards had room and kept their numbers.
    expect(after.map((c) => c.pos)).toEqual([1, 2, 3, 4, ...numbers.slice(3)]);
  });

  it('moves up a long full run of cards chunk by chunk, none left on a taken number', async () => {
    const target = statuses.find((s) => s.name === 'Verhandlung')!.id;
    // 250 cards numbered 100001…100250 at the column's end, no room anywhere between them.
    const { rows: run } = await sql<{ id: number }>`
      INSERT INTO vorgang (vorgang_number, customer_id, title, system_status, custom_status_id, board_position)
      SELECT 'LAUF-' || g, (SELECT min(id) FROM customer), 'Lauf ' || g, 'anfrage', ${target}, 100000 + g
      FROM generate_series(1, 250) g ORDER BY g RETURNING id`.execute(a.db);
    try {
      const { rows } = await sql<{ id: number; version: number }>`
        SELECT id, version FROM vorgang WHERE custom_status_id IS DISTINCT FROM ${target}::int
          AND system_status IN ('anfrage', 'angebot', 'auftrag') ORDER BY id LIMIT 1`.execute(a.db);
      const moved = await move({
        vorgangId: rows[0]!.id,
        version: rows[0]!.version,
        customStatusId: target,
        beforeVorgangId: run[1]!.id,
      });
      expect(moved.status).toBe(200);
      const tail = (await columnInDb(target)).slice(-250);
      expect(tail.map((c) => c.id)).toEqual([rows[0]!.id, ...run.slice(1).map((c) => c.id)]);
      expect(tail.map((c) => c.pos)).toEqual(tail.map((_, i) => 100002 + i));
    } finally {
      await sql`DELETE FROM vorgang WHERE vorgang_number LIKE 'LAUF-%'`.execute(a.db);
    }
  });

  it('answers a stale move with 409 naming who moved it, and a stale change after an edit with "geändert"', async () => {
    const [from, to] = [statuses[0]!.id, statuses[1]!.id];
    const { rows } = await sql<{ id: number; version: number }>`
      SELECT id, version FROM vorgang WHERE custom_status_id = ${from} AND system_status IN ('anfrage', 'angebot', 'auftrag')
      ORDER BY id LIMIT 1`.execute(a.db);
    const { id, version } = rows[0]!;
    expect((await move({ vorgangId: id, version, customStatusId: to }, lenaToken)).status).toBe(200);
    const stale = await move({ vorgangId: id, version, customStatusId: from });
    expect(stale.status).toBe(409);
    expect(stale.message).toBe('Der Vorgang wurde inzwischen von Lena Leitung verschoben.');
    // Nothing half-saved: the card stays where Lena put it.
    const { rows: now } = await sql<{ status: number }>`SELECT custom_status_id AS status FROM vorgang
      WHERE id = ${id}`.execute(a.db);
    expect(now[0]!.status).toBe(to);
    // A newer version from another change (a label) says "geändert".
    const label = (await sql<{ id: number }>`SELECT id FROM label ORDER BY id LIMIT 1`.execute(a.db)).rows[0]!
      .id;
    await resultOf(
      a.callEndpoint({ token: lenaToken }, changeLabelOfVorgang, {
        body: { vorgangId: id, version: await versionOf(id), action: 'add', labelId: label },
      }),
    );
    const staleAgain = await move({ vorgangId: id, version: version + 1, customStatusId: from });
    expect(staleAgain.status).toBe(409);
    expect(staleAgain.message).toMatch(/^Der Vorgang wurde inzwischen von Lena Leitung geändert\./);
  });

  it('pushes a move on instance A to a stream on instance B at once, uncompressed, with id and data', async () => {
    const stream = await openSse(
      `${urlB}/api/vorgang/kanban-events`,
      await streamHeaders(b, { 'accept-encoding': 'br, gzip' }),
    );
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('content-encoding')).toBeNull();
      const to = statuses[2]!.id;
      const { rows } = await sql<{ id: number; version: number; from: number | null }>`
        SELECT id, version, custom_status_id AS "from" FROM vorgang
        WHERE custom_status_id IS DISTINCT FROM ${to}::int AND system_status IN ('anfrage', 'angebot', 'auftrag')
        ORDER BY id LIMIT 1`.execute(a.db);
      const card = rows[0]!;
      const started = performance.now();
      const moved = await move({ vorgangId: card.id, version: card.version, customStatusId: to }, lenaToken);
      expect(moved.status).toBe(200);
      const message = await stream.until(
        (m) => m.event === 'moved' && JSON.parse(m.data).vorgangId === card.id,
      );
      expect(performance.now() - started).toBeLessThan(1000);
      const event = JSON.parse(message.data) as KanbanMoveEvent;
      const inDb = await columnInDb(to);
      const place = inDb.findIndex((row) => row.id === card.id);
      expect(event).toMatchObject({
        type: 'moved',
        vorgangId: card.id,
        version: card.version + 1,
        fromStatusId: card.from,
        customStatusId: to,
        boardPosition: inDb[place]!.pos,
        beforeVorgangId: inDb[place + 1]?.id ?? null,
        movedBy: 'Lena Leitung',
      });
      expect(message.id).toBe(event.eventId);
      expect((await board()).lastEventId).toBe(event.eventId);
    } finally {
      stream.close();
    }
  });

  it('reconnects its LISTEN connection when the database drops it, and delivers the moves made meanwhile', async () => {
    const stream = await openSse(`${urlB}/api/vorgang/kanban-events`, await streamHeaders(b));
    try {
      const { rows: listeners } = await sql<{ ended: boolean }>`
        SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE datname = current_database() AND query = ${`LISTEN "${KANBAN_CHANNEL}"`}`.execute(a.db);
      // One dedicated connection per instance (A and B) for the board, not taken from the pool (the
      // notifications listen on their own channel and are left alone).
      expect(listeners).toEqual([{ ended: true }, { ended: true }]);
      const { rows } = await sql<{ id: number; version: number }>`
        SELECT id, version FROM vorgang WHERE custom_status_id IS NOT NULL AND system_status IN ('anfrage', 'angebot', 'auftrag')
        ORDER BY id DESC LIMIT 1`.execute(a.db);
      const card = rows[0]!;
      expect((await move({ vorgangId: card.id, version: card.version, customStatusId: null })).status).toBe(
        200,
      );
      const message = await stream.until(
        (m) => m.event === 'moved' && JSON.parse(m.data).vorgangId === card.id,
      );
      expect(JSON.parse(message.data)).toMatchObject({ customStatusId: null, version: card.version + 1 });
    } finally {
      stream.close();
    }
  });

  it('replays the moves after Last-Event-ID (header or query), and says reload when they were pruned', async () => {
    const before = (await board()).lastEventId;
    const ids: string[] = [];
    for (const status of [statuses[3]!.id, statuses[4]!.id]) {
      const { rows } = await sql<{ id: number; version: number }>`
        SELECT id, version FROM vorgang WHERE custom_status_id IS DISTINCT FROM ${status}::int
          AND system_status IN ('anfrage', 'angebot', 'auftrag') ORDER BY id DESC LIMIT 1`.execute(a.db);
      expect(
        (await move({ vorgangId: rows[0]!.id, version: rows[0]!.version, customStatusId: status })).status,
      ).toBe(200);
      ids.push((await board()).lastEventId);
    }
    const byHeader = await openSse(
      `${urlB}/api/vorgang/kanban-events`,
      await streamHeaders(b, { 'last-event-id': before }),
    );
    const byQuery = await openSse(
      `${urlB}/api/vorgang/kanban-events?lastEventId=${ids[0]}`,
      await streamHeaders(b),
    );
    try {
      expect([(await byHeader.next()).id, (await byHeader.next()).id]).toEqual(ids);
      expect((await byQuery.next()).id).toBe(ids[1]);
    } finally {
      byHeader.close();
      byQuery.close();
    }
    // Events up to `ids[0]` pruned: a stream resuming before that must read the board again.
    await sql`UPDATE kanban_event_horizon SET pruned_through = ${Number(ids[0])}`.execute(a.db);
    const late = await openSse(
      `${urlB}/api/vorgang/kanban-events`,
      await streamHeaders(b, { 'last-event-id': before }),
    );
    try {
      expect((await late.next()).event).toBe('reload');
    } finally {
      late.close();
    }
    const bad = await openSse(
      `${urlB}/api/vorgang/kanban-events`,
      await streamHeaders(b, { 'last-event-id': 'x1' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.refusal).toMatch(/Last-Event-ID/);
  });

  it('prunes events older than a day as moves go on, and moves the horizon past them', async () => {
    await sql`UPDATE kanban_event SET created_at = now() - interval '2 days'`.execute(a.db);
    const oldNewest = Number((await board()).lastEventId);
    // The next move gets an id that is a multiple of 100: that move prunes.
    await sql`SELECT setval('kanban_event_id_seq', ${Math.ceil((oldNewest + 1) / 100) * 100 - 1})`.execute(
      a.db,
    );
    const { rows } = await sql<{ id: number; version: number }>`
      SELECT id, version FROM vorgang WHERE system_status IN ('anfrage', 'angebot', 'auftrag') ORDER BY id LIMIT 1`.execute(
      a.db,
    );
    expect(
      (await move({ vorgangId: rows[0]!.id, version: rows[0]!.version, customStatusId: null })).status,
    ).toBe(200);
    const left = await sql<{ n: number; horizon: number }>`
      SELECT (SELECT count(*)::int FROM kanban_event) AS n,
        (SELECT pruned_through FROM kanban_event_horizon) AS horizon`.execute(a.db);
    expect(left.rows[0]).toEqual({ n: 1, horizon: oldNewest });
  });

  it('describes the stream in the OpenAPI document as text/event-stream', async () => {
    const response = await a.app.inject({ method: 'GET', url: '/api/docs/json' });
    const path = response.json().paths['/api/vorgang/kanban-events'].get;
    expect(path.summary).toMatch(/neuer Aufruf, nicht aus der bisherigen Anwendung/);
    expect(Object.keys(path.responses['200'].content)).toEqual(['text/event-stream']);
  });

  it('limits the open streams per person', async () => {
    const headers = await streamHeaders(b);
    const open = [];
    for (let i = 0; i < 6; i++) open.push(await openSse(`${urlB}/api/vorgang/kanban-events`, headers));
    try {
      expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const seventh = await openSse(`${urlB}/api/vorgang/kanban-events`, headers);
      expect(seventh.status).toBe(429);
      expect(seventh.refusal).toMatch(/Live-Verbindungen/);
    } finally {
      open.forEach((s) => s.close());
    }
  });
  it('puts new Vorgänge on top of "Ohne Status", each at its own position, also when created at once', async () => {
    const { rows } = await sql<{ customer: number; seller: number; branch: number }>`
      SELECT (SELECT min(id) FROM customer) AS customer, (SELECT min(id) FROM app_user WHERE active) AS seller,
        (SELECT min(id) FROM branch) AS branch`.execute(a.db);
    const { customer, seller, branch } = rows[0]!;
    const before = await columnInDb(null);
    const created = await Promise.all(
      ['Neu eins', 'Neu zwei', 'Neu drei'].map((title) =>
        a.callEndpoint(KUNDE, saveNewVorgang, {
          body: { customerId: customer, title, origin: null, sellerUserId: seller, branchId: branch },
        }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual([200, 200, 200]);
    const ids = created.map((r) => r.result.id);
    const after = await columnInDb(null);
    const fresh = after.filter((row) => ids.includes(row.id));
    // Above the column's first card, a gap apart, no two alike: the three come first, the rest as before.
    const top = before[0]!.pos;
    expect(fresh.map((row) => row.pos)).toEqual([top - 3 * BOARD_GAP, top - 2 * BOARD_GAP, top - BOARD_GAP]);
    expect(after.slice(3)).toEqual(before);
    // The board shows them first; paging on from a position below 1 continues without a gap.
    const ohne = (await board({ perColumn: 2 })).columns[0]!;
    expect(ohne.cards.map((card) => card.id)).toEqual(fresh.slice(0, 2).map((row) => row.id));
    const page = await kanbanPage({
      customStatusId: 0,
      afterPosition: ohne.cards[1]!.boardPosition,
      afterId: ohne.cards[1]!.id,
      limit: 100,
    });
    expect(page.cards.map((card) => card.id)).toEqual(after.slice(2).map((row) => row.id));
    // A move to the column's end takes a gap after the last card; every other card keeps its place.
    const newest = fresh[0]!.id;
    const moved = await move({ vorgangId: newest, version: await versionOf(newest), customStatusId: null });
    expect(moved.status).toBe(200);
    const now = await columnInDb(null);
    expect(now).toEqual([...after.slice(1), { id: newest, pos: after.at(-1)!.pos + BOARD_GAP }]);
  });

  it('counts a search exactly up to 1.000 cards per column and says "capped" beyond; paging goes on to the end', async () => {
    const column = statuses[0]!.id;
    // Anfragen without a Beleg: each worth its estimate of 1 €.
    await sql`INSERT INTO vorgang (vorgang_number, title, customer_id, system_status, custom_status_id, expected_value_cents)
      SELECT 'KAP-' || n, 'Kappungsprobe ' || n, (SELECT min(id) FROM customer), 'anfrage', ${column}, 100
      FROM generate_series(1, 1050) n`.execute(a.db);
    try {
      const broad = await board({ q: 'kappungsprobe' });
      const target = broad.columns.find((c) => c.customStatusId === column)!;
      expect(target).toMatchObject({ total: BOARD_COUNT_LIMIT + 1, capped: true });
      expect(target.cards).toHaveLength(30);
      for (const other of broad.columns.filter((c) => c !== target)) {
        expect(other).toMatchObject({ total: 0, capped: false, sumNetCents: 0 });
      }
      // Below the limit the count and the sum are exact. Every word matches somewhere, in any order (as Kunden):
      // "1" finds every probe whose number has a 1 in it.
      const withOne = Array.from({ length: 1050 }, (_, i) => String(i + 1)).filter((n) => n.includes('1'));
      const narrow = (await board({ q: 'kappungsprobe 1' })).columns.find(
        (c) => c.customStatusId === column,
      )!;
      expect(narrow).toMatchObject({
        total: withOne.length,
        sumNetCents: withOne.length * 100,
        capped: false,
      });
      // Without a search the column is counted exactly, however long.
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM vorgang
        WHERE custom_status_id = ${column} AND system_status IN ('anfrage', 'angebot', 'auftrag')`.execute(
        a.db,
      );
      const all = (await board()).columns.find((c) => c.customStatusId === column)!;
      expect(all).toMatchObject({ total: rows[0]!.n, capped: false });
      // The capped column still pages to its last match.
      const seen = target.cards.map((card) => card.id);
      let last = target.cards.at(-1)!;
      for (let more = true; more;) {
        const page = await kanbanPage({
          customStatusId: column,
          q: 'kappungsprobe',
          afterPosition: last.boardPosition,
          afterId: last.id,
          limit: 100,
        });
        seen.push(...page.cards.map((card) => card.id));
        last = page.cards.at(-1) ?? last;
        more = page.hasMore;
      }
      expect(new Set(seen).size).toBe(1050);
    } finally {
      await sql`DELETE FROM vorgang WHERE vorgang_number LIKE 'KAP-%'`.execute(a.db);
    }
  });
});

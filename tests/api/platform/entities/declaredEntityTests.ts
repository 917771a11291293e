import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityDeclaration } from '../../../../src/resources/entity';
import { createRecord } from '../../../../server/platform/entities/entityRepository';
import { loadEntities } from '../../../../server/platform/entities/loadEntities';
import type { EntitySample } from '../../../support/entitySamples';
import { entityCalls, type EntityCalls, type EntityListQuery } from '../../../support/entityCalls';
import { createTestApp, type TestApp } from '../../../support/testApp';

const ADMIN = ['APP_ADMIN', 'APP_KUNDE'];
const SELLER = ['APP_KUNDE'];
const NO_GROUPS: string[] = [];

// Each area keeps the samples of its entities beside its own API tests: tests/api/<area>/entitySamples.ts.
const sampleModules = import.meta.glob<{ default: Readonly<Record<string, EntitySample>> }>(
  '../../*/entitySamples.ts',
  { eager: true },
);
const SAMPLES: Record<string, EntitySample> = Object.assign(
  {},
  ...Object.values(sampleModules).map((module) => module.default),
);
// Which area folder declares each entity (src/resources/<area>/<name>.entity.ts).
const entityModules = import.meta.glob<{ default: EntityDeclaration }>(
  '../../../../src/resources/*/*.entity.ts',
  {
    eager: true,
  },
);
const folderOf = (path: string) => path.split('/').at(-2)!;
const areaOfEntity = new Map(
  Object.entries(entityModules).map(([path, module]) => [module.default.name, folderOf(path)]),
);

const entities = await loadEntities();

// Entities without a text column (sales targets) have tests of their own, and so has the Postausgang,
// whose rows only sending a mail writes (customerMail.test.ts).
const OWN_TESTS = new Set(['admin/postausgang']);
const withText = entities.filter((e) => e.fields.some((f) => f.filterable) && !OWN_TESTS.has(e.name));

/** That every entity with a text column has its samples, kept by the entity's own area. */
export function describeEntitySamples(): void {
  describe('entity samples', () => {
    it("are kept by the entity's own area: tests/api/<area>/ beside src/resources/<area>/", () => {
      for (const [path, module] of Object.entries(sampleModules)) {
        for (const name of Object.keys(module.default))
          expect(areaOfEntity.get(name), name).toBe(folderOf(path));
      }
      for (const entity of withText) expect(SAMPLES[entity.name], entity.name).toBeDefined();
    });
  });
}

/**
 * The tests every declared entity with a text column gets, for the entities of the areas `inArea` selects
 * (src/resources/<area>/): two files share them, so that two test workers can run them side by side.
 */
export function describeDeclaredEntities(inArea: (area: string) => boolean): void {
  const selected = withText.filter((entity) => inArea(areaOfEntity.get(entity.name)!));

  describe.each(selected.map((e) => [e.name, e] as const))('%s', (_name, entity) => {
    let t: TestApp;
    let calls: EntityCalls<EntityDeclaration>;
    const sample = SAMPLES[entity.name]!;
    const writer = [...new Set([...entity.access.write, ...ADMIN])];
    const textField = sample.textField ?? entity.fields.find((f) => f.filterable)!.source;
    const uniqueByText = Object.values(entity.unique ?? {}).some((u) => u.field === textField);
    const oneUrl = `/api/${entity.endpoints.one ?? entity.endpoints.list}`;
    const writable = Boolean(entity.endpoints.write);
    const count = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(entity.table)}`.execute(t.db))
        .rows[0]!.n;
    const list = (query: EntityListQuery) => calls.list(writer, query);
    const create = async (values: Record<string, unknown>) => {
      const payload = { ...sample.valid, ...sample.fresh?.(), ...values };
      if (writable) return calls.create(writer, payload);
      // Read-only rows come from another system (the ERP sync); the tests put them in directly.
      const record = await createRecord(t.db, entity, payload, {
        oid: 'test',
        tid: 'test',
        name: 'Test Person',
        username: 'test',
        groups: [],
      });
      return { status: 200, statusCode: 200, result: record };
    };

    beforeAll(async () => {
      t = await createTestApp();
      calls = entityCalls(t, entity);
      await sql`TRUNCATE ${sql.table(entity.table)} RESTART IDENTITY CASCADE`.execute(t.db);
      Object.assign(sample.valid, await sample.prepare?.(t.db));
      for (let i = 1; i <= 30; i++) {
        const response = await create({ [textField]: `Eintrag ${String(i).padStart(2, '0')}`, sortOrder: i });
        expect(response.status).toBe(200);
      }
      expect((await create({ [textField]: 'Müller-Fenster' })).status).toBe(200);
    });
    afterAll(() => t.close());

    it('creates a record with version 1 and reads it back', async () => {
      const created = await create({ [textField]: 'Neu angelegt' });
      expect(created.status).toBe(200);
      expect(created.statusCode).toBe(200);
      expect(created.result).toMatchObject({
        [textField]: 'Neu angelegt',
        version: 1,
        updatedBy: 'Test Person',
      });
      const read = await calls.one(writer, created.result.id);
      expect(read.result[textField]).toBe('Neu angelegt');
      // Leave the 30 entries and Müller alone for the tests below.
      if (entity.endpoints.remove) {
        await calls.remove(writer, created.result.id);
      } else {
        await sql`DELETE FROM ${sql.table(entity.table)} WHERE id = ${created.result.id}`.execute(t.db);
      }
    });

    it('pages and sorts in the database', async () => {
      const page = await list({
        page: 2,
        perPage: 10,
        sort: textField,
        order: 'ASC',
        filter: { [textField]: { mode: 'startsWith', value: 'Eintrag' } },
      });
      expect(page.status).toBe(200);
      expect(page.result.total).toBe(30);
      expect(page.result.data.map((r) => r[textField])).toEqual(
        Array.from({ length: 10 }, (_, i) => `Eintrag ${String(i + 11)}`),
      );
      const descending = await list({
        page: 1,
        perPage: 1,
        sort: textField,
        order: 'DESC',
        filter: { [textField]: { mode: 'startsWith', value: 'eintrag' } },
      });
      expect(descending.result.data[0]![textField]).toBe('Eintrag 30');
    });

    it.each([
      ['startsWith', 'Eintrag 0', 9],
      ['contains', 'ntrag 1', 10],
      ['equals', 'eintrag 05', 1],
      ['notEquals', 'EINTRAG 05', 30],
      ['startsWith', 'mü', 1],
      ['contains', 'ÜLLER', 1],
      ['contains', '%', 0],
    ])('filters with match mode %s "%s"', async (mode, value, expected) => {
      const response = await list({ perPage: 100, filter: { [textField]: { mode, value } } });
      expect(response.status).toBe(200);
      expect(response.result.total).toBe(expected);
    });

    it('finds by quick search regardless of case and umlauts', async () => {
      const response = await list({ filter: { q: 'MÜLLER' } });
      expect(response.result.total).toBe(1);
    });

    it('refuses unknown filters and sort fields with a German 400', async () => {
      const badFilter = await list({ filter: { gibtEsNicht: 1 } });
      expect(badFilter.status).toBe(400);
      expect(badFilter.message).toContain('gefiltert');
      const badSort = await list({ sort: 'gibtEsNicht' });
      expect(badSort.status).toBe(400);
      expect(badSort.message).toContain('sortiert');
    });

    it.runIf(!writable)('has no write routes when another system owns the rows', async () => {
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        const response = await t.callAs(writer, { method, url: `${oneUrl}/1`, payload: sample.valid });
        expect(response.status).toBe(404);
      }
    });

    it.runIf(writable)('updates with the current version and refuses a stale one with 409', async () => {
      const created = await create({ [textField]: 'Zum Ändern' });
      const id = created.result.id;
      // The record's own unique keys stay as they are.
      const kept = Object.fromEntries(
        Object.keys(sample.fresh?.() ?? {}).map((key) => [key, created.result[key]]),
      );
      const first = await calls.update(writer, id, {
        ...sample.valid,
        ...kept,
        [textField]: 'Geändert',
        version: 1,
      });
      expect(first.status).toBe(200);
      expect(first.result.version).toBe(2);
      const stale = await calls.update(writer, id, {
        ...sample.valid,
        ...kept,
        [textField]: 'Überschrieben',
        version: 1,
      });
      expect(stale.status).toBe(409);
      // Names the record and who made its current version, not "jemand anderem".
      expect(stale.message).toMatch(/wurde inzwischen von Test Person geändert\./);
      expect(stale.message?.startsWith(entity.label.one)).toBe(true);
      const after = await calls.one(writer, id);
      expect(after.result[textField]).toBe('Geändert');
      // Without a version: the update is refused, not applied.
      const missing = await calls.update(writer, id, { ...sample.valid });
      expect(missing.status).toBe(400);
    });

    it.runIf(writable)(
      'refuses invalid input with a German message per field and saves nothing',
      async () => {
        const before = await count();
        const response = await calls.create(writer, sample.invalid);
        expect(response.status).toBe(400);
        expect(response.message).toBe('Bitte prüfen Sie die markierten Felder.');
        const errors = response.errors ?? {};
        expect(Object.keys(errors).sort()).toEqual([...sample.badFields].sort());
        for (const field of sample.badFields) {
          const label = entity.fields.find((f) => f.source === field)!.label;
          expect(errors[field]).toContain(label);
        }
        expect(await count()).toBe(before);
      },
    );

    it.runIf(uniqueByText && writable)('refuses a duplicate name at its field', async () => {
      const response = await create({ [textField]: 'Eintrag 01' });
      expect(response.status).toBe(400);
      expect(Object.keys(response.errors ?? {})).toContain(textField);
    });

    it('lets only the declared groups in (403 otherwise)', async () => {
      const before = await count();
      for (const groups of [NO_GROUPS, ['APP_STANDORT_S_WIEN']]) {
        expect((await calls.list(groups)).status).toBe(403);
        expect((await calls.one(groups, 1)).status).toBe(403);
      }
      const outsiders = entity.access.write.includes('APP_KUNDE') ? [NO_GROUPS] : [NO_GROUPS, SELLER];
      for (const groups of writable ? outsiders : []) {
        expect((await calls.create(groups, sample.valid)).status).toBe(403);
        expect((await calls.update(groups, 1, { ...sample.valid, version: 1 })).status).toBe(403);
        if (entity.endpoints.remove) expect((await calls.remove(groups, 1)).status).toBe(403);
      }
      // Sellers may read the master data they pick from, and nothing else.
      expect((await calls.list(SELLER)).status).toBe(entity.access.read.includes('APP_KUNDE') ? 200 : 403);
      expect(await count()).toBe(before);
    });

    it('answers 401 without a token or with a tampered one', async () => {
      expect((await calls.list(null)).status).toBe(401);
      const token = await t.tokenFor(ADMIN);
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forged = Buffer.from(
        JSON.stringify({ ...claims, groups: [...ADMIN, 'APP_ADMIN_VERKAUF'] }),
      ).toString('base64url');
      const tampered = await calls.list({ token: `${header}.${forged}.${signature}` });
      expect(tampered.status).toBe(401);
      expect(tampered.message).toMatch(/Anmeldung/);
    });
  });
}

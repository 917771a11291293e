import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import articleAliasEntity from '../../../src/resources/articleMapping/articleAlias.entity';
import { testRegexArticleAlias } from '../../../src/resources/articleMapping/articleAliases.endpoints';
import { entityCalls } from '../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

describe('article alias tester (adminExtended/testRegexArticleAlias)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await sql`INSERT INTO article (article_number, name) VALUES
      ('KF-I4000-1F', 'Kunststofffenster 1-flügelig'), ('KF-I4000-2F', 'Kunststofffenster 2-flügelig'),
      ('HT-THERMO65', 'Haustür THERMO 65'), ('XX-KF-I4000', 'Zubehör')`.execute(t.db);
  });
  afterAll(() => t.close());

  const test = (pattern: string, groups: string[] | null = ['APP_ADMIN']) =>
    t.callEndpoint(groups, testRegexArticleAlias, { body: { pattern } });

  it('lists the article numbers a pattern matches, as the database matches them', async () => {
    const result = await resultOf(test('^KF-I4000-'));
    expect(result).toMatchObject({ valid: true, total: 2 });
    expect(result.matches.map((m) => m.articleNumber)).toEqual(['KF-I4000-1F', 'KF-I4000-2F']);
    expect((await resultOf(test('I4000'))).total).toBe(3);
    expect(await resultOf(test('^ZZ'))).toMatchObject({ valid: true, total: 0, matches: [] });
  });

  it('answers an invalid pattern with a German message, never a server error', async () => {
    for (const [pattern, message] of [
      ['KF-(4000', 'Eine runde Klammer ist nicht geschlossen.'],
      ['*KF', 'Vor *, + oder ? steht nichts, das wiederholt werden könnte.'],
      ['KF[0-9', 'Eine eckige Klammer [ ist nicht geschlossen.'],
      ['(?<serie>KF)', 'Benannte Gruppen (?<name>…) werden nicht unterstützt.'],
      ['  ', 'Bitte geben Sie ein Muster ein.'],
    ]) {
      expect(await resultOf(test(pattern!))).toEqual({ valid: false, message, total: 0, matches: [] });
    }
  });

  it('is for APP_ADMIN only', async () => {
    for (const groups of [['APP_KUNDE'], ['APP_ADMIN_VERKAUF'], []]) {
      expect((await test('^KF', groups)).status).toBe(403);
    }
    expect((await test('^KF', null)).status).toBe(401);
  });

  it('refuses to save an alias with an invalid pattern, at the field', async () => {
    const response = await entityCalls(t, articleAliasEntity).create(['APP_ADMIN'], {
      name: 'Kaputt',
      pattern: 'KF-(4000',
    });
    expect(response.status).toBe(400);
    expect(response.errors).toEqual({
      pattern: 'Muster: Eine runde Klammer ist nicht geschlossen.',
    });
    const saved = await sql<{ n: number }>`SELECT count(*)::int AS n FROM article_alias`.execute(t.db);
    expect(saved.rows[0]!.n).toBe(0);
  });
});

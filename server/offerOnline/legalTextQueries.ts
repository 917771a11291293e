import { sql } from 'kysely';
import type { LegalText, LegalTextKind } from '../../src/resources/offerOnline/offerOnline.endpoints';
import type { Executor } from '../platform/entities/entityRepository';

/** The newest version of each legal text (the shipped Muster until an admin saves one). */
export async function currentLegalTexts(db: Executor): Promise<LegalText[]> {
  const rows = await db
    .selectFrom('legal_text_version')
    .distinctOn('kind')
    .select(['id', 'kind', 'body', 'created_at as createdAt', 'created_by as createdBy'])
    .$narrowType<{ kind: LegalTextKind }>()
    .orderBy('kind')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The current version of each kind by kind. */
export async function currentByKind(db: Executor): Promise<Partial<Record<LegalTextKind, LegalText>>> {
  return Object.fromEntries((await currentLegalTexts(db)).map((text) => [text.kind, text]));
}

/** Holds the saves of one kind one after another until the transaction ends. */
export async function lockLegalText(trx: Executor, kind: LegalTextKind): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`legal_text:${kind}`}))`.execute(trx);
}

import { companyToday } from '../../src/config/companyTime';
import { npsAnswerProblems, type NpsAnswerInput } from '../../src/resources/nps/nps.rules';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import { badRequest, notFound, RELOAD_HER, staleEdit } from '../platform/http/apiError';
import { ensureFollowUp, insertNpsAnswer, updateNpsAnswer } from './npsQueries';
import activityEntity from '../../src/resources/activities/activity.entity';
import { recordChange, type ChangeActor, type Snapshot } from '../platform/changes/recordChange';
import { rowSnapshot } from '../platform/changes/rowSnapshot';
import { getRecord } from '../platform/entities/entityRepository';

/** Area key of an NPS answer in the Änderungsverlauf. */
export const NPS_AREA = 'nps';
export const npsRow = (trx: Database, id: number) => rowSnapshot(trx, 'nps_answer', { id });

/**
 * Records an NPS answer's creation or change (`before` null: new), and the follow-up call a detractor got with
 * it as a created activity of its own.
 */
export async function recordAnswerChange(
  trx: Database,
  actor: Caller | ChangeActor,
  id: number,
  before: Snapshot | null,
) {
  const after = await npsRow(trx, id);
  await recordChange(trx, { actor, area: NPS_AREA, recordId: id, before, after });
  const followUp = after?.followUpActivityId;
  if (typeof followUp === 'number' && followUp !== before?.followUpActivityId) {
    await recordChange(trx, {
      actor,
      area: activityEntity.name,
      recordId: followUp,
      before: null,
      after: await getRecord(trx, activityEntity, followUp),
      fields: activityEntity.fields.map((f) => f.source),
    });
  }
}

/** What nps/save/ receives: the answer's fields, and id + version when it changes an existing one. */
export type SaveInput = NpsAnswerInput & { id?: number; version?: number };

/**
 * Records or changes an answer in one transaction: checks every field (German, per field), takes branch and
 * seller from the Vorgang (else the customer), refuses a stale version (409), and gives a detractor a todo.
 * Returns the answer's id.
 */
export async function saveNpsAnswer(db: Database, zone: string, caller: Caller, input: SaveInput) {
  const problems = npsAnswerProblems(input, companyToday(zone));
  if (input.id !== undefined && !Number.isInteger(input.version)) {
    problems.version = 'Zum Ändern wird die gelesene Version gebraucht.';
  }
  if (Object.keys(problems).length) throw badRequest('Bitte prüfen Sie die markierten Felder.', problems);
  const customerId = input.customerId as number;
  const vorgangId = (input.vorgangId as number | null | undefined) ?? null;
  const score = input.score as number;
  const comment = typeof input.comment === 'string' && input.comment.trim() ? input.comment.trim() : null;
  const channel = input.channel as string;
  const day = input.answeredOn as string;

  return inTransaction(db, async (trx) => {
    const customer = await trx
      .selectFrom('customer')
      .select(['owner_user_id', 'branch_id'])
      .where('id', '=', customerId)
      .executeTakeFirst();
    if (!customer) {
      throw badRequest('Bitte prüfen Sie die markierten Felder.', {
        customerId: 'Diesen Kunden gibt es nicht (mehr).',
      });
    }
    const vorgang = vorgangId
      ? await trx
          .selectFrom('vorgang')
          .select(['seller_user_id', 'branch_id'])
          .where('id', '=', vorgangId)
          .where('customer_id', '=', customerId)
          .executeTakeFirst()
      : null;
    if (vorgangId && !vorgang) {
      throw badRequest('Bitte prüfen Sie die markierten Felder.', {
        vorgangId: 'Dieser Vorgang gehört nicht zu dem gewählten Kunden.',
      });
    }
    const sellerId = vorgang?.seller_user_id ?? customer.owner_user_id ?? null;
    const branchId = vorgang?.branch_id ?? customer.branch_id ?? null;
    const values = { customerId, vorgangId, score, comment, channel, branchId, sellerId, by: caller.name };
    const before = input.id === undefined ? null : await npsRow(trx, input.id);
    let id: number;
    if (input.id === undefined) {
      id = await insertNpsAnswer(trx, zone, day, values);
    } else {
      const updated = await updateNpsAnswer(trx, zone, day, input.id, input.version!, values);
      if (updated === undefined) {
        const exists = await trx
          .selectFrom('nps_answer')
          .select('updated_by')
          .where('id', '=', input.id)
          .executeTakeFirst();
        if (!exists) throw notFound('Diese NPS-Antwort gibt es nicht (mehr).');
        throw staleEdit(exists.updated_by, { subject: 'Die NPS-Antwort', retry: RELOAD_HER });
      }
      id = updated;
    }
    await ensureFollowUp(trx, id, zone, caller.name);
    await recordAnswerChange(trx, caller, id, before);
    return id;
  });
}

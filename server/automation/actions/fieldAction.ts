import type { Static } from 'typebox';
import type { FieldAction } from '../../../src/resources/automation/automationTypes';
import { moveOnBoard } from '../../vorgaenge/boardMove';
import { setVorgangSeller } from '../../vorgaenge/vorgangSeller';
import { skippedStep, type StepContext, type StepPlan } from './stepPlan';

/** The Vorgang's version as it is in the run's transaction (the single edit checks it). */
async function versionNow(trx: StepContext['db'], vorgangId: number): Promise<number> {
  const row = await trx
    .selectFrom('vorgang')
    .select('version')
    .where('id', '=', vorgangId)
    .executeTakeFirstOrThrow();
  return row.version;
}

/**
 * Sets the Vorgang's Eigener Status (as the page does: board place, history, live board) or its Verkäufer,
 * through the single edit's own functions; the same value again is skipped.
 */
export async function planField(context: StepContext, action: Static<typeof FieldAction>): Promise<StepPlan> {
  const { db, subject, caller } = context;
  if (action.field === 'eigenerStatus') {
    const status =
      action.valueId === null
        ? undefined
        : await db
            .selectFrom('custom_status')
            .select('name')
            .where('id', '=', action.valueId)
            .executeTakeFirst();
    const name = action.valueId === null ? 'Ohne Status' : (status?.name ?? `Nr. ${action.valueId}`);
    const preview = `Eigenen Status „${name}“ setzen`;
    const summary = `Eigener Status „${name}“ gesetzt`;
    if (subject.vorgangId === null)
      return skippedStep(preview, summary, 'Ohne Vorgang gibt es keinen Eigenen Status.');
    if (subject.customStatusId === action.valueId) {
      return skippedStep(preview, summary, `Der Vorgang steht schon auf „${name}“.`);
    }
    const vorgangId = subject.vorgangId;
    return {
      preview,
      summary,
      detail: null,
      apply: async (trx) => {
        await moveOnBoard(
          trx,
          {
            vorgangId,
            customStatusId: action.valueId,
            version: await versionNow(trx, vorgangId),
            via: 'page',
          },
          caller,
        );
      },
    };
  }
  const seller =
    action.valueId === null
      ? undefined
      : await db.selectFrom('app_user').select('name').where('id', '=', action.valueId).executeTakeFirst();
  const name = seller?.name ?? `Nr. ${action.valueId}`;
  const preview = `Verkäufer „${name}“ eintragen`;
  const summary = `Verkäufer „${name}“ eingetragen`;
  if (subject.vorgangId === null)
    return skippedStep(preview, summary, 'Ohne Vorgang gibt es keinen Verkäufer.');
  if (subject.sellerUserId === action.valueId)
    return skippedStep(preview, summary, `${name} ist schon Verkäufer.`);
  const vorgangId = subject.vorgangId;
  return {
    preview,
    summary,
    detail: null,
    apply: async (trx) => {
      await setVorgangSeller(
        trx,
        { vorgangId, version: await versionNow(trx, vorgangId), sellerUserId: action.valueId },
        caller,
      );
    },
  };
}

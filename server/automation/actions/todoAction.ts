import { formatCompanyDate, startOfCompanyDay } from '../../../src/config/companyTime';
import { activityTypeName } from '../../../src/resources/activities/activityTypes';
import type { Static } from 'typebox';
import type { TodoAction } from '../../../src/resources/automation/automationTypes';
import { fillText } from '../../../src/resources/automation/automation.rules';
import { recordChange } from '../../platform/changes/recordChange';
import { rowSnapshot } from '../../platform/changes/rowSnapshot';
import { notify } from '../../notifications';
import { changeVorgangLabel } from '../../vorgaenge/vorgangLabels';
import { resolveRecipient, subjectLink, textValues } from '../runSubject';
import { addWorkingDays } from '../workingDays';
import { skippedStep, type StepContext, type StepPlan } from './stepPlan';

/** A planned activity shows on its due day at this hour (a planned Aufmaß is a Termin on Mein Tag). */
const PLANNED_HOUR = 9;

const firstLine = (text: string) => text.split('\n')[0]!.trim().slice(0, 80);

/**
 * A todo for the Verkäufer, the Betreuer, the branch lead or a named person, due in N working days of the
 * record's region: an open activity (Todos) or a due label on the Vorgang (Fällige Labels), with a text from
 * the template; the person is told in the app.
 */
export async function planTodo(context: StepContext, action: Static<typeof TodoAction>): Promise<StepPlan> {
  const { db, subject, zone, caller } = context;
  const text = fillText(
    action.text,
    textValues(subject, context.automation.name, context.run.occurrence),
  ).trim();
  const title = firstLine(text);
  const preview = `Todo „${title}“ anlegen`;
  const summary = `Todo „${title}“ angelegt`;
  const person = await resolveRecipient(db, subject, action.recipient);
  if ('missing' in person) return skippedStep(preview, summary, person.missing);
  const due = addWorkingDays(context.today, action.dueInWorkingDays, subject.holidayRegion);
  const detail = `für ${person.name}, fällig am ${formatCompanyDate(due, zone)}`;
  const tellPerson = (trx: Parameters<typeof notify>[0]) =>
    notify(trx, [
      {
        userId: person.userId,
        kind: 'todo',
        title: `Neues Todo: ${title}`,
        body: `${subject.vorgangNumber ?? subject.customerName} · fällig am ${formatCompanyDate(due, zone)}`,
        link: subjectLink(subject),
        vorgangId: subject.vorgangId,
        customerId: subject.customerId,
      },
    ]);

  if (action.todoKind === 'label') {
    if (subject.vorgangId === null) return skippedStep(preview, summary, 'Ohne Vorgang gibt es kein Label.');
    const labelId = action.labelId;
    const label =
      labelId === null
        ? undefined
        : await db.selectFrom('label').select('name').where('id', '=', labelId).executeTakeFirst();
    if (!label || labelId === null) return skippedStep(preview, summary, 'Das Label gibt es nicht mehr.');
    const labelPreview = `Label „${label.name}“ (fällig) setzen`;
    const labelSummary = `Label „${label.name}“ gesetzt`;
    const has = await db
      .selectFrom('vorgang_label')
      .select('label_id')
      .where('vorgang_id', '=', subject.vorgangId)
      .where('label_id', '=', labelId)
      .executeTakeFirst();
    if (has)
      return skippedStep(labelPreview, labelSummary, `Der Vorgang hat das Label „${label.name}“ schon.`);
    return {
      preview: labelPreview,
      summary: labelSummary,
      detail,
      apply: async (trx) => {
        const vorgangId = subject.vorgangId!;
        const current = await trx
          .selectFrom('vorgang')
          .select('version')
          .where('id', '=', vorgangId)
          .executeTakeFirstOrThrow();
        await changeVorgangLabel(
          trx,
          { vorgangId, version: current.version, labelId, action: 'add', dueDate: due },
          caller,
          zone,
        );
        await tellPerson(trx);
      },
    };
  }
  return {
    preview: `${preview} (${activityTypeName(action.activityType)})`,
    summary,
    detail,
    apply: async (trx) => {
      const at = new Date(startOfCompanyDay(due, zone).getTime() + PLANNED_HOUR * 3_600_000);
      const { id } = await trx
        .insertInto('activity')
        .values({
          customer_id: subject.customerId,
          vorgang_id: subject.vorgangId,
          activity_type: action.activityType,
          activity_date: at,
          due_date: due,
          done: false,
          note: text,
          user_id: person.userId,
          updated_by: caller.name,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordChange(trx, {
        actor: caller,
        area: 'aktivitaeten',
        recordId: id,
        before: null,
        after: await rowSnapshot(trx, 'activity', { id }, [
          'created_at',
          'updated_at',
          'updated_by',
          'version',
        ]),
        customerId: subject.customerId,
        vorgangId: subject.vorgangId,
      });
      await tellPerson(trx);
    },
  };
}

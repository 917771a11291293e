import { sql } from 'kysely';
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
    const { rows } = await sql<{ name: string; has: boolean }>`
      SELECT l.name, EXISTS (SELECT 1 FROM vorgang_label vl WHERE vl.vorgang_id = ${subject.vorgangId}
        AND vl.label_id = l.id) AS has
      FROM label l WHERE l.id = ${action.labelId}`.execute(db);
    const label = rows[0];
    if (!label) return skippedStep(preview, summary, 'Das Label gibt es nicht mehr.');
    const labelPreview = `Label „${label.name}“ (fällig) setzen`;
    const labelSummary = `Label „${label.name}“ gesetzt`;
    if (label.has)
      return skippedStep(labelPreview, labelSummary, `Der Vorgang hat das Label „${label.name}“ schon.`);
    return {
      preview: labelPreview,
      summary: labelSummary,
      detail,
      apply: async (trx) => {
        const vorgangId = subject.vorgangId!;
        const { rows: current } = await sql<{ version: number }>`
          SELECT version FROM vorgang WHERE id = ${vorgangId}`.execute(trx);
        await changeVorgangLabel(
          trx,
          { vorgangId, version: current[0]!.version, labelId: action.labelId!, action: 'add', dueDate: due },
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
      const { rows } = await sql<{ id: number }>`
        INSERT INTO activity (customer_id, vorgang_id, activity_type, activity_date, due_date, done, note, user_id,
          updated_by)
        VALUES (${subject.customerId}, ${subject.vorgangId}, ${action.activityType}, ${at.toISOString()}::timestamptz,
          ${due}::date, false, ${text}, ${person.userId}, ${caller.name})
        RETURNING id`.execute(trx);
      const id = rows[0]!.id;
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

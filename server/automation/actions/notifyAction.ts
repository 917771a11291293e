import type { Static } from 'typebox';
import type { NotifyAction } from '../../../src/resources/automation/automationTypes';
import { fillText } from '../../../src/resources/automation/automation.rules';
import { notify } from '../../notifications';
import { resolveRecipient, subjectLink, textValues } from '../runSubject';
import { skippedStep, type StepContext, type StepPlan } from './stepPlan';

/** Tells people in the app (the bell, live on open pages): the Verkäufer, the Betreuer, the branch lead, someone. */
export async function planNotify(
  context: StepContext,
  action: Static<typeof NotifyAction>,
): Promise<StepPlan> {
  const { db, subject } = context;
  const text = fillText(
    action.text,
    textValues(subject, context.automation.name, context.run.occurrence),
  ).trim();
  const people = new Map<number, string>();
  const missing: string[] = [];
  for (const recipient of action.recipients) {
    const person = await resolveRecipient(db, subject, recipient);
    if ('missing' in person) missing.push(person.missing);
    else people.set(person.userId, person.name);
  }
  const names = [...people.values()].join(', ');
  const preview = `Benachrichtigung „${text.slice(0, 60)}“ an ${names || 'niemanden'}`;
  const summary = `Benachrichtigung an ${names || 'niemanden'} gesendet`;
  if (people.size === 0) return skippedStep(preview, summary, missing.join(' '));
  return {
    preview,
    summary,
    detail: missing.length ? missing.join(' ') : null,
    apply: async (trx) => {
      await notify(
        trx,
        [...people.keys()].map((userId) => ({
          userId,
          kind: 'hinweis' as const,
          title: text.slice(0, 300),
          body: subject.vorgangNumber
            ? `${subject.vorgangNumber} · ${subject.customerName}`
            : subject.customerName,
          link: subjectLink(subject),
          vorgangId: subject.vorgangId,
          customerId: subject.customerId,
        })),
      );
    },
  };
}

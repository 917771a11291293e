import type { Action } from '../../../src/resources/automation/automationTypes';
import { planField } from './fieldAction';
import { planMail } from './mailAction';
import { planNotify } from './notifyAction';
import type { StepContext, StepPlan } from './stepPlan';
import { planTodo } from './todoAction';
import { planWebhook } from './webhookAction';

/** Plans one action for the run's record: the one place a real run and Simulieren decide what it does. */
export function planStep(context: StepContext, action: Action): Promise<StepPlan> {
  switch (action.kind) {
    case 'todo':
      return planTodo(context, action);
    case 'mail':
      return planMail(context, action);
    case 'feld':
      return planField(context, action);
    case 'benachrichtigung':
      return planNotify(context, action);
    case 'webhook':
      return planWebhook(context, action);
  }
}

import { createHmac } from 'node:crypto';
import type { Static } from 'typebox';
import type { WebhookAction } from '../../../src/resources/automation/automationTypes';
import { webhookUrlProblem } from '../../../src/resources/automation/automation.rules';
import { skippedStep, type StepContext, type StepPlan } from './stepPlan';

/** A receiver that does not answer within this long counts as failed (the run tries again later). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const SIGNATURE_HEADER = 'x-fenster-signatur';
export const RUN_HEADER = 'x-fenster-lauf';

/**
 * The signature of a webhook body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the action's
 * secret. The receiver computes the same and compares (and refuses old timestamps against replays).
 */
export function webhookSignature(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * POSTs the run's record as JSON to the address, signed (HMAC-SHA256, `X-Fenster-Signatur`) and named by the run
 * (`X-Fenster-Lauf`, the same on every retry: a receiver dedupes by it). Anything but a 2xx answer in time is
 * a failure, and the run tries this step again with backoff. Ids and numbers only, no personal data.
 */
export async function planWebhook(
  context: StepContext,
  action: Static<typeof WebhookAction>,
): Promise<StepPlan> {
  const { subject, automation, run } = context;
  const host = URL.canParse(action.url) ? new URL(action.url).host : action.url;
  const preview = `Webhook an ${host} senden`;
  const summary = `Webhook an ${host} gesendet`;
  const problem = webhookUrlProblem(action.url);
  if (problem) return skippedStep(preview, summary, problem);
  return {
    preview,
    summary,
    detail: null,
    send: async () => {
      const body = JSON.stringify({
        event: 'automatisierung.lauf',
        automation: { id: automation.id, name: automation.name },
        run: { id: run.id, occurrence: run.occurrence },
        vorgang:
          subject.vorgangId === null
            ? null
            : {
                id: subject.vorgangId,
                number: subject.vorgangNumber,
                customStatusId: subject.customStatusId,
                netTotalCents: subject.netTotalCents,
                sellerUserId: subject.sellerUserId,
                branchId: subject.branchId,
              },
        customer: { id: subject.customerId },
        sentAt: new Date().toISOString(),
      });
      const response = await fetch(action.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: webhookSignature(action.secret, body, Math.floor(Date.now() / 1000)),
          [RUN_HEADER]: String(run.id),
        },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      }).catch((error: unknown) => {
        const reason =
          error instanceof Error
            ? error.cause instanceof Error
              ? error.cause.message
              : error.message
            : String(error);
        throw new Error(`Webhook an ${host} nicht erreichbar: ${reason}`);
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`Webhook an ${host} antwortete mit ${response.status}.`);
      return `Antwort ${response.status}`;
    },
  };
}

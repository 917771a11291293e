import type { FastifyInstance } from 'fastify';
import { fillPlaceholders, unknownPlaceholders } from '../../src/resources/textTemplates/placeholders.rules';
import { placeholderValues } from './placeholderValues';
import { previewCustomer, templatesFor } from './textTemplateQueries';
import {
  getTextTemplatesForUser,
  previewTextTemplate,
} from '../../src/resources/textTemplates/textTemplates.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { withUnsubscribeFooter } from '../mail/werbungMail';

/**
 * Text templates for the person writing (the client's "get for user" call) and the preview with a real
 * customer.
 */
export function registerTextTemplateRoutes(app: FastifyInstance) {
  const { db } = app;
  endpointRoute(app, getTextTemplatesForUser, async (request) => {
    return templatesFor(db, request.caller!);
  });

  endpointRoute(app, previewTextTemplate, async (request) => {
    const { subject, body } = request.body;
    const query = request.body.customerQuery?.trim().toLowerCase() ?? '';
    const customer = await previewCustomer(db, query);
    const values = await placeholderValues(db, request.caller!, customer?.id ?? null, null, app.timeZone);
    const filled = fillPlaceholders(body, values);
    return {
      subject: fillPlaceholders(subject, values),
      // A Werbung template's mails end with the unsubscribe lines: the preview shows them as sent.
      body: request.body.purpose === 'werbung' ? withUnsubscribeFooter(filled, values.Unternehmen) : filled,
      unknown: [...new Set([...unknownPlaceholders(subject), ...unknownPlaceholders(body)])],
      customer,
    };
  });
}

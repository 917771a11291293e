import type { FastifyInstance } from 'fastify';
import { GROUPS } from '../../src/auth/groups';
import { fillPlaceholders, unknownPlaceholders } from '../../src/resources/textTemplates/placeholders.rules';
import { errorResponse, wrapped } from '../platform/http/wrapped';
import { placeholderValues } from './placeholderValues';
import { previewCustomer, templatesFor } from './textTemplateQueries';

const tags = ['Textvorlagen'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse };

/** Text templates for the person writing (SPEC §7 "get for user") and the preview with a real customer. */
export function registerTextTemplateRoutes(app: FastifyInstance) {
  const { db } = app;
  app.get(
    '/api/adminExtended/getTextTemplatesForUser',
    {
      config: { access: { groups: [GROUPS.kunde, GROUPS.adminVerkauf] } },
      schema: {
        tags,
        summary: 'Die aktiven Vorlagen, die der Aufrufer sehen darf (alle, seine Gruppen oder er persönlich)',
        response: {
          200: wrapped({
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                name: { type: 'string' },
                subject: { type: 'string' },
                body: { type: 'string' },
              },
            },
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      return templatesFor(db, request.caller!);
    },
  );

  app.post<{ Body: { subject: string; body: string; customerQuery?: string } }>(
    '/api/adminExtended/previewTextTemplate',
    {
      config: { access: { groups: [GROUPS.adminVerkauf] } },
      schema: {
        tags,
        summary:
          'Vorschau: Betreff und Text mit den Daten eines echten Kunden (Suche nach Name, Nummer, Ort …; leer: zuletzt aktiver)',
        body: {
          type: 'object',
          properties: {
            subject: { type: 'string', maxLength: 200 },
            body: { type: 'string', maxLength: 10000 },
            customerQuery: { type: 'string', maxLength: 100 },
          },
          required: ['subject', 'body'],
        },
        response: {
          200: wrapped({
            type: 'object',
            properties: {
              subject: { type: 'string' },
              body: { type: 'string' },
              unknown: { type: 'array', items: { type: 'string' } },
              customer: {
                type: ['object', 'null'],
                properties: {
                  id: { type: 'integer' },
                  name: { type: 'string' },
                  number: { type: ['string', 'null'] },
                },
              },
            },
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { subject, body } = request.body;
      const query = request.body.customerQuery?.trim().toLowerCase() ?? '';
      const customer = await previewCustomer(db, query);
      const values = await placeholderValues(db, request.caller!, customer?.id ?? null);
      return {
        subject: fillPlaceholders(subject, values),
        body: fillPlaceholders(body, values),
        unknown: [...new Set([...unknownPlaceholders(subject), ...unknownPlaceholders(body)])],
        customer,
      };
    },
  );
}

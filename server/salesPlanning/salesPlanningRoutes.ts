import type { FastifyInstance } from 'fastify';
import { GROUPS } from '../../src/auth/groups';
import { salesCurveProblems } from '../../src/resources/salesCurve/salesCurve.rules';
import { badRequest } from '../platform/http/apiError';
import { errorResponse, wrapped } from '../platform/http/wrapped';
import { readSalesCurve, saveSalesCurve } from './salesCurve';
import { salesCurveForUser } from './salesCurveForUser';
import { targetVsActual } from './targetVsActual';

const leitung = { access: { groups: [GROUPS.adminVerkauf] } };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 409: errorResponse };
const nullableString = { type: ['string', 'null'] };
const curveSchema = wrapped({
  type: 'object',
  properties: {
    shares: { type: 'array', items: { type: 'number' } },
    version: { type: 'integer' },
    updatedAt: nullableString,
    updatedBy: nullableString,
  },
});
const yearQuery = { type: 'integer', minimum: 2000, maximum: 2100 };

/** Sales curve and sales targets against actual revenue (SPEC §7 adminExtended, sales-target), APP_ADMIN_VERKAUF. */
export function registerSalesPlanningRoutes(app: FastifyInstance) {
  const { db } = app;
  app.get(
    '/api/adminExtended/getSalesCurve',
    {
      config: leitung,
      schema: {
        tags: ['Verkaufskurve'],
        summary: 'Die 12 Monatsanteile (%) am Jahresziel',
        response: { 200: curveSchema, ...errors },
      },
    },
    async () => readSalesCurve(db),
  );

  app.put<{ Body: { shares: unknown[]; version: number } }>(
    '/api/adminExtended/putSalesCurve',
    {
      config: leitung,
      attachValidation: true,
      schema: {
        tags: ['Verkaufskurve'],
        summary:
          'Alle 12 Anteile auf einmal speichern; zusammen 100 %, nur mit aktueller Version (sonst 409)',
        body: {
          type: 'object',
          properties: { shares: { type: 'array', items: {} }, version: { type: 'integer' } },
          required: ['shares', 'version'],
        },
        response: { 200: curveSchema, ...errors },
      },
    },
    async (request) => {
      const { shares, version } = request.body ?? {};
      if (!Array.isArray(shares) || !Number.isInteger(version)) {
        throw badRequest('Die Verkaufskurve braucht 12 Anteile und ihre Version.');
      }
      const problems = salesCurveProblems(shares);
      if (Object.keys(problems).length) {
        throw badRequest(problems.shares ?? 'Bitte prüfen Sie die markierten Monate.', problems);
      }
      return saveSalesCurve(db, shares as number[], version, request.caller!);
    },
  );

  app.get<{ Querystring: { userId: number; year: number } }>(
    '/api/adminExtended/getSalesCurveForUser',
    {
      config: leitung,
      schema: {
        tags: ['Verkaufskurve'],
        summary: 'Erwarteter Umsatz je Monat (Jahresziel × Kurve) und tatsächlicher Umsatz eines Verkäufers',
        querystring: {
          type: 'object',
          properties: { userId: { type: 'integer', minimum: 1 }, year: yearQuery },
          required: ['userId', 'year'],
        },
        response: {
          200: wrapped({
            type: 'object',
            properties: {
              userId: { type: 'integer' },
              year: { type: 'integer' },
              targetCents: { type: 'integer' },
              months: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    month: { type: 'integer' },
                    sharePercent: { type: 'number' },
                    expectedCents: { type: 'integer' },
                    actualCents: { type: 'integer' },
                    expectedCumulativeCents: { type: 'integer' },
                    actualCumulativeCents: { type: 'integer' },
                  },
                },
              },
            },
          }),
          ...errors,
        },
      },
    },
    async (request) => salesCurveForUser(db, request.query.userId, request.query.year),
  );

  app.get<{ Querystring: { year: number } }>(
    '/api/sales-target/getSalesTargetData',
    {
      config: leitung,
      schema: {
        tags: ['Verkaufsziele'],
        summary:
          'Soll/Ist eines Jahres: jedes Ziel mit dem Umsatz (Rechnungen abzüglich Gutschriften) und dem Soll bis heute',
        querystring: { type: 'object', properties: { year: yearQuery }, required: ['year'] },
        response: {
          200: wrapped({
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                kind: { type: 'string' },
                owner: { type: 'string' },
                productGroup: nullableString,
                targetCents: { type: 'integer' },
                actualCents: { type: 'integer' },
                expectedToDateCents: { type: 'integer' },
              },
            },
          }),
          ...errors,
        },
      },
    },
    async (request) => targetVsActual(db, request.query.year),
  );
}

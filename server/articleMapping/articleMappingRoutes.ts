import type { FastifyInstance } from 'fastify';
import { GROUPS } from '../../src/auth/groups';
import { buildMappingCache } from './buildMappingCache';
import { mappingCacheState } from './mappingCacheState';
import { mappingStatistics } from './mappingStatistics';
import { errorResponse, wrapped } from '../platform/http/wrapped';

const admin = { access: { groups: [GROUPS.admin] } };
const tags = ['Artikel-Mapping'];
const errors = { 401: errorResponse, 403: errorResponse };
const nullableString = { type: ['string', 'null'] };
const cacheState = wrapped({
  type: 'object',
  properties: {
    state: { type: 'string', enum: ['nie', 'laeuft', 'fertig', 'fehler'] },
    processed: { type: 'integer' },
    total: { type: 'integer' },
    startedAt: nullableString,
    startedBy: nullableString,
    finishedAt: nullableString,
    error: nullableString,
    outdated: { type: 'boolean' },
  },
});

/** Mapping statistics and the mapping cache build (SPEC §7 adminExtended), APP_ADMIN only. */
export function registerArticleMappingRoutes(app: FastifyInstance) {
  const { db, jobs } = app;
  app.get(
    '/api/adminExtended/getArticleMappingStatistics',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Zugeordnete und nicht zugeordnete Artikel und ihr Umsatz, je Produktgruppe (laut Cache)',
        response: {
          200: wrapped({
            type: 'object',
            properties: {
              articles: {
                type: 'object',
                properties: { total: { type: 'integer' }, mapped: { type: 'integer' } },
              },
              revenueCents: {
                type: 'object',
                properties: { total: { type: 'integer' }, mapped: { type: 'integer' } },
              },
              groups: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    productGroupId: { type: ['integer', 'null'] },
                    name: { type: 'string' },
                    articles: { type: 'integer' },
                    revenueCents: { type: 'integer' },
                  },
                },
              },
              builtAt: nullableString,
            },
          }),
          ...errors,
        },
      },
    },
    async () => mappingStatistics(db),
  );

  app.get(
    '/api/adminExtended/getArticleMappingCacheState',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Stand des Mapping-Cache: letzter Aufbau (auch eines anderen Servers), Fortschritt, Fehler',
        response: { 200: cacheState, ...errors },
      },
    },
    async () => mappingCacheState(db),
  );

  app.post(
    '/api/adminExtended/buildArticleMappingCache',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Mapping-Cache im Hintergrund neu aufbauen; läuft schon ein Aufbau (auf irgendeinem Server): 409',
        response: { 200: cacheState, 409: errorResponse, ...errors },
      },
    },
    async (request) => {
      await jobs.start(
        'article_mapping_cache_job',
        request.caller!,
        'Der Mapping-Cache wird gerade schon aufgebaut. Bitte warten Sie, bis dieser Aufbau fertig ist.',
        (_jobId, report) => buildMappingCache(db, report),
      );
      return mappingCacheState(db);
    },
  );
}

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sharedSchemaCompilers } from '../../server/platform/http/sharedSchemaCompilers';

// New schema objects each time, as buildApp makes them for every app.
const query = () => ({
  type: 'object',
  properties: { page: { type: 'integer', minimum: 1 } },
  required: ['page'],
});
const answer = () => ({ type: 'object', properties: { name: { type: 'string' } } });
const route = { method: 'GET', url: '/liste' };

/** An app with one route whose query and answer have schemas. */
async function appWith(coerceTypes: 'array' | false) {
  const app = Fastify({
    ajv: { customOptions: { coerceTypes, removeAdditional: false } },
    schemaController: { compilersFactory: sharedSchemaCompilers },
  });
  app.get('/liste', { schema: { querystring: query(), response: { 200: answer() } } }, async (request) => ({
    name: `Seite ${String((request.query as { page: unknown }).page)}`,
    notInTheAnswer: 'x',
  }));
  await app.ready();
  return app;
}

describe('schema compilers shared by the apps of one process', () => {
  it('hand a later app what an earlier one compiled for an equal schema', () => {
    const validators = [1, 2].map(() =>
      sharedSchemaCompilers.buildValidator({}, { customOptions: { coerceTypes: 'array' } }),
    );
    const validate = (index: number) =>
      (validators[index] as unknown as (route: object) => unknown)({
        ...route,
        httpPart: 'querystring',
        schema: query(),
      });
    expect(validate(1)).toBe(validate(0));
    const serializers = [1, 2].map(() => sharedSchemaCompilers.buildSerializer({}, {}));
    const serialize = (index: number) =>
      serializers[index]!({ ...route, httpStatus: '200', schema: answer() });
    expect(serialize(1)).toBe(serialize(0));
  });

  it('still validate and serialize each app by its own schema and options', async () => {
    const coercing = await appWith('array');
    const strict = await appWith(false);
    try {
      const good = await coercing.inject({ method: 'GET', url: '/liste?page=2' });
      expect(good.statusCode).toBe(200);
      // The answer's schema leaves out what it does not name.
      expect(good.json()).toEqual({ name: 'Seite 2' });
      expect((await coercing.inject({ method: 'GET', url: '/liste?page=0' })).statusCode).toBe(400);
      // Without type coercion the query's "2" is no integer: the other app's validator is not reused.
      expect((await strict.inject({ method: 'GET', url: '/liste?page=2' })).statusCode).toBe(400);
    } finally {
      await coercing.close();
      await strict.close();
    }
  });
});

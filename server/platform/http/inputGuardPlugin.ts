import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './apiError';

const NUL = '\u0000';

/**
 * How deep a request's JSON may nest. The deepest real body (a Vorgang's positions, a list filter) is
 * about five levels; code that walks a value recursively (ours, yup, the serializer) would overflow the
 * stack on a body nested thousands deep, so such a body is refused before anything walks it.
 */
export const MAX_INPUT_DEPTH = 32;

export type InputProblem = { kind: 'nul' | 'depth'; path: string };

const child = (at: string, key: string | number) =>
  typeof key === 'number' ? `${at}[${key}]` : at ? `${at}.${key}` : key;

/**
 * The first problem in a request value: a text or key containing a NUL byte (its path, `items[2].text`),
 * or nesting deeper than MAX_INPUT_DEPTH. Walks with its own stack, so a deep value cannot overflow it.
 */
export function inputProblemIn(value: unknown): InputProblem | undefined {
  const pending: { value: unknown; at: string; depth: number }[] = [{ value, at: '', depth: 0 }];
  while (pending.length) {
    const { value: current, at, depth } = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return { kind: 'nul', path: at || 'Wert' };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_INPUT_DEPTH) return { kind: 'depth', path: at || 'Wert' };
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    // Reversed onto the stack, so the first field is looked at first (the message names it).
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      if (typeof key === 'string' && key.includes(NUL)) return { kind: 'nul', path: child(at, key) };
      pending.push({ value: item, at: child(at, key), depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Refuses, with a German 400 naming the field, a NUL byte anywhere in an API request's path parameters,
 * query or JSON body (PostgreSQL cannot store it in text; it answered with a 500 before) and a body
 * nested deeper than any form sends. One hook for every route, declared or generated, present and future.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config?.access) return;
    for (const [part, value] of [
      ['Pfad', request.params],
      ['Parameter', request.query],
      ['Anfrage', request.body],
    ] as const) {
      const problem = inputProblemIn(value);
      if (!problem) continue;
      if (problem.kind === 'nul') {
        const message = `${problem.path}: Der Wert enthält ein unzulässiges Nullzeichen (${part}).`;
        throw badRequest(message, { [problem.path]: message });
      }
      // Named at its top-level field: the path itself is as long as the nesting.
      const field = problem.path.split(/[.[]/)[0] || 'Wert';
      const message = `${field}: Der Wert ist zu tief verschachtelt (höchstens ${MAX_INPUT_DEPTH} Ebenen, ${part}).`;
      throw badRequest(message, { [field]: message });
    }
  });
});

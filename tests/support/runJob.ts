import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { JobKind } from '../../server/platform/jobs/defineJob';

/** Runs one job of `kind` here and now, as an instance's worker would (a periodic job's turn without waiting). */
export function runJobOnce<Data extends object>(
  kind: JobKind<Data>,
  app: FastifyInstance,
  data: Data = {} as Data,
): Promise<unknown> {
  return kind.run(data, {
    app,
    jobId: randomUUID(),
    retryCount: 0,
    lastTry: true,
    signal: new AbortController().signal,
  });
}

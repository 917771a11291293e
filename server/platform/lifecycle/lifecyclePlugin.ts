import fp from 'fastify-plugin';

/** Where this instance is in its life: serving, or draining before it stops (readiness answers 503). */
export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** Provides `app.lifecycle`, which shutdown sets and the readiness check reads. */
export const lifecyclePlugin = fp(async (app) => {
  app.decorate('lifecycle', { draining: false });
});

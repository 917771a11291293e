import type { FastifyInstance } from 'fastify';
import { defineJob } from '../platform/jobs/defineJob';
import { anyoneConnected } from './connectionQueries';
import { contextOf, type Microsoft365Context } from './microsoft365Context';
import type { Microsoft365Options } from './microsoft365Options';

/** Lanes in one run: each mailbox has four slots at Graph, so four people (or one first sync) go side by side. */
const LANES = 4;
/** A run works this long (the next minute's run takes over), so a change is through within seconds. */
const WATCH_MS = 50_000;

/** One job's work: `lanes` loops side by side, each taking rounds until it finds nothing, time is up or the instance closes. */
async function runLanes(options: {
  lanes: number;
  until: number;
  stopping: () => boolean;
  /** One round; false when nothing was due. */
  round: () => Promise<boolean>;
  /** When nothing was due: how long to wait before looking again, or null to end the lane. */
  idle: () => Promise<number | null>;
}): Promise<number> {
  let rounds = 0;
  const lane = async () => {
    while (!options.stopping() && Date.now() < options.until) {
      if (await options.round()) {
        rounds += 1;
        continue;
      }
      const wait = await options.idle();
      if (wait === null) return;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(wait, Math.max(0, options.until - Date.now()))),
      );
    }
  };
  await Promise.all(Array.from({ length: options.lanes }, lane));
  return rounds;
}

/**
 * A Microsoft 365 job that runs every minute, one at a time across instances, and for most of the minute works
 * `round`s in four lanes; while nobody is connected a lane ends at its first idle round, else it looks again
 * after `pollMs`. Answers how many rounds did work.
 */
export function defineLaneJob(spec: {
  name: string;
  label: string;
  /** How long an idle lane waits before it looks again while someone is connected. */
  pollMs: (options: Microsoft365Options) => number;
  /** One round; false when nothing was due. */
  round: (context: Microsoft365Context, app: FastifyInstance) => Promise<boolean>;
}) {
  return defineJob({
    name: spec.name,
    label: spec.label,
    schedule: '* * * * *',
    policy: 'singleton',
    expireInSeconds: 5 * 60,
    retryLimit: 1,
    retryDelaySeconds: 10,
    // A prompt sent while a run was ending waits queued behind it: take it at once, not after the next poll.
    drainBacklog: true,
    run: async (_data, { app }) => {
      const context = contextOf(app);
      if (!context) return { rounds: 0 };
      const rounds = await runLanes({
        lanes: LANES,
        until: Date.now() + WATCH_MS,
        stopping: context.stopping,
        round: () => spec.round(context, app),
        idle: async () => ((await anyoneConnected(context.db)) ? spec.pollMs(context.options) : null),
      });
      return { rounds };
    },
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob } from '../../../server/platform/jobs/defineJob';
import { JobQueue } from '../../../server/platform/jobs/jobQueue';
import { createTestApp, type TestApp } from '../../support/testApp';

/** A queue of many short jobs: its workers go from one job to the next, not one per poll. */
describe('a job kind with drainBacklog', () => {
  let t: TestApp;
  let queue: JobQueue;
  const done: number[] = [];
  // Polling once a minute: within the test only a wake or the backlog rule makes a worker look.
  const backlogJob = defineJob<{ n: number }>({
    name: 'test.backlog',
    label: 'Test: Rückstand abarbeiten',
    concurrency: 2,
    pollSeconds: 60,
    drainBacklog: true,
    run: async ({ n }) => {
      done.push(n);
    },
  });

  beforeAll(async () => {
    t = await createTestApp();
    queue = new JobQueue(t.db, t.app, { cronMonitorSeconds: 30 });
    queue.register(backlogJob);
    await queue.start();
  });
  afterAll(async () => {
    await queue?.drain(5_000);
    await t?.close();
  });

  it('works a backlog through after one wake, every worker from job to job', async () => {
    // The workers' first look at start found nothing; now twelve jobs, and one wake (as the queuing instance does).
    await queue.sendMany(
      backlogJob,
      Array.from({ length: 12 }, (_, n) => ({ n })),
    );
    queue.wake(backlogJob);
    await expect.poll(() => done.length, { timeout: 15_000, interval: 100 }).toBe(12);
    expect(new Set(done).size).toBe(12);
  });
});

/** One job's work: `lanes` loops side by side, each taking rounds until it finds nothing, time is up or the instance closes. */
export async function runLanes(options: {
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

/**
 * Waits for the next clock minute when fewer than `neededSeconds` of this one are left: for a test of a limit that
 * counts per fixed minute from :00 (rate limits, the automation cap), whose hits must all fall into one minute,
 * also on a busy machine.
 */
export async function withinOneMinute(neededSeconds: number): Promise<void> {
  const now = new Date();
  const left = 60 - now.getSeconds() - now.getMilliseconds() / 1000;
  if (left < neededSeconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 200));
}

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

/**
 * The timeout of a test that calls `withinOneMinute(neededSeconds)`: its wait (up to `neededSeconds`) on top of
 * the API project's 30 s for the test's own work. Without it a test started late in a minute ran out of time
 * while still waiting (CI: the mail limit's wait of 29 s, then 31 sends, against 30 s).
 */
export const minuteWaitTimeout = (neededSeconds: number): number => (neededSeconds + 30) * 1000;

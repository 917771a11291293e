// Waits until an instance's readiness check answers 200 (systemd's ExecStartPost, rolling-update.sh):
//   node deploy/systemd/wait-ready.mjs http://127.0.0.1:3101/api/health/ready [seconds, default 180]
// Exits 0 once ready, 1 when the time is up (with the last answer). Plain JavaScript, no dependencies.
const [url, seconds = '180'] = process.argv.slice(2);
if (!url) {
  console.error('Aufruf: wait-ready.mjs <Adresse von /api/health/ready> [Sekunden]');
  process.exit(2);
}
const deadline = Date.now() + Number(seconds) * 1000;
for (;;) {
  let last;
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (answer.ok) process.exit(0);
    last = `${answer.status} ${(await answer.text()).slice(0, 200)}`;
  } catch (error) {
    last = error instanceof Error ? (error.cause?.code ?? error.message) : String(error);
  }
  if (Date.now() > deadline) {
    console.error(`${url} ist nach ${seconds} s nicht bereit (zuletzt: ${last}).`);
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}

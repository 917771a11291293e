// `npm test`: type check, ESLint, Prettier and the build side by side (each waits on the disk or on one
// core for part of its time), then every Vitest project; prints how long each step took, so that the next
// slowdown of the suite shows in the CI log of the commit that caused it. Arguments go to Vitest
// (`npm test -- --project unit`).
import { spawn } from 'node:child_process';

/** Runs `command` with its output kept, resolving to its exit code, output and seconds taken. */
function run(name, command) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, env: { ...process.env, FORCE_COLOR: '1' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) =>
      resolve({
        name,
        code: code ?? 1,
        output: Buffer.concat(output),
        seconds: (Date.now() - started) / 1000,
      }),
    );
  });
}

/** Runs `command` with its output passed straight through (the long test run, read as it goes). */
function runVisible(name, command) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit' });
    child.on('close', (code) => resolve({ name, code: code ?? 1, seconds: (Date.now() - started) / 1000 }));
  });
}

const seconds = (value) => `${value.toFixed(1).replace('.', ',')} s`;
const times = [];

const checks = await Promise.all(
  [
    run('Typprüfung', 'npx tsc -p tsconfig.json --noEmit'),
    run('ESLint', 'npx eslint .'),
    run('Prettier', 'npx prettier --check .'),
    run('Build', 'npx vite build'),
  ].map((step) =>
    step.then((result) => {
      process.stdout.write(`\n── ${result.name} (${seconds(result.seconds)}, Exit ${result.code}) ──\n`);
      process.stdout.write(result.output);
      return result;
    }),
  ),
);
times.push(...checks);

const failed = checks.filter((step) => step.code !== 0);
if (!failed.length)
  times.push(await runVisible('Vitest', ['npx vitest run', ...process.argv.slice(2)].join(' ')));

console.log('\nZeit je Schritt von npm test:');
for (const step of times)
  console.log(`  ${step.name.padEnd(12)} ${seconds(step.seconds).padStart(9)}  Exit ${step.code}`);
const bad = times.filter((step) => step.code !== 0);
if (bad.length) {
  console.error(`\nFehlgeschlagen: ${bad.map((step) => step.name).join(', ')}`);
  process.exit(1);
}
